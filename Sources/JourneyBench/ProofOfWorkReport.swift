import Foundation
import JourneyCore

/// `journey bench --pow`: the solver's hashes/s on one core for each hash, with 64-byte messages
/// (what `openssl speed -bytes 64` hashes) and ALTCHA-shaped ones, beside OpenSSL's rate.
package enum ProofOfWorkReport {
    /// Measures every hash (about 3 s each, plus OpenSSL's run) and writes the table through `print`.
    package static func run(print: (String) -> Void) {
        print("bench --pow: proof-of-work hashing on one core (the solver's own search loop)")
        print("hash     message   journey hashes/s   openssl hashes/s (64 B)   ratio")
        var raw: [String] = []
        var sha256Rate: Double?
        for hash in PoWHash.allCases {
            let sized = ProofOfWorkBenchmark.measure(hash, messageBytes: 64, seconds: 3)
            let small = ProofOfWorkBenchmark.measure(hash, messageBytes: 34, seconds: 3)
            if hash == .sha256 { sha256Rate = sized.hashesPerSecond }
            let openssl = ProofOfWorkBenchmark.openSSL(hash)
            let reference = openssl.map { format($0.hashesPerSecond) } ?? "(openssl not found)"
            let ratio = openssl.map { String(format: "%.2f", sized.hashesPerSecond / $0.hashesPerSecond) } ?? "-"
            print(
                [
                    pad(hash.rawValue, 8), pad("64 B", 9), pad(format(sized.hashesPerSecond), 18), pad(reference, 25),
                    ratio,
                ]
                .joined(separator: " "))
            print(
                [pad("", 8), pad("34 B", 9), pad(format(small.hashesPerSecond), 18), pad("", 25), "-"].joined(
                    separator: " "))
            if let openssl {
                raw.append(
                    "$ openssl speed -seconds 3 -bytes 64 -evp \(hash.rawValue.lowercased().replacingOccurrences(of: "-", with: ""))\n\(openssl.raw)"
                )
            }
        }
        // Challenger's proof of work (protocol: rakuten), against the SHA-256 search measured above.
        let murmur = ProofOfWorkBenchmark.measureChallenger(seconds: 3)
        let ratio =
            sha256Rate.map { String(format: "%.2f× journey's SHA-256 (64 B)", murmur / $0) } ?? "-"
        print(
            "murmur3  16 B      \(pad(format(murmur), 18)) \(pad("", 25)) \(ratio); "
                + String(format: "65,536 tries (a 16-bit mask) in %.1f ms", 65_536 / murmur * 1000))
        if !raw.isEmpty {
            print("\nopenssl output (bytes/s ÷ 64 = hashes/s):")
            print(raw.joined(separator: "\n"))
        }
    }

    private static func format(_ rate: Double) -> String {
        rate >= 1e6 ? String(format: "%.2f M", rate / 1e6) : String(format: "%.0f", rate)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
