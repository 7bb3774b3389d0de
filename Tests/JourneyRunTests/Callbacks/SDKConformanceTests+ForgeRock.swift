import JourneyCore
import Testing

@testable import JourneyRun

/// The three ForgeRock profiles against their SDKs, each answered with its `--sdk` and compared
/// exactly, JSON types included: every fixture of the SDK's own unit tests
/// (`Tests/Fixtures/sdk/forgerock-*`), the samples read from its callback sources (in
/// `SDKConformanceTests+ForgeRockIOS.swift`, `+ForgeRockAndroid.swift`, `+ForgeRockJS.swift`,
/// each with the SDK's device profile test), every registry type, and the client errors.
@Suite struct SDKConformanceForgeRockTests {
    /// An SDK, the samples of its sources, and what it posts when the reCAPTCHA client fails.
    struct Profile: Sendable, CustomTestStringConvertible {
        let sdk: SDKProfile
        let samples: [SDKFixture]
        let reCaptchaClientFailure: @Sendable (String) -> String

        var testDescription: String { sdk.rawValue }
    }

    static let profiles = [
        Profile(
            sdk: SDKConformanceForgeRockIOSTests.sdk, samples: SDKConformanceForgeRockIOSTests.samples,
            reCaptchaClientFailure: SDKConformanceForgeRockIOSTests.reCaptchaClientFailure),
        Profile(
            sdk: SDKConformanceForgeRockAndroidTests.sdk, samples: SDKConformanceForgeRockAndroidTests.samples,
            reCaptchaClientFailure: SDKConformanceForgeRockAndroidTests.reCaptchaClientFailure),
        Profile(
            sdk: SDKConformanceForgeRockJSTests.sdk, samples: SDKConformanceForgeRockJSTests.samples,
            reCaptchaClientFailure: SDKConformanceForgeRockJSTests.reCaptchaClientFailure),
    ]

    /// Types checked by a computed value rather than a fixed one.
    static let computed: Set<CallbackType> = [.deviceProfile, .webAuthnRegistration, .webAuthnAuthentication]

    @Test(arguments: profiles.flatMap { SDKFixture.all(sdk: $0.sdk.rawValue) })
    func postsWhatTheSDKTestAsserts(_ fixture: SDKFixture) async throws {
        try await SDKProfileConformance.check(fixture)
    }

    @Test(arguments: profiles.flatMap(\.samples))
    func postsWhatTheSDKSourceSays(_ sample: SDKFixture) async throws {
        try await SDKProfileConformance.check(sample)
    }

    @Test(
        "every registry type is answered as the SDK posts it, or refused naming the SDK",
        arguments: profiles, CallbackType.allCases)
    func everyRegistryType(_ profile: Profile, _ type: CallbackType) throws {
        try SDKProfileConformance.checkCovered(
            type, sdk: profile.sdk, by: SDKFixture.all(sdk: profile.sdk.rawValue) + profile.samples,
            computed: Self.computed)
    }

    @Test(arguments: profiles, [CallbackType.webAuthnRegistration, .webAuthnAuthentication])
    func webAuthnClientError(_ profile: Profile, _ type: CallbackType) async throws {
        try await SDKProfileConformance.checkWebAuthnClientError(type, sdk: profile.sdk)
    }

    @Test("a reCAPTCHA client failure posts the error as the SDK does", arguments: profiles)
    func reCaptchaClientFailure(_ profile: Profile) async throws {
        let posted = try await SDKProfileConformance.postedOnReCaptchaClientFailure(profile.sdk)
        let expected = try JSONValue.parse(profile.reCaptchaClientFailure(SDKProfileConformance.failedCommand))
        #expect(sdkEqual(posted, expected), "\(posted)")
    }
}
