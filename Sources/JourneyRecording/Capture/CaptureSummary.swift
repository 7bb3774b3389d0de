import Foundation

/// What `journey capture` prints once it has written its files: where they are, and the
/// commands that replay and rerun each script.
package enum CaptureSummary {
    package static func text(_ written: CaptureOutput.Written, exchanges: Int) -> String {
        var lines = ["captured \(exchanges) exchange\(exchanges == 1 ? "" : "s"); wrote \(written.har) (redacted)"]
        for script in written.scripts { lines.append("wrote \(script)") }
        for skipped in written.skipped { lines.append("no script for \(skipped)") }
        guard let first = written.scripts.first else { return lines.joined(separator: "\n") }
        lines.append("replay it (no network, no secrets):")
        lines.append("  journey run \(first) --replay \(written.har)")
        let environment = written.environment.map { "\($0)=..." }.joined(separator: " ")
        lines.append("run it against the server\(environment.isEmpty ? "" : " (secrets from the environment)"):")
        lines.append("  \(environment.isEmpty ? "" : environment + " ")journey run \(first)")
        return lines.joined(separator: "\n")
    }
}
