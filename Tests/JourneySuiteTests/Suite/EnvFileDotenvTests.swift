import Foundation
import JourneyCore
import JourneySuite
import JourneyTestSupport
import Testing

/// `--env-file` reads the dotenv files people already have as python-dotenv reads them: each
/// file of the table is read by journey and by python-dotenv's `dotenv_values` (the oracle, in
/// the suite's venv), and compared key by key. Where journey deliberately refuses a file that
/// python-dotenv reads, or reads it otherwise, the row says why (docs/format.md, "Env files").
@Suite struct EnvFileDotenvTests {
    enum Expectation {
        /// journey reads what python-dotenv reads.
        case same
        /// journey stops at `file:line` with this message; python-dotenv reads something (skips
        /// the line, expands a value...): the reason the refusal is deliberate.
        case refused(line: Int, message: String, why: String)
        /// journey reads these values, python-dotenv others, for the reason given.
        case differs([String: String], why: String)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        var testDescription: String { name }
    }

    static let rows: [(Row, Expectation)] = [
        (Row(name: "comments and blank lines", text: "# a comment\n\n   \nA=1\n  # indented comment\nB=2\n"), .same),
        (Row(name: "a comment after an unquoted value", text: "AM_PASSWORD=password # comment\nB=x\t# tab\n"), .same),
        (Row(name: "a # without a blank before it is the value's", text: "A=pass#word\nB=#hash\n"), .same),
        (Row(name: "export", text: "export A=1\nexport  B=two\n"), .same),
        (Row(name: "blanks around the key and after =", text: "  A = 1\nB=   spaced value   \n"), .same),
        (Row(name: "an equals sign in the value", text: "URL=https://x.example/?a=b&c=d\n"), .same),
        (Row(name: "single quotes are literal", text: "A='x # not a comment'\nB='a\\nb'\nC='C:\\temp'\n"), .same),
        (
            Row(
                name: "double quotes and their escapes",
                text:
                    "A=\"two words\"\nB=\"line\\nnext\"\nC=\"say \\\"hi\\\"\"\nD=\"back\\\\slash\"\nE=\"tab\\there\"\nF=\"keep \\x as is\"\n"
            ),
            .same
        ),
        (Row(name: "a comment after a quoted value", text: "A=\"x\" # why\nB='y'# right after\n"), .same),
        (Row(name: "empty values", text: "A=\nB=''\nC=\"\"\nD=   \nE= # nothing yet\n"), .same),
        (Row(name: "CRLF line ends", text: "A=1\r\nB=\"two\"\r\n# c\r\nC=x # c\r\n"), .same),
        (Row(name: "a duplicate key: the last wins", text: "A=first\nA=second\n"), .same),
        (Row(name: "a quoted value over two lines", text: "KEY=\"-----BEGIN-----\nabc\n-----END-----\"\nB=1\n"), .same),
        (Row(name: "keys with dots, dashes and digits", text: "a.b=1\nc-d=2\n_E9=3\n"), .same),
        (Row(name: "no line end at the end", text: "A=1\nB=2"), .same),
        (
            Row(name: "a line without =", text: "A=1\nnot a pair\n"),
            .refused(
                line: 2, message: "expected KEY=VALUE: a key is letters, digits, '_', '.' and '-'",
                why:
                    "python-dotenv skips the line with a warning on stderr; a line journey cannot read is never ignored"
            )
        ),
        (
            Row(name: "a key alone", text: "A=1\nDEBUG\n"),
            .refused(
                line: 2, message: "expected KEY=VALUE: DEBUG has no '=' (write DEBUG= for an empty value)",
                why: "python-dotenv gives DEBUG the value None (unset); an env file of journey sets what it names")
        ),
        (
            Row(name: "a quoted key", text: "'A'=1\n"),
            .refused(
                line: 1, message: "expected KEY=VALUE: a key is not quoted",
                why:
                    "python-dotenv reads a single-quoted key; no other dotenv reader does, and no script could name one"
            )
        ),
        (
            Row(name: "an unclosed quote", text: "A=1\nB=\"open\nC=2\n"),
            .refused(
                line: 2, message: "the double-quoted value of B is never closed",
                why: "python-dotenv skips the line with a warning and reads C")
        ),
        (
            Row(name: "text after a closing quote", text: "B=1\nA=\"x\" y\n"),
            .refused(
                line: 2, message: "the value of A goes on after its closing quote (only a # comment may follow it)",
                why: "python-dotenv skips the line with a warning")
        ),
        (
            Row(name: "${...} outside single quotes", text: "HOST=example.com\nURL=https://${HOST}/am\n"),
            .refused(
                line: 2, message: "the value of URL holds ${...}",
                why:
                    "python-dotenv expands ${HOST}; journey does not expand, and refuses rather than send it as written"
            )
        ),
        (
            Row(name: "backslashes in single quotes", text: "A='it\\\\s'\n"),
            .differs(
                ["A": "it\\\\s"],
                why:
                    "python-dotenv reads \\\\ and \\' as escapes in single quotes; journey keeps them literal, as the shell and Compose do"
            )
        ),
    ]

    /// python-dotenv's `dotenv_values` of each file, as JSON (`null` for a key without a value).
    static func dotenvValues(_ files: [String]) async throws -> [[String: JSONValue]] {
        let python = try #require(PythonTools.executable("python3"), Comment(rawValue: PythonTools.missing("python3")))
        let program = """
            import json, logging, sys
            logging.disable(logging.CRITICAL)
            from dotenv import dotenv_values
            print(json.dumps([dotenv_values(path) for path in sys.argv[1:]]))
            """
        let (status, output) = try await ChildProcess.run(python, ["-c", program] + files, timeout: 120)
        #expect(status == 0, "python-dotenv: \(output) (\(PythonTools.setupHint))")
        let parsed = try JSONValue.parse(Data(output.utf8))
        return (parsed.arrayValue ?? []).map { $0.objectValue ?? [:] }
    }

    @Test func journeyReadsEnvFilesAsPythonDotenvDoes() async throws {
        let folder = try TemporaryFiles.directory("journey-dotenv")
        let files = Self.rows.enumerated().map { folder.appendingPathComponent("\($0.offset).env").path }
        for (file, row) in zip(files, Self.rows) { try Data(row.0.text.utf8).write(to: URL(fileURLWithPath: file)) }
        let oracle = try await Self.dotenvValues(files)
        try #require(oracle.count == Self.rows.count)
        for ((row, expectation), (file, dotenv)) in zip(Self.rows, zip(files, oracle)) {
            let python = dotenv.mapValues { $0.stringValue }
            switch expectation {
            case .same:
                let journey = try EnvFile.read(file)
                #expect(journey.mapValues(Optional.some) == python, "\(row.name)")
            case .refused(let line, let message, let why):
                #expect(!python.isEmpty, "\(row.name): python-dotenv reads it (\(why))")
                do {
                    let values = try EnvFile.read(file)
                    Issue.record("\(row.name): journey read \(values.keys.sorted()) instead of refusing (\(why))")
                } catch {
                    #expect(error.description.hasPrefix("\(file):\(line): \(message)"), "\(row.name): \(error)")
                }
            case .differs(let values, let why):
                let journey = try EnvFile.read(file)
                #expect(journey == values, "\(row.name)")
                #expect(journey.mapValues(Optional.some) != python, "\(row.name) now reads as python-dotenv: \(why)")
            }
        }
    }

    @Test func theRepositorysExampleEnvFileReadsAsPythonDotenvReadsIt() async throws {
        let example = Repository.path(".env.example")
        let journey = try EnvFile.read(example)
        #expect(journey["DEMO_PASSWORD"] == "replace-with-the-demo-users-password")
        #expect(
            try await Self.dotenvValues([example]).first?.mapValues(\.stringValue) == journey.mapValues(Optional.some))
    }

    @Test func aProblemNamesTheLineNeverTheValue() throws {
        let file = try TemporaryFiles.file(".env", "A=1\n\n  PASSWORD \"hunter2\"\n")
        do {
            _ = try EnvFile.read(file)
            Issue.record("the file was read")
        } catch {
            #expect(error.description.hasPrefix("\(file):3: "))
            #expect(!error.description.contains("hunter2"))
        }
    }
}
