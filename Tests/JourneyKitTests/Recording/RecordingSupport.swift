import Foundation
import JourneyCore
import JourneyTestSupport
import Synchronization

@testable import JourneyFormat
@testable import JourneyRecording
@testable import JourneyRun

/// Shared helpers for the recording tests: fixture paths, scripts from text, and a tiny
/// in-memory AM that the recording tests record from.
enum RecordingSupport {
    static let fixtures = Repository.fixtures.appendingPathComponent("har")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    static func compile(_ text: String, name: String = "script.yaml") throws -> CompiledJourney {
        let path = try TemporaryFiles.file(name, text)
        return try JourneyCompiler.compile(try ScriptLoader.load(path: path))
    }

    static func replay(_ journey: CompiledJourney, from recording: Recording, environment: [String: String] = [:]) async
        -> JourneyResult
    {
        let configuration = ReplaySource.configuration(
            replaying: recording, script: journey.script, base: RunConfiguration(environment: environment))
        return await JourneyDriver.run(journey, configuration: configuration)
    }
}

/// A two-step AM login (Name + Password, then success or 401) with a HiddenValueCallback
/// carrying a nonce, a session cookie, and `?suspendedId=` accepted on start.
enum FakeAM {
    /// The login as a scripted transport, which keeps the requests.
    static func transport(password: String) -> ScriptedTransport {
        ScriptedTransport { request, _ in answer(request, password: password) }
    }

    static func answer(_ request: TransportRequest, password: String) -> TransportResponse {
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
