import Foundation
import JourneyCore
import JourneyFormat

/// One MobileFirst run's client: its key, its registration, and the offset to the server's clock.
final class MobileFirstSession {
    let spec: MobileFirstSpec
    let key: MobileFirstKey
    /// `{base}/api`: the runtime's API root (the script's server URL is the runtime context, e.g. `https://host/mfp`).
    let apiRoot: String
    let deviceId: String
    var clientId: String?
    /// Milliseconds to add to the run's clock for the server's (learnt from `clockSynchronization`).
    var clockOffsetMilliseconds = 0
    /// The client registered again after `INVALID_CLIENT_ID` (the SDKs do it once).
    var reregistered = false

    init(spec: MobileFirstSpec, key: MobileFirstKey, baseURL: String, deviceId: String) {
        self.spec = spec
        self.key = key
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.apiRoot = base + "/api"
        self.deviceId = deviceId
    }

    func url(_ path: String) -> String { apiRoot + path }

    /// The registration payload (challenges.md §1.3): device, application, SDK protocol version.
    var registrationPayload: JSONValue {
        let application = spec.application
        return [
            "device": [
                "id": .string(deviceId), "platform": .string(application.platform), "hardware": "journey",
                "deviceDisplayName": "journey",
            ],
            "application": [
                "id": .string(application.id), "clientPlatform": .string(application.platform),
                "version": .string(application.version),
            ],
            "attributes": ["sdk_protocol_version": 1],
        ]
    }

    /// The client assertion's `iss`: `<appId>$<platform>$<appVersion>`, as native SDKs send it.
    var issuer: String { "\(spec.application.id)$\(spec.application.platform)$\(spec.application.version)" }

    /// The client id from a registration's `Location: …/registration/clients/<id>`.
    static func clientId(fromLocation location: String) -> String? {
        let path = location.split(separator: "?").first.map(String.init) ?? location
        guard let last = path.split(separator: "/").last, !last.isEmpty else { return nil }
        return String(last)
    }

    /// The `code` (or `error`) query parameter of the authorization redirect's Location.
    static func queryValue(_ name: String, in url: String) -> String? {
        URLComponents(string: url)?.queryItems?.first(where: { $0.name == name })?.value
    }
}
