import Foundation
import JourneyCore
import JourneySimulator
import Testing

@Suite("Bad input never hangs or crashes")
struct BadInputTests {
    func loginStep(_ h: Harness) async throws -> JSONValue {
        try await h.start("Login").json
    }

    func callbacks(_ step: JSONValue, _ transform: ([JSONValue]) -> [JSONValue]) -> JSONValue {
        guard case .object(var object) = step else { return step }
        object["callbacks"] = .array(transform(Steps.callbacks(step)))
        return .object(object)
    }

    @Test("a missing input callback is 400 Incorrect number of callbacks")
    func missingCallback() async throws {
        try await Harness.run { h in
            let step = try await loginStep(h)
            let reply = try await h.post(h.authenticatePath(), json: callbacks(step) { Array($0.prefix(1)) })
            #expect(reply.status == 400)
            #expect(
                reply.json == [
                    "code": 400, "reason": "Bad Request",
                    "message": "Incorrect number of callbacks found in JSON response",
                ])
            #expect(h.logs.all.last?.contains("-> 400 Incorrect number of callbacks found in JSON response") == true)
        }
    }

    @Test("an extra input callback is 400 Incorrect number of callbacks")
    func extraCallback() async throws {
        try await Harness.run { h in
            let step = try await loginStep(h)
            let reply = try await h.post(h.authenticatePath(), json: callbacks(step) { $0 + [$0[0]] })
            #expect(reply.json["message"] == "Incorrect number of callbacks found in JSON response")
        }
    }

    @Test("a re-typed callback or a renamed input is 400 Required callback not found")
    func retyped() async throws {
        try await Harness.run { h in
            let step = try await loginStep(h)
            let retyped = callbacks(step) { list in
                var copy = list
                if case .object(var first) = copy[0] {
                    first["type"] = "TextInputCallback"
                    copy[0] = .object(first)
                }
                return copy
            }
            let reply = try await h.post(h.authenticatePath(), json: retyped)
            #expect(reply.status == 400)
            #expect(reply.json["message"] == "Required callback not found in JSON response")
            let step2 = try await loginStep(h)
            let renamed = callbacks(step2) { list in
                var copy = list
                if case .object(var first) = copy[0] {
                    first["input"] = [["name": "IDToken9", "value": "demo"]]
                    copy[0] = .object(first)
                }
                return copy
            }
            let reply2 = try await h.post(h.authenticatePath(), json: renamed)
            #expect(reply2.json["message"] == "Required callback not found in JSON response")
        }
    }

    @Test("after an echo violation the same authId can still be answered correctly")
    func violationKeepsJourney() async throws {
        try await Harness.run { h in
            let step = try await loginStep(h)
            _ = try await h.post(h.authenticatePath(), json: callbacks(step) { Array($0.prefix(1)) })
            let done = try await h.answer(step, [0: "demo", 1: "Ch4ng3it!"])
            #expect(done.status == 200)
            #expect(done.json["tokenId"] != nil)
        }
    }

    @Test("output-only callbacks may be left out of the continue body")
    func outputOnlyOmitted() async throws {
        try await Harness.run { h in
            let start = try await h.start("PushApproval")
            let wait = try await h.answer(start.json, [0: "demo", 1: "Ch4ng3it!"])
            #expect(Steps.types(wait.json) == ["PollingWaitCallback", "ConfirmationCallback"])
            let withoutPolling = callbacks(wait.json) { Array($0.dropFirst()) }
            let again = try await h.post(h.authenticatePath(), json: withoutPolling)
            #expect(again.status == 200)
            #expect(Steps.types(again.json) == ["PollingWaitCallback", "ConfirmationCallback"])
        }
    }

    @Test("malformed JSON is a 400 CREST error")
    func malformedJSON() async throws {
        try await Harness.run { h in
            let reply = try await h.request(
                .POST, h.authenticatePath(), body: Array(#"{"authId": "#.utf8),
                headers: [("Content-Type", "application/json")])
            #expect(reply.status == 400)
            #expect(reply.json["code"] == 400)
            #expect(reply.json["reason"] == "Bad Request")
            #expect(h.logs.all.last?.contains("-> 400") == true)
        }
    }

    @Test("a body without a JSON content type is 415")
    func wrongContentType() async throws {
        try await Harness.run { h in
            let reply = try await h.request(
                .POST, h.authenticatePath() + "?authIndexValue=Login", body: Array("{}".utf8),
                headers: [("Content-Type", "text/plain")])
            #expect(reply.status == 415)
            #expect(reply.json["code"] == 415)
        }
    }

    @Test("a body over maxBodyBytes is 413 and the server keeps serving")
    func tooLarge() async throws {
        try await Harness.run(maxBodyBytes: 1024) { h in
            let big = Array(repeating: UInt8(ascii: " "), count: 4096)
            let reply = try await h.request(
                .POST, h.authenticatePath(), body: big, headers: [("Content-Type", "application/json")])
            #expect(reply.status == 413)
            #expect(reply.json["code"] == 413)
            // The server keeps answering afterwards.
            #expect(try await h.start("Login").status == 200)
        }
    }

    @Test("an unknown authId (valid shape, unknown state) is the timeout shape; unknown paths are 404")
    func unknownThings() async throws {
        try await Harness.run { h in
            let step = try await loginStep(h)
            _ = try await h.answer(step, [0: "demo", 1: "Ch4ng3it!"])
            let again = try await h.answer(step, [0: "demo", 1: "Ch4ng3it!"])
            #expect(again.json["message"] == "Session has timed out")
            let missing = try await h.get("/am/json/nothing")
            #expect(missing.status == 404)
            #expect(missing.json["code"] == 404)
            let wrongMethod = try await h.get(h.authenticatePath())
            #expect(wrongMethod.status == 405)
        }
    }
}
