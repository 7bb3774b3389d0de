import Foundation

/// A journey's end with success: `tokenId` is absent when the journey ran with `noSession`.
package struct AMSuccess: Sendable, Hashable {
    package var tokenId: String?
    package var successUrl: String?
    package var realm: String?
    package var extra: [String: JSONValue]

    package init(tokenId: String?, successUrl: String?, realm: String?, extra: [String: JSONValue] = [:]) {
        self.tokenId = tokenId
        self.successUrl = successUrl
        self.realm = realm
        self.extra = extra
    }

    package var json: JSONValue {
        var object = extra
        if let tokenId { object["tokenId"] = .string(tokenId) }
        if let successUrl { object["successUrl"] = .string(successUrl) }
        if let realm { object["realm"] = .string(realm) }
        return .object(object)
    }
}

/// A CREST error body: `{"code", "reason", "message", "detail"}`.
package struct AMError: Sendable, Hashable {
    package var code: Int
    package var reason: String
    package var message: String
    package var detail: [String: JSONValue]?

    package init(code: Int, reason: String, message: String, detail: [String: JSONValue]? = nil) {
        self.code = code
        self.reason = reason
        self.message = message
        self.detail = detail
    }

    package init?(json: JSONValue) {
        guard let code = json["code"]?.intValue else { return nil }
        self.code = code
        self.reason = json["reason"]?.stringValue ?? ""
        self.message = json["message"]?.stringValue ?? ""
        self.detail = json["detail"]?.objectValue
    }

    package var json: JSONValue {
        var object: [String: JSONValue] = ["code": .int(code), "reason": .string(reason), "message": .string(message)]
        if let detail { object["detail"] = .object(detail) }
        return .object(object)
    }

    /// AM's own journey timeout: 401 "Session has timed out" with `detail.errorCode` "110".
    package var isSessionTimeout: Bool {
        code == 401 && detail?["errorCode"]?.displayText == "110"
    }

    package static func loginFailure(failureUrl: String? = "") -> AMError {
        AMError(
            code: 401, reason: "Unauthorized", message: "Login failure",
            detail: failureUrl.map { ["failureUrl": .string($0)] })
    }

    package static let sessionTimeout = AMError(
        code: 401, reason: "Unauthorized", message: "Session has timed out", detail: ["errorCode": "110"])

    package static let noConfiguration = AMError(code: 400, reason: "Bad Request", message: "No Configuration found")
}

/// The three shapes an authenticate response can take.
package enum AMResponseBody: Sendable, Hashable {
    case step(AMStep)
    case success(AMSuccess)
    case failure(AMError)

    /// Classifies a parsed body as the SDKs do: `authId` means a step; a body with a numeric
    /// `code` >= 400 is a CREST error whatever the HTTP status (some servers answer a rejected
    /// login HTTP 200); another 2xx is success; otherwise a CREST error. `nil` when a non-2xx
    /// body is not a CREST error.
    package init?(status: Int, json: JSONValue) {
        if let step = AMStep(json: json) {
            self = .step(step)
        } else if let error = AMError(json: json), error.code >= 400 {
            self = .failure(error)
        } else if (200..<300).contains(status), case .object(var object) = json {
            let tokenId = object.removeValue(forKey: "tokenId")?.stringValue
            let successUrl = object.removeValue(forKey: "successUrl")?.stringValue
            let realm = object.removeValue(forKey: "realm")?.stringValue
            self = .success(AMSuccess(tokenId: tokenId, successUrl: successUrl, realm: realm, extra: object))
        } else if let error = AMError(json: json) {
            self = .failure(error)
        } else {
            return nil
        }
    }
}
