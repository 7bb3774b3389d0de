import JourneyCore
import JourneyRecording
import JourneyRun

extension SuiteOptions {
    /// Makes the suite replay from `path` (a HAR file, or a folder of `<script>.har`), offline:
    /// each script gets its recording's configuration, and `warn` receives the drift a result
    /// shows against it. A recording that cannot be read stops the command (exit 2).
    package mutating func replay(from path: String, warn: @escaping @Sendable (String) -> Void) throws(CommandFailure) {
        let source = ReplaySource(path: path)
        do {
            try source.validate()
        } catch {
            throw CommandFailure(error.message)
        }
        configure = { journey, configuration throws(RunError) in
            try source.configuration(for: journey, base: configuration)
        }
        let report = onResult
        onResult = { result in
            report?(result)
            let warnings = source.driftWarnings(for: result)
            // The warnings quote the recording's and the server's text: shown, never obeyed by a terminal.
            if !warnings.isEmpty { warn(warnings.map(VisibleText.escaped).joined(separator: "\n")) }
        }
    }
}
