import JourneyCore
import JourneyRecording
import JourneyRun

/// `--record` for `run` and `diff`: the results as HAR, and the line that says where.
package enum RecordingOutput {
    /// Writes `results` to `path` (a file, or a folder of one file per script) and returns
    /// `recorded <where>`; a file that cannot be written stops the command with exit 3.
    package static func write(_ results: [JourneyResult], to path: String) throws(CommandFailure) -> String {
        do {
            let files = try HARWriter.write(results, to: path)
            return "recorded \(files.count == 1 ? files[0] : "\(Plural.count(files.count, "file")) in \(path)")"
        } catch {
            throw CommandFailure(error.message, exitCode: 3)
        }
    }
}
