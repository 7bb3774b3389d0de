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
    package static func notKept(_ bytes: Int, budget: Int, limit: String? = nil) -> Data {
        Data("\(marker)\(bytes) bytes, past \(limit ?? "the run's limits.keptBodyBytes of \(budget)")]".utf8)
    }

    /// How the line of a body not kept begins.
    package static let marker = "[body not kept: "

    /// True when `body` is such a line (a replay cannot answer with it).
    package static func isNotKept(_ body: Data) -> Bool {
        body.count < 200 && body.starts(with: Data(marker.utf8))
    }
}
