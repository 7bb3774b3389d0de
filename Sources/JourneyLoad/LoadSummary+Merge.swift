import Foundation
import JourneyCore
import JourneyKit

extension LoadSummary {
    /// The largest load summary read.
    package static let maxReportBytes = 64 * 1024 * 1024

    /// The summaries of `journey load --shard I/N` runs read from `paths` and merged
    /// (``merged(_:)``); nil when the first file is not a load summary (another kind of report).
    /// A file marked as a load summary (``formatName``) that cannot be read is an error, not another kind.
    package static func merge(files paths: [String]) throws(LoadOptionError) -> LoadSummary? {
        var parts: [LoadSummary] = []
        for (position, path) in paths.enumerated() {
            let data: Data
            do {
                data = try SourceFile.bytes(path, limit: maxReportBytes, what: "a load summary")
            } catch {
                // A first file too large to be a load summary may be a run report: merged as one.
                if position == 0 { return nil }
                throw LoadOptionError("\(path): \(error.message)")
            }
            do {
                parts.append(try read(data, file: path))
            } catch {
                // A file that says it is a load summary is refused for what is wrong with it; any
                // other first file may be a run report, merged as one.
                if claimsFormat(data) { throw error }
                if position == 0 { return nil }
                throw LoadOptionError(
                    "\(path) is not a journey load summary like \(paths[0]); merge reports of one kind")
            }
        }
        do throws(ReportMerge.Problem) {
            try ShardCompleteness.check(zip(paths, parts).map { ($0, $1.shard) })
        } catch {
            throw LoadOptionError(error.description)
        }
        return merged(parts)
    }
}
