import Foundation
import JourneyFormat

/// The budget of body bytes a run keeps for its reports and recording (`limits.keptBodyBytes`),
/// so a run's memory stays bounded whatever a server sends: each response is read whole (up to
/// the transport's 8 MiB) and let go once the step is answered; only kept bodies stay.
package enum KeptBodies {
    /// The script format's default (`Limits.defaultKeptBodyBytes`).
    package static let defaultBudget = Limits.defaultKeptBodyBytes

    /// What an exchange keeps in place of a body past the budget: a line that says so, never a
    /// piece of the body (a cut could end inside a secret, where no redaction finds it).
    static func notKept(_ bytes: Int, budget: Int) -> Data {
        Data("[body not kept: \(bytes) bytes, past the run's limits.keptBodyBytes of \(budget)]".utf8)
    }
}
