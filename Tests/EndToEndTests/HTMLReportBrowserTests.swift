import Foundation
import JourneyTestSupport
import Testing

/// The HTML report in a real browser: Debian's chromium, headless, renders the report of a run
/// of journeys/ (plus one failing script) and the DOM it ends with shows the script names, their
/// statuses and the failure; the page's script ran (filters, the count of scripts shown), and a
/// link's `#status=failed` filters. `./scripts/test` installs chromium where it can; elsewhere
/// this test is skipped, visibly, never failed.
@Suite(.enabled(if: Chromium.path != nil, "chromium is not installed: the HTML report's browser check is skipped"))
struct HTMLReportBrowserTests {
    @Test func theReportOfTheExamplesRendersInChromium() async throws {
        let directory = try TemporaryFiles.directory("journey-browser")
        let failing = try ShardMergeTests.failingScript(in: directory)
        let report = directory.appendingPathComponent("report.html")
        let run = try await CLI.run(
            ["run", "journeys/", failing, "--jobs", "2", "--report", "html=\(report.path)"],
            environment: ShardMergeTests.environment, timeout: 900)
        #expect(run.status == 1, "\(run.stderr)")
        let total = ExamplesTests.exampleCount + 1

        let dom = try await Chromium.run(["--dump-dom", report.absoluteString])
        for text in [
            "Log in with a username and password", "Expects a failure and logs in",
            "A wrong password is an expected failure",
            "data-status=\"failed\"", "data-status=\"passed\"", "expected outcome failure", "expects-failure.yaml:",
            "\(total) of \(total) scripts shown",
        ] {
            #expect(dom.contains(text), "not in the DOM: \(text)")
        }
        #expect(!dom.contains(ShardMergeTests.secret))
        // A sequence diagram per script, drawn by the report itself as inline SVG.
        #expect(dom.components(separatedBy: "<svg class=\"sequence\"").count - 1 == total)
        for party in ["Client", "AM", "OAuth", "Resource server", "MobileFirst", "Challenger", "Rakuten API"] {
            #expect(dom.contains("font-weight=\"bold\" fill=\"#1f2d45\">\(party)</text>"), "no participant \(party)")
        }
        #expect(dom.contains("<g class=\"note failed\">"))

        // A link that chooses the failed scripts: the page's script hides all others.
        let filtered = try await Chromium.run(["--dump-dom", report.absoluteString + "#status=failed"])
        #expect(filtered.contains("1 of \(total) scripts shown"), "\(filtered.suffix(2000))")
        #expect(filtered.components(separatedBy: " hidden=\"\"").count - 1 == total - 1)

        let screenshot = directory.appendingPathComponent("report.png")
        _ = try await Chromium.run([
            "--screenshot=\(screenshot.path)", "--window-size=1200,900", "--hide-scrollbars", report.absoluteString,
        ])
        let png = try Data(contentsOf: screenshot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG screenshot")
    }

    /// A guide's example of a failing run (its transcript shows the failure): the run exits 0,
    /// and the script's card, as the browser renders it, says why.
    @Test func aGuidesDocumentedFailureIsNotedOnItsCard() async throws {
        let folder = try GuideEndToEndTests.folder(GuideEndToEndTests.guide)
        let guide = folder.appendingPathComponent("guide.md").path
        let written = try await CLI.run(["run", guide, "--update-transcripts", "--accept-failures"])
        #expect(written.status == 0, "\(written.stdout)\n\(written.stderr)")
        let report = folder.appendingPathComponent("report.html")
        let run = try await CLI.run(["run", guide, "--report", "html=\(report.path)"])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let dom = try await Chromium.run(["--dump-dom", report.absoluteString])
        let card = try #require(
            dom.components(separatedBy: "<details ").first { $0.contains("Wrong password") }, "\(dom.suffix(2000))")
        #expect(card.contains("data-status=\"failed\""))
        #expect(
            card.contains(
                "<p class=\"documented\">failed as its guide's transcript at <code class=\"location\">\(guide):"),
            "\(card)")
        #expect(dom.components(separatedBy: "<p class=\"documented\">").count - 1 == 1)
    }

    /// `journey load --report html=FILE`: counts, thresholds, the latency table and both SVG charts.
    @Test func theLoadPageRendersItsChartsInChromium() async throws {
        let directory = try TemporaryFiles.directory("journey-load-browser")
        let page = directory.appendingPathComponent("load.html")
        let load = try await CLI.run([
            "load", "journeys/login.yaml", "--users", "2", "--duration", "2s", "--threshold", "journey.p99<1us",
            "--report", "html=\(page.path)",
        ])
        #expect(load.status == 1, "the impossible threshold breaks: \(load.stdout)\n\(load.stderr)")
        let dom = try await Chromium.run(["--dump-dom", page.absoluteString])
        for text in [
            "journey load", "closed model, 2 users", "journeys/s", "journey.p99&lt;1us", "BROKEN",
            "login.yaml step 1 (UsernamePassword)", "id=\"over-time\"", "id=\"distribution\"", "class=\"p99\"",
            "99.99",
        ] {
            #expect(dom.contains(text), "not in the DOM: \(text)")
        }
        let points = dom.components(separatedBy: "points=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(points.count == 3 && points.allSatisfy { !$0.isEmpty }, "three drawn lines: \(points)")
    }
}

/// Debian's chromium, run headless.
enum Chromium {
    static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser"] {
            for directory in directories {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    /// Runs chromium headless with `arguments` and returns what it printed on stdout.
    static func run(_ arguments: [String], timeout: Double = 300) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path ?? "chromium")
        let profile = try TemporaryFiles.directory("journey-chromium")
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--user-data-dir=\(profile.path)",
            ] + arguments
        let output = profile.appendingPathComponent("stdout")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let exit = ChildProcess.Exit(of: process)
        try process.run()
        if !(await exit.ended(within: timeout)) {
            await exit.stop(process)
            Issue.record("chromium \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        defer { try? FileManager.default.removeItem(at: profile) }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }
}
