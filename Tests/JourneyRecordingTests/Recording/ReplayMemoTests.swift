import Foundation
import JourneyCore
import Testing

@testable import JourneyRecording
@testable import JourneyRun

/// What a run reads again and again is kept once read: a sent URL's parts, a secret's forms.
/// A kept reading is the reading itself, whatever the input.
@Suite("Readings kept across runs")
struct ReplayMemoTests {
    @Test(arguments: [
        "https://am.example.com/am/json/realms/root/realms/alpha/authenticate?authIndexType=service&authIndexValue=Login",
        "http://127.0.0.1:8080/am/json/realms/root/authenticate?authIndexValue=A%20B&authIndexType=service&x=%2B+y",
        "https://am.example.com/am/json/realms/root/authenticate?suspendedId=abc&empty=&flag",
        "https://am.example.com/oauth2/authorize",
        "not a url at all",
        "https://am.example.com/am/json/%E2%82%AC/authenticate?q=%E2%82%AC",
    ])
    func aSentURLReadsAsURLComponentsReadsItEveryTime(url: String) {
        let components = URLComponents(string: url)
        let path = components?.percentEncodedPath ?? url
        let query = (components?.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
        for _ in 0..<2 {
            let parts = SentURL.parts(url)
            #expect(parts.path == path)
            #expect(parts.amPath == RecordedExchange.amPath(path))
            #expect(parts.query.map { "\($0.name)=\($0.value)" } == query)
        }
    }

    @Test func aSecretRegisteredAgainUnderAnotherNameKeepsThatName() {
        let first = Redactor()
        first.register("Shared-Secr3t", name: "password", recurring: true)
        let second = Redactor()
        second.register("Shared-Secr3t", name: "otp", recurring: true)
        let third = Redactor()
        third.register("Shared-Secr3t", name: "otp", recurring: true)
        #expect(first.redact("is Shared-Secr3t") == "is «password»")
        #expect(second.redact("is Shared-Secr3t") == "is «otp»")
        // Its encoded forms come with it: base64 of the value.
        #expect(third.redact("is Shared-Secr3t") == "is «otp»")
        #expect(third.redact("b64 U2hhcmVkLVNlY3IzdA") == "b64 «otp»")
    }
}
