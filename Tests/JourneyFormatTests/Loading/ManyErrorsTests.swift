import JourneyCore
import Testing

@testable import JourneyFormat

/// A file with several problems: every one is reported, in file order, at once.
@Suite struct ManyErrorsTests {
    let text = """
        version: 1
        name: Many problems
        journey: Login
        vars:
          username: demo
        handlers:
          NameCallback: "{{ usernam }}"
          ChoiceCallback: { chose: SMS }
        expect:
          outcome: sucess
        limits:
          maxSteps: many
        """

    @Test func reportsEveryErrorWithItsPlace() {
        let result = ScriptLoader.lint(text: text, file: "journeys/many.yaml")
        #expect(result.script == nil)
        #expect(
            result.diagnostics.map { "\($0.location?.description ?? "-") \($0.message)" } == [
                "journeys/many.yaml:7:21 undefined variable 'usernam'",
                "journeys/many.yaml:8:21 unknown key 'chose' in handlers.ChoiceCallback",
                "journeys/many.yaml:10:12 unknown outcome 'sucess'",
                "journeys/many.yaml:12:13 limits.maxSteps must be a whole number, found a string",
            ])
    }

    @Test func loadThrowsTheSameList() {
        #expect(throws: DiagnosticList.self) { try ScriptLoader.load(text: text, file: "journeys/many.yaml") }
        do {
            _ = try ScriptLoader.load(text: text, file: "journeys/many.yaml")
        } catch {
            #expect(error.errors.count == 4)
        }
    }

    /// The one golden test of the caret rendering.
    @Test func rendersTheOffendingLineWithACaret() throws {
        let result = ScriptLoader.lint(text: text, file: "journeys/many.yaml")
        let rendered = result.diagnostics.map { $0.rendered(source: text) }.joined(separator: "\n")
        #expect(
            rendered == """
                journeys/many.yaml:7:21: error: undefined variable 'usernam'
                 7 |   NameCallback: "{{ usernam }}"
                   |                     ^^^^^^^
                   = did you mean 'username'?
                journeys/many.yaml:8:21: error: unknown key 'chose' in handlers.ChoiceCallback
                 8 |   ChoiceCallback: { chose: SMS }
                   |                     ^^^^^
                   = did you mean 'choose'?
                journeys/many.yaml:10:12: error: unknown outcome 'sucess'
                 10 |   outcome: sucess
                    |            ^^^^^^
                    = did you mean 'success'?
                journeys/many.yaml:12:13: error: limits.maxSteps must be a whole number, found a string
                 12 |   maxSteps: many
                    |             ^^^^
                """)
    }

    @Test func aMissingFileIsADiagnostic() {
        do {
            _ = try ScriptLoader.load(path: "/nonexistent/journey.yaml")
            Issue.record("loading a missing file should fail")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(
                error.diagnostics.first?.description
                    == "/nonexistent/journey.yaml:1:1: error: cannot read the file: there is no such file")
        }
    }
}
