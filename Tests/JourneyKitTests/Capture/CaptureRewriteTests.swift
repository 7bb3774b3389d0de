import Foundation
import JourneyCore
import JourneyRecording
import JourneyRun
import JourneyTestSupport
import Testing

/// What `journey capture` changes in an upstream's answer, and where it forwards a request.
@Suite struct CaptureRewriteTests {
    static let main = CaptureRoute(name: "", origin: "https://tenant.example.com", path: "/am")
    static let bank = CaptureRoute(name: "bank", origin: "https://api.example.com", path: "/v1")
    static let rewrite = CaptureRewrite(routes: [main, bank], proxyOrigin: "http://127.0.0.1:8080")

    @Test func routesByPathPrefix() throws {
        let parsed = try CaptureRoute.parse("bank=https://api.example.com/v1/", named: true).get()
        #expect(parsed == Self.bank)
        #expect(try CaptureRoute.parse("https://tenant.example.com/am", named: false).get() == Self.main)
        #expect(Self.bank.takes("/bank/withdraw?x=1") && !Self.bank.takes("/banking"))
        #expect(Self.bank.upstreamURL(for: "/bank/withdraw?x=1") == "https://api.example.com/v1/withdraw?x=1")
        #expect(
            Self.main.upstreamURL(for: "/am/json/serverinfo/*") == "https://tenant.example.com/am/json/serverinfo/*")
        for bad in ["ftp://x", "https://x/am?q=1", "not a url"] {
            #expect(throws: CaptureError.self) { try CaptureRoute.parse(bad, named: false).get() }
        }
        #expect(throws: CaptureError.self) { try CaptureRoute.parse("https://api.example.com", named: true).get() }
    }

    @Test func locationAndCookiesPointAtTheProxy() {
        let headers = Self.rewrite.headers([
            HeaderField("Location", "https://tenant.example.com/am/XUI/?realm=alpha"),
            HeaderField("Location", "org.forgerock.demo:/oauth2redirect?code=c"),
            HeaderField("Set-Cookie", "iPlanetDirectoryPro=t; Domain=.example.com; Path=/; Secure; HttpOnly"),
            HeaderField("Location", "https://tenant.example.com.evil.test/am"),
        ])
        #expect(headers[0].value == "http://127.0.0.1:8080/am/XUI/?realm=alpha")
        #expect(headers[1].value == "org.forgerock.demo:/oauth2redirect?code=c")
        #expect(headers[2].value == "iPlanetDirectoryPro=t; Path=/; HttpOnly")
        #expect(headers[3].value == "https://tenant.example.com.evil.test/am", "another host is left alone")
    }

    /// The simulator's discovery document, as the OAuth example recording holds it.
    @Test func discoveryEndpointsPointAtTheProxyAndTheIssuerIsKept() throws {
        let recording = try Recording.load(
            path: Repository.root.appendingPathComponent("journeys/recordings/oauth-code-pkce.har").path)
        let discovery = try #require(recording.others.first { $0.path.hasSuffix("openid-configuration") })
        let origin = AMEndpoints.origin(of: discovery.url)
        let rewrite = CaptureRewrite(
            routes: [CaptureRoute(name: "", origin: origin, path: "/am")], proxyOrigin: "http://127.0.0.1:9")
        let body = try #require(rewrite.body(discovery.responseBody))
        let json = try JSONValue.parse(body)
        #expect(
            json["token_endpoint"]?.stringValue == "http://127.0.0.1:9/am/oauth2/realms/root/realms/alpha/access_token")
        #expect(json["jwks_uri"]?.stringValue?.hasPrefix("http://127.0.0.1:9/") == true)
        #expect(json["issuer"]?.stringValue == origin + "/am/oauth2/realms/root/realms/alpha")
        #expect(rewrite.body(Data(#"{"authId":"a","callbacks":[]}"#.utf8)) == nil, "nothing to rewrite")
    }
}
