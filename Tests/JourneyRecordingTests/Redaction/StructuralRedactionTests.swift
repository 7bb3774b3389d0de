import Foundation
import JourneyCore
import Testing

@testable import JourneyRecording
@testable import JourneyRun

/// Redaction replaces a secret where it is a value or a whole token, in its common encodings,
/// and never inside a word, a key or an identifier (issue 10 item 3, issue 16 item 9).
@Suite struct StructuralRedactionTests {
    static func redactor(_ secrets: [String: String]) -> Redactor {
        let redactor = Redactor()
        for (value, name) in secrets { redactor.register(value, name: name) }
        return redactor
    }

    @Test func aSecretInsideALongerWordIsKept() {
        let redactor = Self.redactor(["Password": "password", "Callback": "cb", "a": "x", "1": "pin"])
        #expect(redactor.redact("PasswordCallback") == "PasswordCallback")
        #expect(redactor.redact("UsernamePassword") == "UsernamePassword")
        #expect(redactor.redact("IDToken1") == "IDToken1")
        #expect(redactor.redact("resource=2.1, protocol=1.0") == "resource=2.1, protocol=1.0")
        #expect(redactor.redact("Password") == "«password»")
        #expect(redactor.redact("pw=Password; a Callback.") == "pw=«password»; «x» «cb».")
        #expect(redactor.redact("attempt 1 of 3") == "attempt «pin» of 3")
    }

    @Test func encodedSecretsAreFound() {
        let password = #"p@ss/w0rd!&"é"#
        let redactor = Self.redactor([password: "password", "JBSWY3DPEHPK3PXP": "otpSecret"])
        let forms = [
            password, PercentEncoding.queryComponent(password),
            String(JSONValue.string(password).compactJSON.dropFirst().dropLast()),
            #"p@ss\/w0rd!&\"\u00e9"#, #"p\x40ss\x2Fw0rd\x21\x26\x22\xC3\xA9"#,
            Data(password.utf8).base64EncodedString(), Base64URL.encode(password),
        ]
        for form in forms {
            #expect(redactor.redact("was '\(form)' wrong") == "was '«password»' wrong", "\(form)")
        }
        #expect(
            redactor.redact(#"otpauth\x3A\x2F\x2Ftotp\x2Fx\x3Fsecret\x3DJBSWY3DPEHPK3PXP\x26issuer"#)
                == #"otpauth\x3A\x2F\x2Ftotp\x2Fx\x3Fsecret\x3D«otpSecret»\x26issuer"#)
        #expect(
            redactor.redact("otpauth%3A%2F%2Ftotp%3Fsecret%3DJBSWY3DPEHPK3PXP%26a")
                == "otpauth%3A%2F%2Ftotp%3Fsecret%3D«otpSecret»%26a")
    }

    @Test func redactingTwiceChangesNothing() {
        let redactor = Self.redactor(["password": "password", "token": "tokenId"])
        let once = redactor.redact("password token «tokenId»")
        #expect(once == "«password» «tokenId» «tokenId»")
        #expect(redactor.redact(once) == once)
    }

    @Test func jsonKeysTypesAndStagesAreKept() throws {
        let redactor = Self.redactor(["Password": "password", "UsernamePassword": "other", "Login": "j", "x1": "id"])
        let body = try JSONValue.parse(
            Data(
                #"{"authId":"x1","stage":"UsernamePassword","Password":"Password","callbacks":[{"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"},{"name":"id","value":"Login"}],"input":[{"name":"IDToken2","value":"Password"}]}],"header":"Login"}"#
                    .utf8))
        let redacted = redactor.redact(json: body)
        #expect(redacted["authId"]?.stringValue == "x1")
        // A stage that is a secret as a whole is the server echoing it (issue 27 item 3).
        #expect(redacted["stage"]?.stringValue == "«other»")
        #expect(redacted["Password"]?.stringValue == "«password»")
        #expect(redacted["header"]?.stringValue == "«j»")
        let callback = redacted["callbacks"]?.arrayValue?.first
        #expect(callback?["type"]?.stringValue == "PasswordCallback")
        #expect(callback?["output"]?.arrayValue?[0]["value"]?.stringValue == "Password", "a prompt that is the secret")
        #expect(redactor.redact(label: "Your Password") == "Your «password»")
        #expect(callback?["output"]?.arrayValue?[1]["value"]?.stringValue == "Login", "a HiddenValueCallback id")
        #expect(callback?["input"]?.arrayValue?[0]["value"]?.stringValue == "«password»")
    }

    @Test func numbersAndBooleansTheRunnerSentAreHiddenWhole() throws {
        let redactor = Self.redactor(["1": "pin", "true": "flag"])
        let body = try JSONValue.parse(
            Data(
                #"{"callbacks":[{"type":"ConfirmationCallback","output":[{"name":"defaultOption","value":1}],"input":[{"name":"IDToken1","value":1},{"name":"IDToken2","value":true},{"name":"IDToken3","value":11}]}]}"#
                    .utf8))
        let sent = redactor.redact(json: body, sent: true)
        let callback = sent["callbacks"]?.arrayValue?.first
        #expect(callback?["output"]?.arrayValue?[0]["value"] == .int(1), "echoed server output")
        #expect(callback?["input"]?.arrayValue?.map { $0["value"] } == [.string("«pin»"), .string("«flag»"), .int(11)])
        #expect(redactor.redact(json: body) == body, "a server's numbers are kept")
    }

    @Test func urlsKeepTheirHostAndTheJourneyName() {
        let redactor = Self.redactor(["1": "pin", "true": "flag", "Login": "j", "s3cret": "password"])
        #expect(
            redactor.redact(
                url: "http://127.0.0.1:8081/am/json/authenticate?authIndexValue=LoginTree&noSession=true&x=s3cret%21")
                == "http://127.0.0.1:8081/am/json/authenticate?authIndexValue=LoginTree&noSession=«flag»&x=«password»%21"
        )
        // The journey's name is kept, unless it is a secret as a whole (issue 27: `start.service: "{{ pw }}"`).
        #expect(
            redactor.redact(url: "/am/json/authenticate?authIndexValue=Login")
                == "/am/json/authenticate?authIndexValue=«j»")
        #expect(redactor.redact(url: "/users/s3cret?code=1") == "/users/«password»?code=«pin»")
    }

    /// A recording made with a secret replays without it: a placeholder inside a recorded
    /// value stands for any text there.
    @Test func aPlaceholderInsideARecordedValueStandsForAnyText() {
        #expect(InputValues.match("demo@example.com", "«secret»@example.com"))
        #expect(InputValues.match(#"{"a":true,"b":1}"#, #"{"a":«secret»,"b":1}"#))
        #expect(!InputValues.match(#"{"a":true,"b":2}"#, #"{"a":«secret»,"b":1}"#))
        #expect(!InputValues.match("demo@example.org", "«secret»@example.com"))
        #expect(InputValues.match(JSONValue.object(["answer": "-1"]), JSONValue.object(["answer": "-«pin»"])))
        #expect(!InputValues.match(JSONValue.object(["answer": "2"]), JSONValue.object(["answer": "-«pin»"])))
    }

    /// The switch that picks a member's rule names exactly the members of the sets it stands for.
    @Test func memberRuleFollowsTheSets() {
        for key in Redactor.secretMembers { #expect(Redactor.memberRule(key) == .secret, "\(key)") }
        for key in Redactor.identifierMembers { #expect(Redactor.memberRule(key) == .identifier, "\(key)") }
        #expect(Redactor.memberRule("value") == .outputValue)
        for key in [
            "prompt", "output", "input", "callbacks", "Value", "tokenid", "id", "_id", "", "jwt", "names", "tokenIds",
            "stagé", "client_assertioN",
        ] {
            #expect(Redactor.memberRule(key) == nil, "\(key)")
        }
    }

    /// A body that holds no secret and is already compact is shown as it came; any other is
    /// written again: either way the text is the redacted JSON's compact form.
    @Test func compactBodiesAreKeptAndOthersWritten() throws {
        let redactor = Redactor()
        redactor.register("s3cret", name: "password")
        for text in [
            #"{"a":"x","b":[1,2]}"#, #"{"b":1,"a":2}"#, #"{ "a": "s3cret" }"#, #"{"a":"s3cret"}"#,
            #"{"tokenId":"t0k3n"}"#, #"{"x":1.50}"#,
        ] {
            let body = Data(text.utf8)
            let json = try JSONValue.parse(body)
            let expected = redactor.redact(json: json, sent: true).compactJSON
            #expect(redactor.redactedCompactJSON(json, body: body, sent: true) == expected, "\(text)")
            #expect(redactor.redact(body: body, sent: true) == expected, "\(text)")
        }
        #expect(redactor.redact(body: Data(#"{"a":"x","b":[1,2]}"#.utf8)) == #"{"a":"x","b":[1,2]}"#)
        #expect(redactor.redact(body: Data(#"{"a":"s3cret"}"#.utf8)) == #"{"a":"«password»"}"#)
    }
}
