/// A script as ``SuiteRunner/launch(file:text:options:)`` leaves it.
package enum ScriptLaunch: Sendable {
    /// Compiled, with the configuration it runs with: run it with ``JourneyDriver/run(_:configuration:)``.
    case ready(CompiledJourney, RunConfiguration)
    /// Ended before any request: invalid, refused, or without the simulator it needs.
    case finished(JourneyResult)
}
