import Foundation
import JourneyCore
import JourneyRun

/// A two-step AM login (Name + Password, then success or 401) with a HiddenValueCallback
/// carrying a nonce, a session cookie, and `?suspendedId=` accepted on start.
package enum FakeAM {
    /// The login as a scripted transport, which keeps the requests.
    package static func transport(password: String) -> ScriptedTransport {
        ScriptedTransport { request, _ in answer(request, password: password) }
    }

    package static func answer(_ request: TransportRequest, password: String) -> TransportResponse {
        let json = request.body.flatMap { try? JSONValue.parse($0) }
        guard let authId = json?["authId"]?.stringValue else {
            let step: JSONValue = [
                "authId": .string("auth-\(UUID().uuidString)"),
                "stage": "UsernamePassword",
                "callbacks": [
                    [
                        "type": "NameCallback", "output": [["name": "prompt", "value": "User Name"]],
                        "input": [["name": "IDToken1", "value": ""]], "_id": 0,
                    ],
                    [
                        "type": "PasswordCallback", "output": [["name": "prompt", "value": "Password"]],
                        "input": [["name": "IDToken2", "value": ""]], "_id": 1,
                    ],
                    [
                        "type": "HiddenValueCallback",
                        "output": [
                            ["name": "value", "value": .string("nonce-\(UUID().uuidString)")],
                            ["name": "id", "value": "clientNonce"],
                        ], "input": [["name": "IDToken3", "value": ""]], "_id": 2,
                    ],
                ],
            ]
            return TransportResponse(
                status: 200,
                headers: [
                    HeaderField("Content-Type", "application/json"), HeaderField("Set-Cookie", "amlbcookie=07; Path=/"),
                ],
                body: step.encoded)
        }
        _ = authId
        let inputs = (json?["callbacks"]?.arrayValue ?? []).flatMap { $0["input"]?.arrayValue ?? [] }
        let sent = Dictionary(
            inputs.map { ($0["name"]?.stringValue ?? "", $0["value"]?.displayText ?? "") },
            uniquingKeysWith: { a, _ in a })
        if sent["IDToken2"] == password {
            let token = "token-\(UUID().uuidString)"
            return TransportResponse(
                status: 200,
                headers: [
                    HeaderField("Content-Type", "application/json"),
                    HeaderField("Set-Cookie", "iPlanetDirectoryPro=\(token); Path=/; HttpOnly"),
                ],
                body: JSONValue.object(["tokenId": .string(token), "successUrl": "/am/console", "realm": "/alpha"])
                    .encoded)
        }
        return TransportResponse(
            status: 401, headers: [HeaderField("Content-Type", "application/json")],
            body: AMError.loginFailure().json.encoded)
    }
}
