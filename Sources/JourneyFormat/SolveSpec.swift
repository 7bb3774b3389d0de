import JourneyCore

/// `solve:` on a handler: answer a challenge by computing the answer (proof of work, clear-pass,
/// an arithmetic CAPTCHA) instead of giving it.
///
/// `solve: pow` reads the scheme and the challenge from the callback (`scheme` and `challenge`
/// outputs, as the simulator's ProofOfWorkCallback sends them); `solve: arithmetic` reads the
/// prompt; the mapping form names the scheme and may take the challenge from anywhere.
package struct SolveSpec: Sendable {
    package enum Scheme: String, Sendable, Hashable, CaseIterable {
        /// The callback's own `scheme` output picks one of the proof-of-work schemes.
        case pow
        case altcha, hashcash, hexPrefix, clearPass
        /// The first "A + B" (or -, ×) in the callback's prompt (or the challenge text).
        case arithmetic
    }

    package var scheme: Scheme
    /// The challenge (a JSON object, or a string holding one); the callback's `challenge` output when absent.
    package var challenge: ValueSpec?
    /// Wall-clock milliseconds the search may take (default 30000).
    package var timeoutMilliseconds: Int?
    /// Candidates tried at most (default 100 000 000).
    package var maxCount: Int?
    /// The input suffix the answer goes to; the callback's only input when absent.
    package var input: String?
    package var location: SourceLocation

    package init(
        scheme: Scheme, challenge: ValueSpec? = nil, timeoutMilliseconds: Int? = nil, maxCount: Int? = nil,
        input: String? = nil, location: SourceLocation
    ) {
        self.scheme = scheme
        self.challenge = challenge
        self.timeoutMilliseconds = timeoutMilliseconds
        self.maxCount = maxCount
        self.input = input
        self.location = location
    }
}
