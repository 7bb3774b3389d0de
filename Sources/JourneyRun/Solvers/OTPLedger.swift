import Foundation
import JourneyCore
import Synchronization

/// The one-time-password steps and counters already used, per secret, shared by the runs of a
/// suite (one `RunConfiguration`, copied per run, holds one ledger).
///
/// AM refuses a TOTP code from a time step it already accepted for the device (and any earlier
/// step), and an HOTP counter at or below the last accepted one. The ledger lets the solver wait
/// for the next time step, and hand out the next HOTP counter, instead of failing the login.
package final class OTPLedger: Sendable {
    private struct Entry {
        var lastTimeStep: UInt64?
        var nextCounter: UInt64?
    }

    private let entries = Mutex<[String: Entry]>([:])

    package init() {}

    private static func key(_ parameters: OTPParameters) -> String {
        Base32.encode(parameters.secret)
    }

    /// The last TOTP step used with this secret.
    package func lastTimeStep(for parameters: OTPParameters) -> UInt64? {
        entries.withLock { $0[Self.key(parameters)]?.lastTimeStep }
    }

    /// Seconds to wait on the run's clock before a TOTP code from a step not used yet exists (0 when one exists now).
    package func secondsUntilFreshStep(for parameters: OTPParameters, at now: Date) -> Double {
        guard parameters.kind == .totp, let last = lastTimeStep(for: parameters) else { return 0 }
        guard parameters.step(at: now) <= last else { return 0 }
        let next = Double(last + 1) * Double(parameters.period)
        return max(0, next - now.timeIntervalSince1970)
    }

    /// Records that the code of `step` is being used.
    package func useTimeStep(_ step: UInt64, for parameters: OTPParameters) {
        entries.withLock { entries in
            let key = Self.key(parameters)
            entries[key, default: Entry()].lastTimeStep = max(entries[key]?.lastTimeStep ?? 0, step)
        }
    }

    /// The HOTP counter to use (`explicit`, else the next one after those used, else the URI's
    /// own), recorded as used.
    package func takeCounter(for parameters: OTPParameters, explicit: UInt64?) -> UInt64 {
        entries.withLock { entries in
            let key = Self.key(parameters)
            let counter = explicit ?? max(parameters.counter, entries[key]?.nextCounter ?? 0)
            entries[key, default: Entry()].nextCounter = max(entries[key]?.nextCounter ?? 0, counter &+ 1)
            return counter
        }
    }
}
