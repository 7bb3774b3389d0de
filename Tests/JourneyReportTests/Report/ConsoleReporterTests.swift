import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyReport
@testable import JourneyRun

@Suite("Console report")
struct ConsoleReporterTests {
    let plain = ConsoleReporter()

    @Test func passingScriptGolden() {
        let expected = """
            ▶ Login  (journeys/login.yaml)
              step 1  POST /am/json/realms/root/realms/alpha/authenticate?authIndexType=service&authIndexValue=Login  200  12.3 ms
                NameCallback "User Name" ← demo
                PasswordCallback "Password" ← «password»
              step 2  POST /am/json/realms/root/realms/alpha/authenticate  200  8.1 ms
            ✔ passed  success (session created), realm /alpha  2 steps, 41 ms
            """
        #expect(plain.render(ReportFixtures.passing) == expected)
    }

    @Test func failuresSitUnderTheirStepOnce() {
        let text = plain.render(ReportFixtures.failed)
        let lines = text.split(separator: "\n").map(String.init)
        let step3 = lines.firstIndex { $0.hasPrefix("  step 3  POST ") }
        #expect(step3 != nil)
        if let step3 {
            #expect(lines[step3].hasSuffix("  401  250.0 ms"))
            #expect(
                lines[step3 + 1]
                    == "    ✗ expected outcome success, got failure 401 Unauthorized  (journeys/recaptcha.yaml:21:3)")
        }
        #expect(text.components(separatedBy: "expected outcome success").count == 2)
        #expect(lines.contains("  ✗ capture 'userId' was never set"))
        #expect(lines.last == "✘ failed  failure 401 Unauthorized: Login failure  3 steps, 1.25 s")
    }

    @Test func multiInputCallbacksShowNamesWithoutTheTokenPrefix() {
        let text = plain.render(ReportFixtures.failed)
        #expect(
            text.contains(
                #"    ReCaptchaEnterpriseCallback ← token=«recaptcha-token» action=login clientError="" payload={"firewallPolicyEvaluation":true}"#
            ))
        #expect(text.contains("\n      siteKey=6LdTESTKEY action=login\n"))
    }

    @Test func transportErrorNamesTheStep() {
        let lines = plain.render(ReportFixtures.transportError).split(separator: "\n").map(String.init)
        #expect(lines.contains("  step 2  POST /am/json/realms/root/realms/alpha/authenticate  no response  5000.0 ms"))
        #expect(lines.last == "! error  transport error at step 2: connection refused  2 steps, 5.02 s")
    }

    @Test func invalidScriptShowsDiagnosticsWithSource() {
        let sources = SourceProvider(["journeys/broken.yaml": ReportFixtures.brokenSource])
        let text = ConsoleReporter(sources: sources).render(ReportFixtures.invalid)
        let expected = """
            ▶ broken.yaml  (journeys/broken.yaml)
              journeys/broken.yaml:4:1: error: unknown key 'handelrs'
               4 | handelrs:
                 | ^^^^^^^^
                 = did you mean 'handlers'?
            ✘ invalid  1 error
            """
        #expect(text == expected)
    }

    @Test func invalidScriptWithoutSourceShowsOneLine() {
        let text = plain.render(ReportFixtures.invalid)
        #expect(
            text.contains("\n  journeys/broken.yaml:4:1: error: unknown key 'handelrs' (did you mean 'handlers'?)\n"))
    }

    @Test func summaryLine() {
        let summary = RunSummary(results: ReportFixtures.all, duration: 0.35)
        #expect(plain.renderSummary(summary) == "1 passed, 1 failed, 1 error, 1 invalid (4 scripts) in 0.35 s")
        let passing = RunSummary(
            results: [ReportFixtures.passing, ReportFixtures.passing, ReportFixtures.passing], duration: 0.1)
        #expect(plain.renderSummary(passing) == "3 passed, 0 failed, 0 errors (3 scripts) in 0.10 s")
    }

    @Test func summaryKeepsCountsContiguousInColour() {
        let summary = RunSummary(results: ReportFixtures.all, duration: 0.35)
        #expect(ConsoleReporter(useColor: true).renderSummary(summary).contains("1 passed, 1 failed, 1 error"))
    }

    @Test func colourOnlyWhenAsked() {
        for result in ReportFixtures.all {
            #expect(!plain.render(result).contains("\u{1B}"))
        }
        let coloured = ConsoleReporter(useColor: true).render(ReportFixtures.failed)
        #expect(coloured.contains("\u{1B}[31m✘ failed\u{1B}[0m"))
    }

    @Test func verboseShowsExchangesHandlersAndTiming() {
        let text = ConsoleReporter(verbose: true).render(ReportFixtures.passing)
        #expect(text.contains("\n    > POST \(ReportFixtures.base)?authIndexType=service&authIndexValue=Login\n"))
        #expect(text.contains("\n    > Accept-API-Version: resource=2.0, protocol=1.0\n"))
        #expect(text.contains("\n    < 200\n    < Content-Type: application/json\n    <\n    < {\n"))
        #expect(text.contains(#"<   "tokenId": "«tokenId»""#))
        #expect(text.contains("      answered by handler #2 (PasswordCallback) at journeys/login.yaml:9:3"))
        #expect(text.contains("  server https://am.example.com/am"))
        #expect(text.hasSuffix("\n  time 41.0 ms total, 20.4 ms transport, 20.6 ms runner"))
    }

    @Test func placeholdersPassThroughUnchanged() {
        for reporter in [plain, ConsoleReporter(verbose: true)] {
            let text = reporter.render(ReportFixtures.passing)
            #expect(text.contains("«password»"))
            #expect(!text.contains("\\u00ab"))
        }
        #expect(ConsoleReporter(verbose: true).render(ReportFixtures.passing).contains("«authId»"))
    }

    @Test func reporterProtocolStreamsBlocks() {
        let reporter: any Reporter = ReportFormat.human.reporter()
        #expect(reporter.scriptFinished(ReportFixtures.passing) == plain.render(ReportFixtures.passing))
        #expect(ReportFormat.json.reporter().scriptFinished(ReportFixtures.passing).isEmpty)
        #expect(ReportFormat.junit.reporter().scriptFinished(ReportFixtures.passing).isEmpty)
    }

    @Test func longNotesAreCutUnlessVerbose() {
        let long = String(repeating: "x", count: 200)
        let callback = CallbackTrace(
            type: "MetadataCallback", prompt: nil, answeredBy: nil, inputs: [], notes: [("data", long)])
        let short = ConsoleCallbacks(style: ConsoleStyle(useColor: false), verbose: false).lines(for: callback)
        #expect(short == ["MetadataCallback", "  data=" + String(repeating: "x", count: 79) + "…"])
        let full = ConsoleCallbacks(style: ConsoleStyle(useColor: false), verbose: true).lines(for: callback)
        #expect(full == ["MetadataCallback", "  data=" + long])
    }

    @Test func pollingWaitStageAndOutputOnlyCallbacks() {
        let step = StepTrace(
            number: 4, kind: .callbacks, exchange: ReportFixtures.exchange(duration: 0.005), stage: "WaitForApproval",
            callbacks: [
                CallbackTrace(type: "TextOutputCallback", prompt: "Check your phone", answeredBy: nil, inputs: []),
                CallbackTrace(
                    type: "PollingWaitCallback", prompt: nil, answeredBy: "built-in: echo", inputs: [],
                    notes: [("waitTime", "8000")]),
                CallbackTrace(
                    type: "ConfirmationCallback", prompt: nil, answeredBy: "built-in: echo",
                    inputs: [InputTrace(name: "IDToken3", value: "100", redacted: false)]),
            ], waitedSeconds: 8)
        let result = JourneyResult(name: "Push", file: "push.yaml", steps: [step], startedAt: ReportFixtures.start)
        let lines = plain.render(result).split(separator: "\n").map(String.init)
        #expect(
            Array(lines.dropFirst().prefix(5)) == [
                "  step 4  POST /am/json/realms/root/realms/alpha/authenticate  200  5.0 ms  stage WaitForApproval  waited 8.00 s",
                "    TextOutputCallback \"Check your phone\"",
                "    PollingWaitCallback",
                "      waitTime=8000",
                "    ConfirmationCallback ← 100",
            ])
        #expect(lines.last == "✔ passed  no outcome  1 step, 0 ms")
    }
}
