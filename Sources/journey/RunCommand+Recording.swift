import ArgumentParser
import Foundation
import JourneyKit

/// `journey run --record` and `--replay`: the library does the work; this only wires the options.
extension RunCommand {
    func configureReplay(_ options: inout SuiteOptions) throws {
        guard let replay else { return }
        let source = ReplaySource(path: replay)
        do {
            try source.validate()
        } catch {
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            throw ExitCode(2)
        }
        options.configure = { journey, configuration throws(RunError) in
            try source.configuration(for: journey, base: configuration)
        }
        let report = options.onResult
        options.onResult = { result in
            report?(result)
            let warnings = source.driftWarnings(for: result)
            if !warnings.isEmpty {
                FileHandle.standardError.write(Data((warnings.joined(separator: "\n") + "\n").utf8))
            }
        }
    }
}

/// `--record`, for `run` and `diff`: writes the results as HAR and says where, or exits 3.
enum RecordingOutput {
    static func write(_ results: [JourneyResult], to record: String?) throws {
        guard let record else { return }
        do {
            let files = try HARWriter.write(results, to: record)
            FileHandle.standardError.write(
                Data("recorded \(files.count == 1 ? files[0] : "\(files.count) files in \(record)")\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            throw ExitCode(3)
        }
    }
}
