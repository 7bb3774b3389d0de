/// The names of the outcomes, listed once: ``Outcome`` and ``OutcomeExpectation`` name theirs
/// by it, and the script loader and schema accept exactly these.
package enum OutcomeKind: String, Sendable, CaseIterable {
    case success, failure, suspended, redirect, timeout, authorized, denied, token, blocked
}
