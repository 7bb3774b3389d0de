extension SuiteOptions {
    /// Makes the suite replay from `path` (a HAR file, or a folder of `<script>.har`), offline:
    /// each script gets its recording's configuration, and `warn` receives the drift a result
    /// shows against it. A recording that cannot be read stops the command (exit 2).
    public mutating func replay(from path: String, warn: @escaping @Sendable (String) -> Void) throws(CommandFailure) {
        let source = ReplaySource(path: path)
        do {
            try source.validate()
        } catch {
            throw CommandFailure(error.message)
        }
        configuration.offline = true
        configure = { journey, configuration throws(RunError) in
            try source.configuration(for: journey, base: configuration)
        }
        let report = onResult
        onResult = { result in
            report?(result)
            let warnings = source.driftWarnings(for: result)
            if !warnings.isEmpty { warn(warnings.joined(separator: "\n")) }
        }
    }
}
