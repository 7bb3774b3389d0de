import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// The ping-android fixtures (Tests/Fixtures/sdk/ping-android) answered with `--sdk ping-android`:
/// the handler is what the SDK test did, as `SDKFixture.handlers` writes it (`echo: true` when
/// the test set nothing). Every fixture matches. The rules where ping-android differs from
/// ping-ios are in docs/protocols/sdk-differences.md, each with its SDK source file.
@Suite struct PingAndroidConformanceTests {
    @Test(arguments: SDKFixture.all(sdk: "ping-android"))
    func withThePingAndroidProfileJourneyPostsWhatPingAndroidPosts(_ fixture: SDKFixture) async throws {
        try await SDKConformanceTests.check(fixture, sdk: .pingAndroid)
    }

    /// The same with `keep: true` (the rest as the SDK pre-fills it): ping-android has no setter
    /// that writes one input alone, so keeping the rest changes nothing it posts.
    @Test(arguments: SDKFixture.all(sdk: "ping-android"))
    func keepingTheRestPostsTheSame(_ fixture: SDKFixture) async throws {
        try await SDKConformanceTests.check(fixture, sdk: .pingAndroid, handlers: fixture.handlersKeepingTheRest)
    }
}
