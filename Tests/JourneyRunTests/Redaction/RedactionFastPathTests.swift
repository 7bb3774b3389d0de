import Foundation
import Testing

@testable import JourneyRun

/// The byte-level readings that spare a replayed run the work of Characters give the answers
/// the Character readings give, on the texts where they are taken and beside them.
@Suite("Redaction fast paths")
struct RedactionFastPathTests {
    /// The reading by Characters that `looksLikeOneTimeCode` keeps for non-ASCII prompts.
    private static func byCharacters(_ prompt: String) -> Bool {
        let words = prompt.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }
        let known: Set<Substring> = ["onetime", "otp", "passcode", "code", "pin"]
        for (index, word) in words.enumerated() {
            if known.contains(word) { return true }
            if word == "one", index + 1 < words.count, words[index + 1] == "time" { return true }
        }
        return false
    }

    @Test("an ASCII prompt is a one-time-code prompt exactly when its Characters say so")
    func oneTimeCodeASCII() {
        let prompts = [
            "One Time Password", "ONE  TIME", "one-time", "one_time", "one\r\ntime", "one, then time", "onetime",
            "Enter OTP:", "otp_code", "code1", "Code", "PIN?", "pin", "Password", "Pinned", "time one", "one",
            "time", "", "   ", "1 one time", "e-mail code", "passcode!", "Your Passcode", "tone time",
        ]
        for prompt in prompts {
            #expect(CallbackCatalogue.looksLikeOneTimeCode(prompt) == Self.byCharacters(prompt), "\(prompt)")
        }
    }

    @Test("a cookie is cut at its bytes only where its Characters are cut the same way")
    func cookieCuts() {
        #expect(Redactor.splitsOnBytesAsOnCharacters("amlbcookie=«amlbcookie»".utf8))
        #expect(Redactor.splitsOnBytesAsOnCharacters("a=1; b=2".utf8))
        #expect(Redactor.splitsOnBytesAsOnCharacters("a=Zoë; b=2".utf8))
        #expect(Redactor.splitsOnBytesAsOnCharacters("a=é;b=«x»".utf8))
        // A combining mark after `=` or `;` joins it into another Character.
        #expect(!Redactor.splitsOnBytesAsOnCharacters("a=\u{301}x".utf8))
        #expect(!Redactor.splitsOnBytesAsOnCharacters("a=x;\u{301}b=2".utf8))
        // A scalar past U+00FF before a cut is not read: the Characters cut it.
        #expect(!Redactor.splitsOnBytesAsOnCharacters("a=\u{600};b=2".utf8))
        // U+037E is a Character equal to `;`.
        #expect(!Redactor.splitsOnBytesAsOnCharacters("a=1\u{37E}b=2".utf8))
    }

    @Test("cookies with placeholders and non-ASCII values are redacted as by Characters")
    func cookieRedaction() {
        let redactor = Redactor()
        redactor.register("AQIC5w-token", name: "tokenId")
        redactor.register("Zoë-s3cret", name: "password")
        let headers = redactor.redact(headers: [
            HeaderField("Cookie", "amlbcookie=«amlbcookie»; iPlanetDirectoryPro=AQIC5w-token"),
            HeaderField("Cookie", "a=Zoë-s3cret; b=\u{AB}x\u{BB}"),
            HeaderField("Cookie", "a=1\u{37E}b=2"),
            HeaderField("Set-Cookie", "amlbcookie=«amlbcookie»; Path=/; HttpOnly"),
            HeaderField("Set-Cookie", "s=Zoe\u{308}-s3cret; Path=/"),
        ])
        #expect(headers[0].value == "amlbcookie=«amlbcookie»; iPlanetDirectoryPro=«tokenId»")
        #expect(headers[1].value == "a=«password»; b=«x»")
        // Cut by Characters at U+037E, as before.
        #expect(headers[2].value == "a=«a»; b=«b»")
        #expect(headers[3].value == "amlbcookie=«amlbcookie»; Path=/; HttpOnly")
        // A canonically equivalent spelling of a secret is still the secret.
        #expect(headers[4].value == "s=«password»; Path=/")
    }
}
