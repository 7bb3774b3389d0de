import Foundation
import JourneyCore
import Testing

@Suite struct WireModelTests {
    static func fixture(_ path: String) throws -> JSONValue {
        try JSONValue.parse(Data(contentsOf: JSONValueTests.fixtures.appendingPathComponent(path)))
    }

    @Test func aStepEchoesBackExactlyWhatCame() throws {
        for path in [
            "responses/start-username-password.json", "callbacks/CustomCallback--unknown-type.json",
            "responses/page-node-stage-header-description.json", "callbacks/ReCaptchaEnterpriseCallback.json",
        ] {
            let json = try Self.fixture(path)
            let step = try #require(AMStep(json: json))
            #expect(step.json == json, "\(path)")
        }
    }

    @Test func settingAnInputChangesOnlyThatInput() throws {
        let json = try Self.fixture("responses/start-username-password.json")
        var step = try #require(AMStep(json: json))
        let setKnown = step.callbacks[1].setInput("IDToken2", to: "secret")
        let setUnknown = step.callbacks[1].setInput("IDToken9", to: "x")
        #expect(setKnown)
        #expect(!setUnknown)
        guard case .object(var expected) = json, case .array(var callbacks)? = expected["callbacks"],
            case .object(var password) = callbacks[1]
        else {
            Issue.record("fixture shape")
            return
        }
        password["input"] = [["name": "IDToken2", "value": "secret"]]
        callbacks[1] = .object(password)
        expected["callbacks"] = .array(callbacks)
        #expect(step.json == .object(expected))
    }

    @Test func inputSuffixes() {
        #expect(AMCallback.suffix(of: "IDToken1") == "")
        #expect(AMCallback.suffix(of: "IDToken12validateOnly") == "validateOnly")
        #expect(AMCallback.suffix(of: "IDToken1token_type") == "token_type")
        #expect(AMCallback.suffix(of: "custom") == "custom")
    }

    @Test func responsesAreClassifiedAsTheSDKsDo() throws {
        let success = try Self.fixture("responses/success.json")
        let noSession = try Self.fixture("responses/success-nosession.json")
        let timeout = try Self.fixture("responses/failure-401-session-timeout.json")
        let failure = try Self.fixture("responses/failure-401-login-failure.json")
        let noConfig = try Self.fixture("responses/failure-400-no-configuration.json")
        guard case .success(let s)? = AMResponseBody(status: 200, json: success) else {
            Issue.record("success")
            return
        }
        #expect(s.tokenId != nil && s.realm == "/alpha")
        guard case .success(let n)? = AMResponseBody(status: 200, json: noSession) else {
            Issue.record("noSession")
            return
        }
        #expect(n.tokenId == nil)
        guard case .failure(let t)? = AMResponseBody(status: 401, json: timeout) else {
            Issue.record("timeout")
            return
        }
        #expect(t.isSessionTimeout)
        guard case .failure(let f)? = AMResponseBody(status: 401, json: failure) else {
            Issue.record("failure")
            return
        }
        #expect(!f.isSessionTimeout && f.message == "Login failure")
        guard case .failure(let c)? = AMResponseBody(status: 400, json: noConfig) else {
            Issue.record("400")
            return
        }
        #expect(c == AMError.noConfiguration)
        #expect(AMResponseBody(status: 500, json: ["unexpected": true]) == nil)
    }

    @Test("an error body answered HTTP 200 is a failure with its code, not a success without a session")
    func errorBodyInHTTP200IsAFailure() throws {
        let failure = try Self.fixture("responses/failure-401-login-failure.json")
        guard case .failure(let error)? = AMResponseBody(status: 200, json: failure) else {
            Issue.record("a 401 body with HTTP 200 was not classified as a failure")
            return
        }
        #expect(error.code == 401 && error.message == "Login failure")
        let unauthorized: JSONValue = ["code": 401, "reason": "Unauthorized", "message": "Invalid credentials"]
        guard case .failure(let plain)? = AMResponseBody(status: 200, json: unauthorized) else {
            Issue.record("a bare CREST 401 with HTTP 200 was not classified as a failure")
            return
        }
        #expect(plain.reason == "Unauthorized")
        // A success body that happens to carry a small numeric `code` member stays a success.
        guard case .success? = AMResponseBody(status: 200, json: ["tokenId": "t", "code": 0]) else {
            Issue.record("a success with code 0 was not a success")
            return
        }
    }

    @Test func stageFromMetadataCallbackOnAM652() throws {
        let step = try #require(AMStep(json: try Self.fixture("responses/stage-via-metadata-callback.json")))
        #expect(step.stage != nil)
    }
}
