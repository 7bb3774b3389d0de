import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRecording
@testable import JourneyReport
@testable import JourneyRun

/// Issue 36 point 7: a secret inside a success body's `successUrl` or `realm` (not the whole
/// field), written raw or encoded, with the characters that cut a URL apart (`#`, `&`, `+`, `=`)
/// and non-ASCII ones, is masked in the console, every report and the HAR recording.
@Suite struct SecretInSuccessURLTests {
    static let password = "p#ss&w+rd=ü9"

    /// The places a server may put the password: raw, percent-encoded in upper and lower case, as
    /// a form value, in the path, the query and the fragment.
    static let successURLs = [
        "https://app.test/done?next=%2Fhome&pw=\(password)&x=1",
        "https://app.test/done?pw=\(PercentEncoding.queryComponent(password))#after",
        "https://app.test/done?pw=\(PercentEncoding.queryComponent(password).lowercased())",
        "https://app.test/done/\(password)/end",
        "https://app.test/done#token=\(password)",
    ]

    static func outputs(successUrl: String) async throws -> [(String, String)] {
        let journey = try LoaderTestSupport.compile(
            """
            version: 1
            name: Success URL
            journey: Login
            vars:
              password: { value: "\(password)", secret: true }
            handlers:
              PasswordCallback: "{{ password }}"
            expect: { outcome: success }
            """)
        let step: JSONValue = [
            "authId": "a",
            "callbacks": [
                [
                    "type": "PasswordCallback", "output": [["name": "prompt", "value": "Password"]],
                    "input": [["name": "IDToken1", "value": ""]],
                ]
            ],
        ]
        let success: JSONValue = [
            "tokenId": "token-1", "successUrl": .string(successUrl), "realm": .string("/alpha/\(password)/x"),
        ]
        let transport = ScriptedTransport(json: [step, success])
        let result = await JourneyDriver.run(
            journey, configuration: RunConfiguration(serverURL: "http://am.test/am", transport: transport))
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        let summary = RunSummary(results: [result])
        var json = ""
        JSONReport.write(summary) { json += $0 }
        return [
            ("console", ConsoleReporter(verbose: true).scriptFinished(result)),
            ("console summary", ConsoleReporter(verbose: true).finish(summary)),
            ("JSON report", JSONReport.render(summary)), ("streamed JSON report", json),
            ("JUnit report", JUnitReport.render(summary)), ("HTML report", HTMLReport.render(summary)),
            ("Markdown report", MarkdownReport.render(summary)),
            ("HAR", HARWriter.text(HARWriter.document([result]))),
        ]
    }

    /// The password as each output could write it.
    static let forms = [
        password, PercentEncoding.queryComponent(password), PercentEncoding.queryComponent(password).lowercased(),
        "p#ss&amp;w+rd=ü9", "p#ss\\u0026w+rd=ü9", "p#ss&w+rd=\\u00fc9", "p#ss&w", "w+rd=ü9", "rd=ü9",
    ]

    @Test(arguments: successURLs)
    func aSecretInsideTheSuccessURLOrTheRealmIsMaskedEverywhere(_ successUrl: String) async throws {
        for (name, text) in try await Self.outputs(successUrl: successUrl) {
            for form in Self.forms {
                #expect(!text.contains(form), "'\(form)' in the \(name) for \(successUrl)")
            }
        }
    }

    @Test func theURLKeepsWhatIsNotTheSecret() {
        let redactor = Redactor()
        redactor.register(Self.password, name: "password")
        #expect(
            redactor.redact(url: "https://app.test/done?authIndexValue=Login&pw=\(Self.password)&x=1")
                == "https://app.test/done?authIndexValue=Login&pw=«password»&x=1")
        #expect(
            redactor.redact(url: "https://app.test/a#pw=\(Self.password)") == "https://app.test/a#pw=«password»")
    }
}
