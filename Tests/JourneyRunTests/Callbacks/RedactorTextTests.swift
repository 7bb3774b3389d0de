import Foundation
import Testing

@testable import JourneyRun

@Suite("Redactor text search")
struct RedactorTextTests {
    @Test("every whole-token occurrence is replaced, longer secrets first, short secrets too")
    func replacesEveryOccurrence() {
        let redactor = Redactor()
        redactor.register("s3cret", name: "password")
        redactor.register("s3cret-and-more", name: "token")
        redactor.register("42", name: "pin")
        #expect(redactor.redact("a s3cret, b s3cret") == "a «password», b «password»")
        #expect(redactor.redact("s3cret-and-more|s3cret") == "«token»|«password»")
        #expect(redactor.redact("42") == "«pin»")
        #expect(redactor.redact("step 42 of 420") == "step «pin» of 420")
        #expect(redactor.redact("v4.42 and 42.5") == "v4.42 and 42.5")
        #expect(redactor.redact("Zoë s3cret Zoë") == "Zoë «password» Zoë")
        #expect(redactor.redact("") == "")
        #expect(redactor.redact("s3cre") == "s3cre")
    }

    @Test("a tokenId registered from a body names the session cookie that holds it")
    func cookiesHoldingARegisteredSecret() {
        let redactor = Redactor()
        _ = redactor.registerSecrets(inBody: Data(#"{"tokenId":"AQIC5w-token","successUrl":"/am"}"#.utf8))
        let headers = redactor.redact(headers: [
            HeaderField("Cookie", "iPlanetDirectoryPro=AQIC5w-token; amlbcookie=01"),
            HeaderField("Set-Cookie", "iPlanetDirectoryPro=AQIC5w-token; Path=/; HttpOnly"),
        ])
        #expect(headers[0].value == "iPlanetDirectoryPro=«tokenId»; amlbcookie=«amlbcookie»")
        #expect(headers[1].value == "iPlanetDirectoryPro=«tokenId»; Path=/; HttpOnly")
    }

    @Test("one-time-code prompts are told apart from passwords word by word")
    func oneTimeCodePrompts() {
        for prompt in ["One Time Password", "Enter OTP", "one-time code", "Verification code", "PIN", "Your passcode:"]
        {
            #expect(CallbackCatalogue.looksLikeOneTimeCode(prompt), "\(prompt)")
        }
        for prompt in ["Password", "Pinned item", "timeout", "barcode", "one", "time"] {
            #expect(!CallbackCatalogue.looksLikeOneTimeCode(prompt), "\(prompt)")
        }
    }
}
