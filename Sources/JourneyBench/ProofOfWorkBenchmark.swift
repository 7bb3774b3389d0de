import Foundation
import JourneyCore

/// Proof-of-work speed on one core, in hashes per second, beside OpenSSL's rate on the same machine
/// (`openssl speed -seconds 3 -bytes 64 -evp <hash>`, bytes/s ÷ 64).
enum ProofOfWorkBenchmark {
    struct Row: Sendable {
        /// What was measured: `sha256 64-byte`, `sha256 ALTCHA-shaped (34 bytes)`...
        var label: String
        var hash: PoWHash
        var messageBytes: Int
        var hashes: UInt64
        var seconds: Double
        var hashesPerSecond: Double { Double(hashes) / max(seconds, 1e-9) }
    }

    /// Hashes `prefix ‖ decimal(n)` through the solver's own search loop for about `seconds`,
    /// with a prefix that makes the message `messageBytes` long (nonces of 8 digits).
    static func measure(_ hash: PoWHash, messageBytes: Int, seconds: Double) -> Row {
        let prefix = [UInt8](repeating: UInt8(ascii: "s"), count: max(0, messageBytes - 8))
        // The nonce starts at 10_000_000 so every candidate has 8 digits.
        var count: UInt64 = 200_000
        var total: UInt64 = 0
        var elapsed = 0.0
        while elapsed < seconds {
            let result = PoWSearch.measure(hash, prefix: prefix, start: 10_000_000, count: count)
            total += result.tried
            elapsed += result.seconds
            if result.seconds < 0.25 { count *= 2 }
        }
        return Row(
            label: "\(hash.rawValue), \(messageBytes)-byte messages", hash: hash, messageBytes: messageBytes,
            hashes: total, seconds: elapsed)
    }

    /// OpenSSL's rate for `hash` at 64-byte inputs, from `openssl speed`'s result line
    /// (`sha256  <n>k`, thousands of bytes per second), as hashes per second, with the raw output.
    /// Nil when openssl is not installed or its output is unreadable.
    static func openSSL(_ hash: PoWHash, seconds: Int = 3) -> (hashesPerSecond: Double, raw: String)? {
        let name = hash.rawValue.lowercased().replacingOccurrences(of: "-", with: "")
        guard
            let output = SignalSafeSpawn.output(of: [
                "openssl", "speed", "-seconds", String(seconds), "-bytes", "64", "-evp", name,
            ])
        else { return nil }
        return parseOpenSSL(output).map { ($0 / 64, output) }
    }

    /// Bytes per second from the result line of `openssl speed -bytes 64` (`sha256  12345.67k`).
    static func parseOpenSSL(_ output: String) -> Double? {
        for line in output.split(separator: "\n").reversed() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let last = fields.last, last.hasSuffix("k"),
                let thousands = Double(last.dropLast())
            else { continue }
            return thousands * 1000
        }
        return nil
    }

    /// MurmurHash3-x64-128 over 16-byte candidates, as Challenger's proof of work hashes them
    /// (ctype 127): the candidate's free characters counted through, for about `seconds`.
    /// Returns the hashes per second.
    static func measureChallenger(seconds: Double) -> Double {
        var candidate = Array("Wd3fQz8AAAAAAAAA".utf8)
        let clock = ContinuousClock()
        var total: UInt64 = 0
        var sink: UInt64 = 0
        let start = clock.now
        var elapsed = 0.0
        while elapsed < seconds {
            for _ in 0..<65_536 {
                sink ^= MurmurHash3.x64Hash128(candidate, seed: 1_234_567_890).h1
                var position = 15
                while position >= 7 {
                    candidate[position] &+= 1
                    if candidate[position] <= UInt8(ascii: "z") { break }
                    candidate[position] = UInt8(ascii: "A")
                    position -= 1
                }
            }
            total += 65_536
            elapsed = start.duration(to: clock.now).inSeconds
        }
        // The digests feed `sink`, so the optimizer cannot drop the hashing.
        return Double(total + (sink & 1)) / max(elapsed, 1e-9)
    }
}
