import Foundation
import JourneyCore
import JourneySuite
import JourneyTestSupport
import Testing

/// What the commands' arguments turn into: env files, `--var`, `--report`, output files.
@Suite struct SuiteSupportTests {
    @Test func envFilesReadKeyValueLines() throws {
        let file = try TemporaryFiles.file(
            ".env", "# comment\n\nexport A=1\nB = \"two words\"\nC='x'\nD=a=b\n")
        #expect(try EnvFile.read(file) == ["A": "1", "B": "two words", "C": "x", "D": "a=b"])
    }

    @Test func aLineWithoutEqualsNamesItsFileAndLine() throws {
        let file = try TemporaryFiles.file(".env", "A=1\nnot a pair\n")
        #expect(throws: EnvFile.Problem.self) { try EnvFile.read(file) }
        do {
            _ = try EnvFile.read(file)
        } catch {
            #expect(error.description.hasPrefix("\(file):2: expected KEY=VALUE"))
        }
    }

    @Test func assignmentsNeedANameAndAnEquals() throws {
        #expect(try EnvFile.parseAssignments(["a=1", "b==2", "c="]) == ["a": "1", "b": "=2", "c": ""])
        #expect(throws: EnvFile.Problem.self) { try EnvFile.parseAssignments(["=1"]) }
        #expect(throws: EnvFile.Problem.self) { try EnvFile.parseAssignments(["novalue"]) }
    }

    @Test func reportArgumentsNameAMachineFormatAndAFile() {
        #expect(ReportFile(argument: "junit=out/junit.xml")?.format == .junit)
        #expect(ReportFile(argument: "json=a=b.json")?.path == "a=b.json")
        #expect(ReportFile(argument: "human=out.txt") == nil)
        #expect(ReportFile(argument: "junit") == nil)
    }

    @Test func outputFilesMakeTheirFolderAndFailWithTheGivenCode() throws {
        let folder = try TemporaryFiles.directory()
        let path = folder.appendingPathComponent("a/b/script.yaml").path
        try OutputFile.write("text", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "text")
        // A folder where the file should be cannot be written.
        do {
            try OutputFile.write("text", to: folder.path, exitCode: 3)
            Issue.record("writing over a folder succeeded")
        } catch {
            #expect(error.exitCode == 3)
            #expect(error.message.hasPrefix("cannot write \(folder.path)"))
        }
    }
}
