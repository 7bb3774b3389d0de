import ArgumentParser
import Foundation
import JourneyKit

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a HAR recording of a PingAM journey into a script.",
        discussion: """
            Secret inputs (passwords, OTPs, tokens) become variables read from the environment,
            e.g. { env: JOURNEY_PASSWORD, secret: true }. The script replays against the recording:
              journey import login.har -o login.yaml && journey run login.yaml --replay login.har
            """)

    @Argument(help: "The HAR file (written by journey, Chrome DevTools, Polly.js...).")
    var recording: String

    @Option(name: .shortAndLong, help: "Where to write the script (stdout when absent).")
    var output: String?

    @Option(help: "The journey to import when the recording holds several (the first by default).")
    var journey: String?

    func run() throws {
        let text: String
        do {
            let loaded = try Recording.load(path: recording)
            text = try ScriptImporter.script(from: loaded, journeyName: journey)
        } catch {
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            throw ExitCode(2)
        }
        guard let output else {
            print(text, terminator: "")
            return
        }
        do {
            let directory = (output as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            FileHandle.standardError.write(Data("error: cannot write \(output): \(error.localizedDescription)\n".utf8))
            throw ExitCode(2)
        }
        FileHandle.standardError.write(Data("wrote \(output)\n".utf8))
    }
}
