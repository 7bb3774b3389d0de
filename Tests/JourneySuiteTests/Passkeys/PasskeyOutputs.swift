import JourneyRecording
import JourneyReport
import JourneyRun
import JourneyTestSupport

extension PasskeyOutcomeCheck {
    /// Every text a run's results reach: console (verbose), JSON, JUnit, HAR.
    static func outputs(_ results: [JourneyResult]) -> [String] {
        let summary = RunSummary(results: results)
        return results.map { ConsoleReporter(verbose: true).scriptFinished($0) } + [
            JSONReport.render(summary), JUnitReport.render(summary), HARWriter.text(HARWriter.document(results)),
        ]
    }
}
