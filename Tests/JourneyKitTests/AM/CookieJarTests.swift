import Testing

@testable import JourneyKit

/// The run's cookie jar, fed the Set-Cookie headers of real AM and ForgeBlocks responses.
@Suite struct CookieJarTests {
    @Test func keepsNameAndValueAndSendsThemBack() {
        var jar = CookieJar()
        jar.store(from: [
            HeaderField("set-cookie", "amlbcookie=01; Path=/; Domain=forgeblocks.com; Secure; HttpOnly; SameSite=none"),
            HeaderField("Set-Cookie", "6ac6499e9da2071=Zk9rLkNocm9tZVRva2VuLiouLio; Path=/; Domain=forgeblocks.com"),
            HeaderField("Content-Type", "application/json"),
        ])
        #expect(jar.value("amlbcookie") == "01")
        #expect(jar.value("6ac6499e9da2071") == "Zk9rLkNocm9tZVRva2VuLiouLio")
        #expect(jar.header?.value == "amlbcookie=01; 6ac6499e9da2071=Zk9rLkNocm9tZVRva2VuLiouLio")
    }

    @Test func aLaterCookieOfTheSameNameReplacesTheFirst() {
        var jar = CookieJar()
        jar.store(from: [HeaderField("Set-Cookie", "iPlanetDirectoryPro=UG9sbHlUb2tlbi4qLio; Path=/; HttpOnly")])
        jar.store(from: [HeaderField("Set-Cookie", "  iPlanetDirectoryPro=second==; Path=/")])
        #expect(jar.cookies.count == 1)
        #expect(jar.value("iPlanetDirectoryPro") == "second==")
    }

    @Test func maxAgeZeroOrAnEmptyValueDeletes() {
        var jar = CookieJar()
        jar.store(from: [HeaderField("Set-Cookie", "a=1; Path=/"), HeaderField("Set-Cookie", "b=2; Path=/")])
        jar.store(from: [
            HeaderField("Set-Cookie", "a=1; Path=/; max-age=0; HttpOnly"),
            HeaderField("Set-Cookie", "b=; Path=/"),
        ])
        #expect(jar.header == nil)
    }

    @Test func aMaxAgeThatOnlyContainsZeroKeepsTheCookie() {
        var jar = CookieJar()
        jar.store(from: [HeaderField("Set-Cookie", "a=10; Max-Age=600; Path=/")])
        #expect(jar.value("a") == "10")
    }

    @Test func aPairWithoutEqualsIsIgnored() {
        var jar = CookieJar()
        jar.store(from: [HeaderField("Set-Cookie", "novalue; Path=/"), HeaderField("Set-Cookie", "")])
        #expect(jar.cookies.isEmpty)
    }
}
