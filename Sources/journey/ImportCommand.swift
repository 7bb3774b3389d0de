import ArgumentParser
import Foundation
import JourneyKit

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a HAR recording of a PingAM journey into a script.",
        discussion: """
            Secret inputs (passwords, OTPs, tokens) become variables read from the environment, \
            e.g. { env: JOURNEY_PASSWORD, secret: true }. The script replays against the recording:
              journey import login.har -o login.yaml
              journey run login.yaml --replay login.har
            """)

    @Argument(help: "The HAR file (written by journey, Chrome DevTools, Polly.js...).")
    var recording: String

    @Option(name: .shortAndLong, help: "Where to write the script (stdout when absent).")
    var output: String?

    @Option(help: "The journey to import when the recording holds several (the first by default).")
    var journey: String?

    func run() async throws {
        try await CommandExit.reporting {
            let text: String
            let loaded: Recording
            do throws(RecordingError) {
                loaded = try Recording.load(path: recording)
                text = try ScriptImporter.script(from: loaded, journeyName: journey)
            } catch {
                throw CommandFailure(error.message)
            }
            if let found = loaded.journey(named: journey),
                let client = ImportedClient(recording: loaded, journey: found)
            {
                StandardError.write("client.sdk: \(client.sdk.rawValue), \(client.reason)")
            }
            guard let output else { return print(text, terminator: "") }
            let directory = (output as NSString).deletingLastPathComponent
            try OutputFile.write(
                SchemaReference.adding(to: text, writtenIn: directory), to: output, limit: SourceFile.maximumBytes)
            StandardError.write("wrote \(output)")
        }
    }
}
