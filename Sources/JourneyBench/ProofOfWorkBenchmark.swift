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
}
