import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// The ping-ios fixtures answered with `--sdk ping-ios`, with the handler as `SDKFixture.handlers`
/// writes what the SDK test did (`echo: true` when it set nothing), and with `keep: true` added
/// (the rest as the SDK pre-fills it). Both match, but for a token set alone: a `token` is what
/// `verify()` posts, with the action (`login` by default), unless the handler keeps the rest, as
/// `setToken` alone does.
@Suite struct PingIOSConformanceTests {
    /// Fixtures the ping-ios profile does not match, by file name, with the reason.
    static let knownIssues: [String: String] = [:]
    /// Fixtures the plain handler (without `keep: true`) does not match.
    static let knownIssuesWithoutKeep: [String: String] = knownIssues.merging([
        "ReCaptchaEnterpriseCallback-token.json":
            "deliberate: `token` alone is verify()'s answer, with the action login; testSetToken calls setToken alone, which `keep: true` says"
    ]) { first, _ in first }

    @Test(arguments: SDKFixture.all(sdk: "ping-ios"))
    func withThePingIOSProfileJourneyPostsWhatPingIOSPosts(_ fixture: SDKFixture) async throws {
        let handlers = fixture.handlersKeepingTheRest
        if let issue = Self.knownIssues[fixture.name] {
            await withKnownIssue(Comment(rawValue: issue)) {
                try await SDKConformanceTests.check(fixture, sdk: .pingIOS, handlers: handlers)
            }
        } else {
            try await SDKConformanceTests.check(fixture, sdk: .pingIOS, handlers: handlers)
        }
    }

    @Test(arguments: SDKFixture.all(sdk: "ping-ios"))
    func withThePingIOSProfileAPlainHandlerPostsWhatPingIOSPosts(_ fixture: SDKFixture) async throws {
        if let issue = Self.knownIssuesWithoutKeep[fixture.name] {
            await withKnownIssue(Comment(rawValue: issue)) {
                try await SDKConformanceTests.check(fixture, sdk: .pingIOS)
            }
        } else {
            try await SDKConformanceTests.check(fixture, sdk: .pingIOS)
        }
    }
}

extension SDKFixture {
    /// The fixture's handlers with `keep: true`: the options the SDK test set, and every other
    /// input as the SDK pre-fills it (an SDK test that calls one setter leaves the rest as its
    /// class holds them). Without a profile, this is how a script says what the test did.
    var handlersKeepingTheRest: [HandlerSpec] {
        let handlers = self.handlers
        guard !handlers.isEmpty else { return [] }
        return handlers.map { handler in
            var kept = handler
            kept.answer.echo = nil
            kept.answer.keep = located(true)
            return kept
        }
    }
}
