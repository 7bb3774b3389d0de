import Foundation
import JourneyCore

/// What a run tells a transport that keeps state per run.
package struct TransportRunInfo: Sendable {
    /// The script file and name.
    package var scriptFile: String
    package var scriptName: String
    /// The run's redactor: compare and show values in their redacted form.
    package var redactor: Redactor

    package init(scriptFile: String, scriptName: String, redactor: Redactor) {
        self.scriptFile = scriptFile
        self.scriptName = scriptName
        self.redactor = redactor
    }
}

/// The transport (and clock) one run uses.
package struct TransportRunScope: Sendable {
    package var transport: any Transport
    /// Replaces the configuration's clock for this run when set (a replay's recorded time).
    package var clock: (any JourneyClock)?

    package init(transport: any Transport, clock: (any JourneyClock)? = nil) {
        self.transport = transport
        self.clock = clock
    }
}

/// A transport that keeps state per run, such as a replay's position in its recording. The
/// driver calls `begin` once per run and sends that run's requests through the scope's
/// transport, so one configuration serves many concurrent runs.
package protocol RunScopedTransport: Transport {
    func begin(_ run: TransportRunInfo) -> TransportRunScope
}
