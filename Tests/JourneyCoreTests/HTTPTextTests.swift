import Foundation
import JourneyCore
import Testing

@Suite("Percent-encoding and header text")
struct HTTPTextTests {
    @Test("query components: unreserved ASCII stays, every other UTF-8 byte is escaped")
    func encodesQueryComponents() {
        #expect(PercentEncoding.queryComponent("Login_2-a.b~c") == "Login_2-a.b~c")
        #expect(PercentEncoding.queryComponent("a b&c=d+e/f") == "a%20b%26c%3Dd%2Be%2Ff")
        #expect(PercentEncoding.queryComponent("Zoë") == "Zo%C3%AB")
        #expect(PercentEncoding.queryComponent("") == "")
    }

    @Test("decoding undoes encoding; + is a space only in query strings; bad escapes are nil")
    func decodes() {
        for text in ["a b&c=d+e/f", "Zoë «x»", "plain", "%"] {
            #expect(PercentEncoding.decoded(PercentEncoding.queryComponent(text)) == text)
        }
        #expect(PercentEncoding.decoded("a+b%2Bc", plusAsSpace: true) == "a b+c")
        #expect(PercentEncoding.decoded("a+b") == "a+b")
        #expect(PercentEncoding.decoded("%zz") == nil)
        #expect(PercentEncoding.decoded("%4") == nil)
        #expect(PercentEncoding.decoded("%FF") == nil, "not UTF-8")
    }

    @Test("query items decode byte for byte: a leading U+FEFF stays (Foundation's decoder drops one)")
    func queryItemsKeepLeadingByteOrderMarks() {
        let url = "https://am.example.com/am/authenticate?authIndexValue=%EF%BB%BF%EF%BB%BFx&a=b%20c&flag&%E2%80%A8=v"
        let items = PercentEncoding.queryItems(of: URLComponents(string: url))
        #expect(items.map(\.name) == ["authIndexValue", "a", "flag", "\u{2028}"])
        #expect(items.map(\.value) == ["\u{FEFF}\u{FEFF}x", "b c", "", "v"])
        #expect(PercentEncoding.queryItems(of: URLComponents(string: "https://x/a")).isEmpty)
    }

    @Test("header names match without regard to ASCII case; values trim spaces and tabs")
    func headerText() {
        #expect(HTTPText.namesMatch("Set-Cookie", "set-cookie"))
        #expect(HTTPText.namesMatch("CONTENT-TYPE", "content-type"))
        #expect(!HTTPText.namesMatch("Set-Cookie", "set-cookie2"))
        #expect(!HTTPText.namesMatch("x-a", "x_a"))
        #expect(" \t iPlanetDirectoryPro=abc \t".dropFirst(0).trimmedSpacesAndTabs == "iPlanetDirectoryPro=abc")
        #expect("".dropFirst(0).trimmedSpacesAndTabs == "")
    }

    @Test("a Set-Cookie's leading pair is trimmed and its attributes kept as sent")
    func setCookiePair() {
        let amlb = HTTPText.setCookiePair("amlbcookie=01; Path=/; Domain=forgeblocks.com; Secure; HttpOnly")
        #expect(amlb.name == "amlbcookie" && amlb.value == "01")
        #expect(amlb.attributes == "; Path=/; Domain=forgeblocks.com; Secure; HttpOnly")
        let padded = HTTPText.setCookiePair(" iPlanetDirectoryPro = UG9sbHk= ")
        #expect(padded.name == "iPlanetDirectoryPro" && padded.value == "UG9sbHk=" && padded.attributes == "")
        let bare = HTTPText.setCookiePair("novalue; Path=/")
        #expect(bare.name == "novalue" && bare.value == nil && bare.attributes == "; Path=/")
    }
}
