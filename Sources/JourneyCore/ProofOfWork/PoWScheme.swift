import Foundation

/// The challenge schemes the runner solves and the simulator issues.
package enum PoWScheme: String, Sendable, Hashable, CaseIterable {
    /// ALTCHA v1: `{algorithm, challenge, salt, signature, maxnumber}` → Base64 JSON payload.
    case altcha
    /// Leading zero bits: `{bits, stamp}` (hashcash v1) or `{bits, seed, algorithm}` → the stamp or the nonce.
    case hashcash
    /// Hex-prefix target: `{seed, prefix, algorithm}` → the nonce.
    case hexPrefix
    /// Clear-pass: no work; `{token}` → the token, sent back as it came.
    case clearPass

    /// The answer to a challenge, and how much work it took.
    package struct Solution: Sendable, Hashable {
        package var answer: String
        package var tried: UInt64
        package var seconds: Double
    }

    /// Either the challenge could not be read, or the search found nothing.
    package enum Failure: Error, Sendable, CustomStringConvertible {
        case challenge(PoWChallengeError)
        case search(PoWError)

        package var description: String {
            switch self {
            case .challenge(let error): error.description
            case .search(let error): error.description
            }
        }
    }

    package func solve(_ challenge: JSONValue, limits: PoWLimits) throws(Failure) -> Solution {
        do {
            switch self {
            case .altcha:
                let parsed = try Self.read { () throws(PoWChallengeError) in try ALTCHAChallenge(json: challenge) }
                let result = try parsed.solve(limits: limits)
                return Solution(
                    answer: parsed.payload(number: result.nonce), tried: result.tried, seconds: result.seconds)
            case .hashcash:
                let parsed = try Self.read { () throws(PoWChallengeError) in try HashcashChallenge(json: challenge) }
                let result = try parsed.solve(limits: limits)
                return Solution(
                    answer: parsed.answer(nonce: result.nonce), tried: result.tried, seconds: result.seconds)
            case .hexPrefix:
                let parsed = try Self.read { () throws(PoWChallengeError) in try HexPrefixChallenge(json: challenge) }
                let result = try parsed.solve(limits: limits)
                return Solution(answer: String(result.nonce), tried: result.tried, seconds: result.seconds)
            case .clearPass:
                let object = try Self.read { () throws(PoWChallengeError) in
                    try PoWChallengeError.object(challenge, "clear-pass")
                }
                guard let token = object["token"]?.stringValue else {
                    throw Failure.challenge(PoWChallengeError("a clear-pass challenge needs a 'token' to send back"))
                }
                return Solution(answer: token, tried: 0, seconds: 0)
            }
        } catch let failure as Failure {
            throw failure
        } catch let error as PoWError {
            throw .search(error)
        } catch {
            throw .search(.cancelled(tried: 0))
        }
    }

    private static func read<T>(_ body: () throws(PoWChallengeError) -> T) throws(Failure) -> T {
        do { return try body() } catch { throw .challenge(error) }
    }
}
