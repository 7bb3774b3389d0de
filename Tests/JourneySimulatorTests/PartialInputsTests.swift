import Foundation
import JourneyCore
import JourneySimulator
import Testing

/// AM reads the inputs of its multi-input callbacks (reCAPTCHA Enterprise, KBA, IdP, Protect,
/// device binding, App Integrity) by name, so a client may post only the inputs it set: the
/// ForgeRock iOS SDK does (forgerock-ios FRAuth/FRAuth/Callbacks/MultipleValuesCallback.swift
/// posts `inputValues` only), and its E2E tests pass against AM. Single-input callbacks still need
/// their one input (AM's RestAuthNameCallbackHandler and co. require `input.size() == 1`).
@Suite struct PartialInputsTests {
    /// The reCAPTCHA step of LoginWithRecaptcha with only the inputs named by `values` (by suffix),
    /// in the order given, as forgerock-ios posts it.
    func captcha(_ h: Harness, _ values: [(String, String)]) async throws -> Reply {
        let start = try await h.start("LoginWithRecaptcha")
        let step = try await h.answer(start.json, [0: "demo", 1: "Ch4ng3it!"])
        #expect(Steps.types(step.json) == ["ReCaptchaEnterpriseCallback"])
        let callback = try #require(Steps.callbacks(step.json).first)
        let names = (callback["input"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        let inputs: [JSONValue] = values.compactMap { suffix, value in
            names.first { $0.hasSuffix(suffix) }.map { ["name": .string($0), "value": .string(value)] }
        }
        #expect(inputs.count == values.count)
        guard case .object(var object) = callback, case .object(var body) = step.json else {
            return try await h.post(h.authenticatePath(), json: step.json)
        }
        object["input"] = .array(inputs)
        body["callbacks"] = [.object(object)]
        return try await h.post(h.authenticatePath(), json: .object(body))
    }

    @Test("reCAPTCHA Enterprise with only token and action, as forgerock-ios posts it, passes")
    func tokenAndActionOnly() async throws {
        try await Harness.run { h in
            let reply = try await captcha(h, [("action", "login"), ("token", "test-token-human")])
            #expect(reply.status == 200)
            #expect(reply.json["tokenId"] != nil)
        }
    }

    @Test("reCAPTCHA Enterprise with only the client error fails the node (401), not the request (400)")
    func clientErrorOnly() async throws {
        try await Harness.run { h in
            let reply = try await captcha(h, [("clientError", "network-timeout")])
            #expect(reply.status == 401)
        }
    }

    @Test("an input named twice or not issued is still 400 Required callback not found")
    func unknownOrRepeatedInput() async throws {
        try await Harness.run { h in
            let repeated = try await captcha(h, [("token", "test-token-human"), ("token", "test-token-human")])
            #expect(repeated.status == 400)
            #expect(repeated.json["message"] == "Required callback not found in JSON response")
        }
    }
}
