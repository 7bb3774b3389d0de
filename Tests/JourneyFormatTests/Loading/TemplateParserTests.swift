import JourneyCore
import Testing

@testable import JourneyFormat

@Suite struct TemplateParserTests {
    let origin = SourceLocation(file: "t.yaml", line: 3, column: 10)

    @Test func parsesLiteralsPathsStringsNumbersAndCalls() throws {
        let template = try TemplateParser.parse(
            #"user-{{ env.PREFIX }}-{{ lower( "A\"b" ) }}{{ digits(8) }}{{ email('example.com') }}{{ base64(username) }}"#,
            at: origin)
        #expect(
            template.parts == [
                .literal("user-"), .expression(.path(["env", "PREFIX"]), source: "env.PREFIX"), .literal("-"),
                .expression(.call(name: "lower", arguments: [.string("A\"b")]), source: #"lower( "A\"b" )"#),
                .expression(.call(name: "digits", arguments: [.number(8)]), source: "digits(8)"),
                .expression(.call(name: "email", arguments: [.string("example.com")]), source: "email('example.com')"),
                .expression(.call(name: "base64", arguments: [.path(["username"])]), source: "base64(username)"),
            ])
        #expect(template.location == origin)
    }

    @Test func plainTextIsOneLiteral() throws {
        #expect(try TemplateParser.parse("no braces } here", at: origin).literalText == "no braces } here")
        #expect(try TemplateParser.parse("", at: origin).literalText == "")
    }

    @Test func aSoleExpressionKeepsItsType() throws {
        #expect(try TemplateParser.parse("{{count}}", at: origin).soleExpression == .path(["count"]))
    }

    @Test func recordsWhereVariablesAreRead() throws {
        let parsed = try TemplateParser.parseWithReferences("a {{ upper(user.name) }} {{ env.X }}", at: origin)
        #expect(parsed.references.map(\.path) == ["user.name"])
        #expect(parsed.references.first?.location == SourceLocation(file: "t.yaml", line: 3, column: 21))
    }

    @Test(arguments: [
        ("x {{ name", "3:12 unterminated '{{': expected '}}' to close the expression"),
        ("{{ }}", "3:10 empty expression '{{ }}'"),
        ("{{ a b }}", "3:15 unexpected 'b' in expression; expected '}}'"),
        ("{{ now(1) }}", "3:13 now() takes 0 arguments, found 1"),
        ("{{ lower() }}", "3:13 lower() takes 1 argument, found 0"),
        ("{{ 'open }}", "3:13 unterminated string in expression"),
        ("{{ env }}", "3:13 'env' is not an environment variable reference"),
        ("{{ a. }}", "3:15 expected a name after '.' in 'a'"),
        ("{{ + }}", "3:13 unexpected '+' in expression"),
        ("{{ digits(1 2) }}", "3:22 unexpected '2' in the arguments of digits(); expected ',' or ')'"),
    ])
    func reportsErrorsAtTheirColumn(text: String, expected: String) {
        do {
            _ = try TemplateParser.parse(text, at: origin)
            Issue.record("expected an error for \(text)")
        } catch {
            let place = error.location.map { "\($0.line):\($0.column)" } ?? "-"
            #expect("\(place) \(error.message)" == expected)
        }
    }
}
