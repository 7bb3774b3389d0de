import Foundation
import JourneyTestSupport
import Testing

/// A user's file is never lost (issue 36): a report, a recording or a device file journey
/// writes over is replaced whole or left as it was, through a file-size limit; a symbolic link
/// keeps pointing where it pointed and a replaced file keeps its permissions.
@Suite struct AtomicWriteTests {
    static let login = Repository.path("journeys/login.yaml")
    /// Scripts whose reports, in every format, are larger than 2 KiB.
    static let scripts = ["login.yaml", "hotp.yaml", "login-recaptcha.yaml"].map { Repository.path("journeys/" + $0) }

    /// `journey arguments…` under `ulimit -f blocks` (a shell's blocks, 512 or 1024 bytes), as a
    /// user would run it: no signal set up for it; its output goes through the shell, which has no limit.
    /// The output is checked for the refusal only, not as a golden transcript: the run goes
    /// through a shell (`ulimit`), not `CLI.run`, whose outputs `Golden.check` compares.
    static func limited(_ blocks: Int, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let script =
            "out=$( (ulimit -f \(blocks) && exec \"$0\" \"$@\") 2>&1 ); status=$?; printf '%s\\n' \"$out\"; exit $status"
        return try await ChildProcess.run("/bin/sh", ["-c", script, CLI.executable.path] + arguments)
    }

    static func names(in folder: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    }

    @Test(arguments: ["html", "json", "junit", "markdown"])
    func aReportPastTheFileSizeLimitLeavesTheOldReportWhole(_ format: String) async throws {
        let folder = try TemporaryFiles.directory("journey-atomic")
        let report = folder.appendingPathComponent("report.\(format)")
        let old = "the report of yesterday\n"
        try Data(old.utf8).write(to: report)
        let run = try await Self.limited(2, ["run"] + Self.scripts + ["--report", "\(format)=\(report.path)"])
        #expect(run.status == 3, "\(run.output)")
        // Not a transcript: the run goes through a shell under ulimit (`limited`), not `CLI.run`.
        #expect(run.output.contains("cannot write \(report.path): File too large"), "\(run.output)")
        #expect(try String(contentsOf: report, encoding: .utf8) == old)
        #expect(try Self.names(in: folder) == ["report.\(format)"], "no temporary file is left")
    }

    @Test func aRecordingPastTheFileSizeLimitLeavesTheOldRecordingWhole() async throws {
        let folder = try TemporaryFiles.directory("journey-atomic")
        let har = folder.appendingPathComponent("run.har")
        let old = "{\"log\": {}}\n"
        try Data(old.utf8).write(to: har)
        let run = try await Self.limited(2, ["run", Self.login, "--record", har.path])
        #expect(run.status == 3, "\(run.output)")
        // Not a transcript: the run goes through a shell under ulimit (`limited`), not `CLI.run`.
        #expect(run.output.contains("File too large"), "\(run.output)")
        #expect(try String(contentsOf: har, encoding: .utf8) == old)
        #expect(try Self.names(in: folder) == ["run.har"], "no temporary file is left")
    }

    @Test func aReportThroughASymbolicLinkReplacesItsTargetAndKeepsItsPermissions() async throws {
        let folder = try TemporaryFiles.directory("journey-atomic")
        let reports = folder.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let target = reports.appendingPathComponent("latest.json")
        try Data("old\n".utf8).write(to: target)
        #expect(chmod(target.path, 0o640) == 0)
        let link = folder.appendingPathComponent("report.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "reports/latest.json")
        let run = try await CLI.run([
            "run", Self.login, "--report", "json=\(link.path)", "--record", link.path + ".har",
        ])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "reports/latest.json")
        #expect(try String(contentsOf: target, encoding: .utf8).contains("\"format\": \"journey-report\""))
        let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        #expect(try Self.names(in: reports) == ["latest.json"])
    }
}
