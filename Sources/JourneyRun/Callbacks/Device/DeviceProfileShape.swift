import JourneyCore
import JourneyFormat

/// The documents each profile sends: the same members, with fixed values for a command-line
/// runner and the run's device identifier.
extension DeviceProfileShape {
    static let location: JSONValue = ["latitude": 48.8566, "longitude": 2.3522]

    /// The document for a callback asking for `metadata` and `location`.
    func document(identifier: String, metadata: Bool, location: Bool) -> JSONValue {
        var document: [String: JSONValue] = ["identifier": .string(formatted(identifier))]
        if self != .browser { document["version"] = "1.0" }
        if metadata { document["metadata"] = self.metadata }
        if location { document["location"] = Self.location }
        return .object(document)
    }

    /// The JavaScript SDK's identifier is three random 32-bit numbers joined by `-`; the mobile
    /// SDKs send a hex digest. Both are made from the run's hex identifier.
    private func formatted(_ hex: String) -> String {
        guard self == .browser else { return hex }
        let bytes = Array(hex.utf8)
        return stride(from: 0, to: 24, by: 8).map { start -> String in
            let end = min(start + 8, bytes.count)
            let chunk = start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
            return String(UInt32(chunk, radix: 16) ?? 0)
        }.joined(separator: "-")
    }

    private var metadata: JSONValue {
        switch self {
        case .browser:
            let userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) journey"
            return [
                "hardware": [
                    "cpuClass": nil, "deviceMemory": 8, "hardwareConcurrency": 8, "maxTouchPoints": 0, "oscpu": nil,
                    "display": ["width": 1920, "height": 1080, "pixelDepth": 24, "angle": 0],
                ],
                "browser": [
                    "userAgent": .string(userAgent), "appName": "Netscape", "appCodeName": "Mozilla",
                    "appVersion": .string(String(userAgent.dropFirst("Mozilla/".count))), "appMinorVersion": nil,
                    "buildID": nil, "product": "Gecko", "productSub": "20030107", "vendor": "Google Inc.",
                    "vendorSub": "", "browserLanguage": nil, "plugins": "",
                ],
                "platform": [
                    "language": "en-US", "platform": "Linux x86_64", "userLanguage": nil, "systemLanguage": nil,
                    "deviceName": "Linux (Browser)", "fonts": "", "timezone": 0,
                ],
            ]
        case .ios:
            return [
                "platform": [
                    "platform": "iOS", "version": "17.5", "device": "iPhone", "deviceName": "journey",
                    "model": "iPhone15,2", "brand": "Apple", "locale": "en", "timezone": "UTC", "jailbreakScore": 0,
                ],
                "hardware": [
                    "cpu": 6, "manufacturer": "Apple", "storage": 122_070, "memory": 5_928,
                    "display": ["width": 393, "height": 852, "orientation": 1], "camera": ["numberOfCameras": 3],
                ],
                "browser": ["userAgent": "journey/1.0 CFNetwork/1496.0.7 Darwin/23.5.0"],
                "bluetooth": ["supported": true],
                "network": ["connected": true],
                "telephony": ["networkCountryIso": "us", "carrierName": "journey"],
            ]
        case .android:
            return [
                "platform": [
                    "platform": "Android", "version": 34, "device": "emu64x", "deviceName": "journey",
                    "model": "sdk_gphone64_x86_64", "brand": "google", "locale": "en_US", "timeZone": "UTC",
                    "jailBreakScore": 0,
                ],
                "hardware": [
                    "hardware": "ranchu", "manufacturer": "Google", "storage": 5_951, "memory": 1_982, "cpu": 4,
                    "display": ["width": 1080, "height": 2400, "orientation": 1], "camera": ["numberOfCameras": 2],
                ],
                "browser": [
                    "userAgent": "Dalvik/2.1.0 (Linux; U; Android 14; sdk_gphone64_x86_64 Build/UE1A.230829.036)"
                ],
                "bluetooth": ["supported": true],
                "network": ["connected": true],
                "telephony": ["networkCountryIso": "us", "carrierName": "journey"],
            ]
        }
    }
}
