import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// `keep: true`: a handler sets some inputs and the others keep their pre-filled values, as the
/// Ping SDKs send a field the user leaves alone.
@Suite struct KeepTests {
    /// The handlers of a script's `handlers:` block, loaded and compiled as `journey run` does.
    func handlers(_ yaml: String) throws -> [HandlerSpec] {
        let script = try #require(
            LoaderTestSupport.load("version: 1\nname: Keep\njourney: Login\nhandlers:\n" + yaml))
        return try JourneyCompiler.compile(script).handlers
    }

    /// `validateOnly` alone is a whole answer only for a callback with a `…validateOnly` input: a
    /// handler without a type that says only `validateOnly` and meets a ChoiceCallback has set
    /// nothing that callback takes, and the run says so, with every profile.
    @Test(
        "validateOnly alone on a callback without that input is a missing answer",
        arguments: [nil, SDKProfile.pingIOS, .pingAndroid, .forgeRockIOS, .forgeRockAndroid, .forgeRockJS])
    func validateOnlyAloneHidesNoMissingAnswer(_ sdk: SDKProfile?) async throws {
        let handlers = [handler(nil) { $0.validateOnly = located(true) }]
        let error = await #expect(throws: RunError.self, "\(sdk?.rawValue ?? "no profile")") {
            _ = try await StepAnswerer.answer(
                try Fixtures.step("callbacks/ChoiceCallback.json"), stepNumber: 1, handlers: handlers,
                environment: TestEnvironment(), sdk: sdk)
        }
        #expect(error?.message.contains("choose") == true, "\(error?.message ?? "")")
    }

    /// ping-ios's TextInputCallback starts from `defaultText` (Journey/Journey/Callbacks/TextInputCallback.swift);
    /// nothing typed posts it (Journey/JourneyTests/Callbacks/TextInputCallbackTests.swift, testPayloadWithDefaultText).
    @Test func aTextInputCallbackWithNothingTypedPostsItsDefaultText() async throws {
        let path = "callbacks/TextInputCallback.json"
        let result = try await answer(try Fixtures.step(path), try handlers("  TextInputCallback: { keep: true }"))
        #expect(result.step.json == fixture(try Fixtures.json(path), setting: [(0, "IDToken1", "default")]))
    }

    /// What is typed replaces the default (testUserOverridesDefaultText).
    @Test func aValueStillReplacesTheDefaultText() async throws {
        let path = "callbacks/TextInputCallback.json"
        let result = try await answer(
            try Fixtures.step(path), try handlers("  TextInputCallback: { keep: true, value: typed }"))
        #expect(result.step.json == fixture(try Fixtures.json(path), setting: [(0, "IDToken1", "typed")]))
    }

    /// ping-ios posts an attribute's `value` output beside the validateOnly it is given, not the
    /// received input (Journey/JourneyTests/Callbacks/BooleanAttributeInputCallbackTests.swift,
    /// testCompleteInitializationScenario: the input held true, the output false, false is posted).
    @Test func validateOnlyAloneKeepsTheValueOutput() async throws {
        let path = "callbacks/BooleanAttributeInputCallback.json"
        var step = try Fixtures.step(path)
        step.callbacks[0].setInput("IDToken2", to: true)
        for options in ["{ validateOnly: true, keep: true }", "{ validateOnly: true }"] {
            let result = try await answer(step, try handlers("  BooleanAttributeInputCallback: \(options)"))
            #expect(
                result.step.json
                    == fixture(
                        try Fixtures.json(path), setting: [(0, "IDToken2", false), (0, "IDToken2validateOnly", true)]),
                "\(options)")
        }
    }

    /// A pre-filled validateOnly is kept rather than sent false.
    @Test func aKeptValidateOnlyIsNotSentFalse() async throws {
        let path = "callbacks/BooleanAttributeInputCallback.json"
        var step = try Fixtures.step(path)
        step.callbacks[0].setInput("IDToken2validateOnly", to: true)
        let result = try await answer(
            step, try handlers("  BooleanAttributeInputCallback: { value: true, keep: true }"))
        #expect(
            result.step.json
                == fixture(
                    try Fixtures.json(path), setting: [(0, "IDToken2", true), (0, "IDToken2validateOnly", true)]))
    }

    /// A handler that sets neither a value nor validateOnly, without `keep`, is a script error.
    @Test func withoutKeepAMissingValueIsStillAnError() async throws {
        let hs = try handlers("  BooleanAttributeInputCallback: { input: IDToken2 }")
        await #expect(throws: RunError.self) {
            try await answer(try Fixtures.step("callbacks/BooleanAttributeInputCallback.json"), hs)
        }
    }
}
