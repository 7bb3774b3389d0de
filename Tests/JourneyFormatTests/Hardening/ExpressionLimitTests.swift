import JourneyCore
import Testing

@testable import JourneyFormat

/// Expressions are bounded in nesting and length, so a hostile template cannot exhaust the
/// stack of the recursive-descent parser (issue 16, item 2).
@Suite struct ExpressionLimitTests {
    let origin = SourceLocation(file: "t.yaml", line: 2, column: 5)

    @Test func aDeeplyNestedExpressionIsAnErrorAtItsColumn() {
        let depth = 5_000
        let text =
            "{{ " + String(repeating: "lower(", count: depth) + "x" + String(repeating: ")", count: depth) + " }}"
        #expect(throws: Diagnostic.self) { try TemplateParser.parse(text, at: origin) }
        do {
            _ = try TemplateParser.parse(text, at: origin)
        } catch {
            #expect(
                error.message.contains("nested more than \(ExpressionLimits.maximumDepth) deep"), "\(error.message)")
            let column = 5 + 3 + 6 * ExpressionLimits.maximumDepth
            #expect(error.location == SourceLocation(file: "t.yaml", line: 2, column: column))
        }
    }

    @Test func nestingUpToTheLimitParses() throws {
        let depth = ExpressionLimits.maximumDepth
        let text =
            "{{ " + String(repeating: "lower(", count: depth) + "x" + String(repeating: ")", count: depth) + " }}"
        _ = try TemplateParser.parse(text, at: origin)
    }

    @Test func aLongExpressionIsAnError() {
        let text = "{{ '" + String(repeating: "a", count: ExpressionLimits.maximumLength + 1) + "' }}"
        do {
            _ = try TemplateParser.parse(text, at: origin)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.message.contains("longer than \(ExpressionLimits.maximumLength) characters"), "\(error.message)")
            #expect(error.location == SourceLocation(file: "t.yaml", line: 2, column: 5))
        }
    }

    @Test func manyReferencesInOneTemplateKeepTheirPlaces() throws {
        let text = String(repeating: "{{ a }}\n", count: 2_000)
        let parsed = try TemplateParser.parseWithReferences(text, at: origin)
        #expect(parsed.references.count == 2_000)
        #expect(parsed.references.last?.location == SourceLocation(file: "t.yaml", line: 2_001, column: 4))
    }
}
