import JourneyReport

/// The rules of `journey run --watch`, checked before anything runs.
package enum WatchOption {
    /// What the run's other options ask for, as far as `--watch` cares.
    package struct Request: Sendable {
        package var format: ReportFormat
        package var reports: Bool
        package var record: Bool
        package var shard: Bool

        package init(format: ReportFormat = .human, reports: Bool = false, record: Bool = false, shard: Bool = false) {
            self.format = format
            self.reports = reports
            self.record = record
            self.shard = shard
        }
    }

    /// Why `--watch` cannot be used with these options, or nil when it can. A watch prints block
    /// after block for people at a terminal; reports, recordings and shards describe one whole run.
    /// `--repeat`, `--fail-fast`, `--tag`, `--jobs` and `--replay` apply to every run of the watch.
    package static func problem(_ request: Request) -> String? {
        if request.format != .human {
            return "--watch writes for people: --format \(request.format.rawValue) is one document for one run"
        }
        if request.reports { return "--watch cannot write --report files: a report describes one run" }
        if request.record { return "--watch cannot --record: a recording holds one run of each script" }
        if request.shard {
            return "--watch runs every script it finds: --shard is for splitting one run across machines"
        }
        return nil
    }
}
