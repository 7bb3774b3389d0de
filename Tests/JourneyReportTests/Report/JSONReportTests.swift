import Foundation
import JourneyTestSupport
import Testing

@testable import JourneyReport

@Suite("JSON report")
struct JSONReportTests {
    func parsed(_ summary: RunSummary) throws -> [String: Any] {
        let text = JSONReport.render(summary)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func topLevelAndSummary() throws {
        let report = try parsed(RunSummary(results: ReportFixtures.all, duration: 0.35))
        #expect(report["format"] as? String == "journey-report")
        #expect(report["version"] as? Int == 1)
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["scripts"] as? Int == 4)
        #expect(summary["passed"] as? Int == 1)
        #expect(summary["failed"] as? Int == 1)
        #expect(summary["errors"] as? Int == 1)
        #expect(summary["invalid"] as? Int == 1)
        #expect(summary["exitCode"] as? Int == 3)
        #expect(summary["duration"] as? Double == 0.35)
        #expect(summary["startedAt"] as? String == "2025-02-19T21:20:00.000Z")
        let scripts = try #require(report["scripts"] as? [[String: Any]])
        #expect(scripts.map { $0["status"] as? String } == ["passed", "failed", "error", "invalid"])
    }

    @Test func everyDocumentedScriptFieldIsPresent() throws {
        let report = try parsed(RunSummary(results: ReportFixtures.all))
        let scripts = try #require(report["scripts"] as? [[String: Any]])
        let fields: Set<String> = [
            "name", "file", "tags", "server", "status", "exitCode", "startedAt", "duration", "transportTime", "outcome",
            "failures", "error", "diagnostics", "steps", "attempts", "documentedFailure",
        ]
        for script in scripts {
            #expect(Set(script.keys) == fields)
        }
    }

    @Test func passingScriptStepsAndCallbacks() throws {
        let report = try parsed(RunSummary(results: [ReportFixtures.passing]))
        let script = try #require((report["scripts"] as? [[String: Any]])?.first)
        #expect(script["exitCode"] as? Int == 0)
        #expect(script["duration"] as? Double == 0.041)
        #expect(script["server"] as? String == "https://am.example.com/am")
        #expect(script["error"] is NSNull)
        let outcome = try #require(script["outcome"] as? [String: Any])
        #expect(outcome["type"] as? String == "success")
        #expect(outcome["tokenPresent"] as? Bool == true)
        #expect(outcome["realm"] as? String == "/alpha")
        #expect(outcome["successUrl"] is NSNull)
        let steps = try #require(script["steps"] as? [[String: Any]])
        #expect(steps.count == 2)
        let first = steps[0]
        #expect(
            Set(first.keys)
                == [
                    "number", "kind", "stage", "header", "waitedSeconds", "startedAt", "duration", "request",
                    "response",
                    "callbacks", "failures", "phase", "party", "notes",
                ])
        #expect(first["number"] as? Int == 1)
        #expect(first["kind"] as? String == "callbacks")
        let response = try #require(first["response"] as? [String: Any])
        #expect(response["status"] as? Int == 200)
        let headers = try #require(response["headers"] as? [[String: Any]])
        #expect(headers.first?["name"] as? String == "Content-Type")
        let callbacks = try #require(first["callbacks"] as? [[String: Any]])
        #expect(callbacks.map { $0["type"] as? String } == ["NameCallback", "PasswordCallback"])
        let input = try #require((callbacks[1]["inputs"] as? [[String: Any]])?.first)
        #expect(input["name"] as? String == "IDToken2")
        #expect(input["value"] as? String == "«password»")
        #expect(input["redacted"] as? Bool == true)
    }

    @Test func failuresAreListedOnceWithStepAndLocation() throws {
        let report = try parsed(RunSummary(results: [ReportFixtures.failed]))
        let script = try #require((report["scripts"] as? [[String: Any]])?.first)
        let failures = try #require(script["failures"] as? [[String: Any]])
        #expect(failures.count == 2)
        #expect(failures[0]["step"] as? Int == 3)
        let location = try #require(failures[0]["location"] as? [String: Any])
        #expect(location["line"] as? Int == 21)
        #expect(failures[1]["step"] is NSNull)
        let steps = try #require(script["steps"] as? [[String: Any]])
        #expect((steps[2]["failures"] as? [Any])?.count == 1)
        let outcome = try #require(script["outcome"] as? [String: Any])
        #expect(outcome["code"] as? Int == 401)
        #expect(outcome["detail"] is NSNull)
    }

    @Test func errorAndDiagnostics() throws {
        let report = try parsed(RunSummary(results: [ReportFixtures.transportError, ReportFixtures.invalid]))
        let scripts = try #require(report["scripts"] as? [[String: Any]])
        let error = try #require(scripts[0]["error"] as? [String: Any])
        #expect(error["kind"] as? String == "transport")
        #expect(error["step"] as? Int == 2)
        #expect(error["transport"] as? String == "unreachable", "which transport failure")
        let steps = try #require(scripts[0]["steps"] as? [[String: Any]])
        #expect((steps[1]["response"] as? [String: Any])?["status"] is NSNull)
        let diagnostic = try #require((scripts[1]["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["severity"] as? String == "error")
        #expect(diagnostic["hint"] as? String == "did you mean 'handlers'?")
        #expect(diagnostic["length"] as? Int == 8)
        #expect(scripts[1]["exitCode"] as? Int == 2)
    }

    @Test func nonFiniteTimesBecomeNull() throws {
        var result = ReportFixtures.passing
        result.transportTime = .nan
        let report = try parsed(RunSummary(results: [result]))
        let script = try #require((report["scripts"] as? [[String: Any]])?.first)
        #expect(script["transportTime"] is NSNull)
    }

    @Test func sameResultsSameText() {
        let summary = RunSummary(results: ReportFixtures.all, duration: 1)
        #expect(JSONReport.render(summary) == JSONReport.render(summary))
        #expect(JSONReport.render(summary).hasSuffix("}\n"))
    }
}
