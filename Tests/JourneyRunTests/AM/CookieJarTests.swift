import Foundation
import Testing

@testable import JourneyRun

/// The run's cookie jar, fed the Set-Cookie headers of real AM and ForgeBlocks responses.
@Suite struct CookieJarTests {
    @Test func keepsNameAndValueAndSendsThemBack() {
        var jar = CookieJar()
        jar.store(
            from: [
                HeaderField(
                    "set-cookie", "amlbcookie=01; Path=/; Domain=forgeblocks.com; Secure; HttpOnly; SameSite=none"),
                HeaderField(
                    "Set-Cookie", "6ac6499e9da2071=Zk9rLkNocm9tZVRva2VuLiouLio; Path=/; Domain=forgeblocks.com"),
                HeaderField("Content-Type", "application/json"),
            ], now: Self.now)
        #expect(jar.value("amlbcookie") == "01")
        #expect(jar.value("6ac6499e9da2071") == "Zk9rLkNocm9tZVRva2VuLiouLio")
        #expect(jar.header?.value == "amlbcookie=01; 6ac6499e9da2071=Zk9rLkNocm9tZVRva2VuLiouLio")
    }

    @Test func aLaterCookieOfTheSameNameReplacesTheFirst() {
        var jar = CookieJar()
        jar.store(
            from: [HeaderField("Set-Cookie", "iPlanetDirectoryPro=UG9sbHlUb2tlbi4qLio; Path=/; HttpOnly")],
            now: Self.now)
        jar.store(from: [HeaderField("Set-Cookie", "  iPlanetDirectoryPro=second==; Path=/")], now: Self.now)
        #expect(jar.cookies.count == 1)
        #expect(jar.value("iPlanetDirectoryPro") == "second==")
    }

    @Test func maxAgeZeroOrAnEmptyValueDeletes() {
        var jar = CookieJar()
        jar.store(
            from: [HeaderField("Set-Cookie", "a=1; Path=/"), HeaderField("Set-Cookie", "b=2; Path=/")], now: Self.now)
        jar.store(
            from: [
                HeaderField("Set-Cookie", "a=1; Path=/; max-age=0; HttpOnly"),
                HeaderField("Set-Cookie", "b=; Path=/"),
            ], now: Self.now)
        #expect(jar.header == nil)
    }

    @Test func aMaxAgeThatOnlyContainsZeroKeepsTheCookie() {
        var jar = CookieJar()
        jar.store(from: [HeaderField("Set-Cookie", "a=10; Max-Age=600; Path=/")], now: Self.now)
        #expect(jar.value("a") == "10")
    }

    @Test func aPairWithoutEqualsIsIgnored() {
        var jar = CookieJar()
        jar.store(from: [HeaderField("Set-Cookie", "novalue; Path=/"), HeaderField("Set-Cookie", "")], now: Self.now)
        #expect(jar.cookies.isEmpty)
    }

    /// 2026-11-25 12:00:00 UTC, the run's clock in the tests below.
    static let now = Date(timeIntervalSince1970: 1_795_608_000)

    @Test func anExpiresInThePastDeletes() {
        var jar = CookieJar()
        jar.store(from: [HeaderField("Set-Cookie", "iPlanetDirectoryPro=abc; Path=/")], now: Self.now)
        jar.store(
            from: [
                HeaderField("Set-Cookie", "iPlanetDirectoryPro=LOGOUT; Expires=Thu, 01-Jan-1970 00:00:10 GMT; Path=/")
            ],
            now: Self.now)
        #expect(jar.value("iPlanetDirectoryPro") == nil)
    }

    @Test func anExpiresInTheFutureKeeps() {
        var jar = CookieJar()
        jar.store(
            from: [HeaderField("Set-Cookie", "amlbcookie=01; Expires=Fri, 25 Dec 2026 12:00:00 GMT; Path=/")],
            now: Self.now)
        #expect(jar.value("amlbcookie") == "01")
    }

    @Test func maxAgeTakesPrecedenceOverExpires() {
        var jar = CookieJar()
        jar.store(
            from: [
                HeaderField("Set-Cookie", "a=1; Max-Age=600; Expires=Thu, 01 Jan 1970 00:00:00 GMT"),
                HeaderField("Set-Cookie", "b=2; Max-Age=-1"),
            ], now: Self.now)
        #expect(jar.value("a") == "1")
        #expect(jar.value("b") == nil)
    }
}
