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

    /// A rewrite splices the URL's bytes: numbers the app parses itself, member order and
    /// whitespace reach it as the upstream sent them (a re-serialized body loses `1e400`,
    /// `-0.0` and integers past 64 bits).
    @Test func aRedirectCallbackRewriteChangesTheURLsBytesOnly() throws {
        let body = """
            { "authId" : "a",  "big": 123456789012345678901234567890, "huge": 1e400, "zero": -0.0,
              "callbacks": [ {"type":"RedirectCallback","output":[
                {"value":"https://tenant.example.com/am/oauth2/authorize?x=1", "name":"redirectUrl"},
                {"name":"redirectMethod","value":"GET"}]} ], "price": 1.50, "url": "https://tenant.example.com/am/kept" }
            """
        let rewritten = try #require(Self.rewrite.body(Data(body.utf8)))
        let expected = body.replacingOccurrences(
            of: "https://tenant.example.com/am/oauth2", with: "http://127.0.0.1:8080/am/oauth2")
        #expect(String(decoding: rewritten, as: UTF8.self) == expected)
        let escaped =
            #"{"z":1,"output":[{"name":"redirectUrl","value":"https:\/\/tenant.example.com\/am\/x"}], "a":-0.0}"#
        let spliced = try #require(Self.rewrite.body(Data(escaped.utf8)))
        #expect(
            String(decoding: spliced, as: UTF8.self)
                == #"{"z":1,"output":[{"name":"redirectUrl","value":"http://127.0.0.1:8080/am/x"}], "a":-0.0}"#)
    }
}
