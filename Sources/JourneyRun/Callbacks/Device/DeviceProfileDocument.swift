import JourneyCore

/// The default DeviceProfileCallback answer: what the SDKs collect, with neutral values for a
/// command-line runner. `metadata` only when the node asks for it, likewise `location`.
enum DeviceProfileDocument {
    static func make(identifier: String, metadata: Bool, location: Bool) -> JSONValue {
        var document: [String: JSONValue] = ["identifier": .string(identifier), "version": "1.0"]
        if metadata {
            document["metadata"] = [
                "platform": [
                    "platform": "journey", "version": "1.0", "device": "journey", "deviceName": "journey",
                    "model": "journey", "brand": "journey", "locale": "en_US", "timeZone": "UTC", "jailBreakScore": 0,
                ],
                "hardware": [
                    "hardware": "journey", "manufacturer": "journey", "storage": 0, "memory": 0, "cpu": 1,
                    "display": ["width": 0, "height": 0, "orientation": 1], "camera": ["numberOfCameras": 0],
                ],
                "browser": ["userAgent": "journey"],
                "bluetooth": ["supported": false],
                "network": ["connected": true],
                "telephony": ["networkCountryIso": "", "carrierName": ""],
            ]
        }
        if location {
            document["location"] = ["latitude": 0.0, "longitude": 0.0]
        }
        return .object(document)
    }
}
