import Foundation
import JourneyTestSupport
import Testing

/// Every number on the command line has a range; one out of it is a usage error (exit 64, which
/// the README and docs/format.md list) before anything runs (issue 27).
@Suite struct UsageRangeTests {
    @Test(arguments: ["9223372036854775807", "0", "257", "-1"])
    func jobsOutOfRangeIsAUsageError(_ jobs: String) async throws {
        let output = try await CLI.run(["run", "journeys/login.yaml", "--jobs=\(jobs)"], timeout: 120)
        #expect(output.status == 64, "\(output.stderr)")
        Golden.check(output, run: jobs)
        #expect(!output.stdout.contains("▶"))
    }

    @Test(arguments: ["99999", "65536", "-1"])
    func aPortOutOfRangeIsAUsageError(_ port: String) async throws {
        for command in [
            ["simulate", "journeys/trees/am.yaml"], ["serve", "Tests/Fixtures/none.har"],
            ["capture", "--upstream", "http://127.0.0.1:1/am"],
        ] {
            let output = try await CLI.run(command + ["--port=\(port)"], timeout: 120)
            #expect(output.status == 64, "\(command[0]): \(output.stderr)")
            Golden.check(output, run: "\(command[0])\(port)")
        }
    }

    /// `journey capture`'s numbers and its upstreams: each wrong one stops it before it listens.
    /// Each one's message is in its golden transcript (`captureOptionsOutOfRangeAreUsageErrors.<options>.out`).
    @Test(arguments: [
        ["--journeys", "0"],  // --journeys must be between 1 and 10000
        ["--timeout", "3601"],  // --timeout must be between 1 and 3600
        ["--tls-cert", "cert.pem"],  // --tls-cert and --tls-key go together
        ["--upstream", "bank"],  // a second upstream is NAME=URL
        ["--upstream", "bank=ftp://x"],  // is not an http(s) URL
    ])
    func captureOptionsOutOfRangeAreUsageErrors(_ extra: [String]) async throws {
        let output = try await CLI.run(["capture", "--upstream", "http://127.0.0.1:1/am"] + extra, timeout: 120)
        #expect(output.status == 64, "\(output.stderr)")
        Golden.check(output, run: String(extra.joined(separator: " ").map { $0.isLetter || $0.isNumber ? $0 : "-" }))
        #expect(!output.stdout.contains("listening"))
    }

    @Test func theExitCodeTablesListUsageErrors() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let format = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/format.md"), encoding: .utf8)
        let readmeCodes =
            readme.components(separatedBy: "Exit codes:").dropFirst().first?
            .components(separatedBy: "\n\n").first ?? ""
        // Not a transcript: a check of the README's text, not of a run's output.
        #expect(readmeCodes.replacingOccurrences(of: "\n", with: " ").contains("64 a usage error"), "\(readmeCodes)")
        let table = format.components(separatedBy: "## Exit codes").dropFirst().first ?? ""
        #expect(table.split(separator: "\n").contains { $0.hasPrefix("| 64 | A usage error") })
    }
}
