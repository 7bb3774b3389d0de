import Foundation
import JourneyKit
import JourneySimulator
import JourneyTestSupport
import Testing

/// A logout clears the session cookie (the simulator answers with AM's expired `Set-Cookie`):
/// the run's cookie jar drops it, so a script that `uses:` one that logged out does not send the
/// ended session with its next request.
@Suite struct LogoutCookieTests {
    static let tree = LibraryUsageTests.path("journeys/trees/am.yaml")
    static let login =
        LoginScript.yaml(name: "Log in, then log out", simulate: tree) + "cleanup: { logout: true }\n"
    static let again = LoginScript.yaml(name: "Log in again after the logout", simulate: tree) + "uses: first.yaml\n"

    @Test func theNextRequestAfterALogoutCarriesNoSessionCookie() async throws {
        let folder = try TemporaryFiles.directory()
        try Self.login.write(to: folder.appendingPathComponent("first.yaml"), atomically: true, encoding: .utf8)
        let second = folder.appendingPathComponent("second.yaml")
        try Self.again.write(to: second, atomically: true, encoding: .utf8)
        try await LibraryUsageTests.withSimulator { simulator in
            let journey = try JourneyCompiler.compile(try ScriptLoader.load(path: second.path))
            let result = await JourneyDriver.run(
                journey, configuration: RunConfiguration(serverURL: simulator.baseURL, realm: "alpha", seed: 7))
            #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
            let logout = try #require(result.steps.first { $0.exchange.url.contains("_action=logout") })
            // (Cookie values are redacted in the trace; the attributes are kept.)
            #expect(
                logout.exchange.responseHeaders.contains {
                    $0.name.lowercased() == "set-cookie" && $0.value.hasPrefix("iPlanetDirectoryPro=")
                        && $0.value.contains("Expires=Thu, 01-Jan-1970")
                }, "\(logout.exchange.responseHeaders)")
            // The first request of this script's own journey: the load-balancer cookie goes on,
            // the ended session does not.
            let start = try #require(result.steps.first { $0.phase == nil })
            let cookie = start.exchange.requestHeaders.first { $0.name.lowercased() == "cookie" }?.value ?? ""
            #expect(cookie.contains("amlbcookie="), "\(start.exchange.requestHeaders)")
            #expect(!cookie.contains("iPlanetDirectoryPro"), "\(cookie)")
        }
    }
}
