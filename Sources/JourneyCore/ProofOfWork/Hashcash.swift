import Foundation

/// Leading-zero-bits work, hashcash style: H(seed ‖ decimal(n)) must start with `bits` zero bits.
/// With a hashcash v1 `stamp` (`1:20:260101:resource::rand:`), the seed is the stamp and the
/// answer is the completed stamp; with a `seed`, the answer is n in decimal.
package struct HashcashChallenge: Sendable, Hashable {
    package var algorithm: PoWHash
    package var bits: Int
    /// The text hashed before the nonce.
    package var seed: String
    /// The seed is a hashcash stamp: answer with the whole stamp.
    package var isStamp: Bool

    package init(algorithm: PoWHash = .sha1, bits: Int, seed: String, isStamp: Bool) {
        self.algorithm = algorithm
        self.bits = bits
        self.seed = seed
        self.isStamp = isStamp
    }

    /// `{ bits, stamp }` or `{ bits, seed, algorithm? }`; a stamp's own bits field is used when `bits` is absent.
    package init(json: JSONValue) throws(PoWChallengeError) {
        let object = try PoWChallengeError.object(json, "hashcash")
        let name = object["algorithm"]?.stringValue ?? "SHA-1"
        guard let algorithm = PoWHash(name: name) else {
            throw PoWChallengeError("hashcash algorithm '\(name)' is not SHA-1, SHA-256 or SHA-512")
        }
        let seed: String
        let isStamp: Bool
        if let stamp = object["stamp"]?.stringValue {
            seed = stamp.hasSuffix(":") ? stamp : stamp + ":"
            isStamp = true
        } else if let text = object["seed"]?.stringValue {
            seed = text
            isStamp = false
        } else {
            throw PoWChallengeError("a hashcash challenge needs a 'stamp' or a 'seed'")
        }
        var bits = object["bits"]?.intValue
        if bits == nil, isStamp {
            let fields = seed.split(separator: ":", omittingEmptySubsequences: false)
            if fields.count > 1 { bits = Int(fields[1]) }
        }
        guard let bits, (0...(algorithm.digest([]).count * 8)).contains(bits) else {
            throw PoWChallengeError("a hashcash challenge needs 'bits', the number of leading zero bits")
        }
        self.init(algorithm: algorithm, bits: bits, seed: seed, isStamp: isStamp)
    }

    package func solve(limits: PoWLimits) throws(PoWError) -> PoWResult {
        let bits = self.bits
        return try PoWSearch.search(algorithm, prefix: Array(seed.utf8), limits: limits) { digest in
            Self.hasLeadingZeroBits(digest, bits)
        }
    }

    /// What the server receives for nonce `n`.
    package func answer(nonce: UInt64) -> String { isStamp ? seed + String(nonce) : String(nonce) }

    /// Checks an answer: for a stamp, it extends the issued one; the hash has the zero bits.
    package func verify(_ answer: String) -> Bool {
        let candidate: String
        if isStamp {
            guard answer.hasPrefix(seed), answer.count > seed.count else { return false }
            candidate = answer
        } else {
            guard !answer.isEmpty, answer.allSatisfy(\.isASCII), UInt64(answer) != nil else { return false }
            candidate = seed + answer
        }
        return algorithm.digest(Array(candidate.utf8)).withUnsafeBytes { Self.hasLeadingZeroBits($0, bits) }
    }

    @inline(__always)
    static func hasLeadingZeroBits(_ digest: UnsafeRawBufferPointer, _ bits: Int) -> Bool {
        var remaining = bits
        var index = 0
        while remaining >= 8 {
            if digest[index] != 0 { return false }
            index += 1
            remaining -= 8
        }
        return remaining == 0 || digest[index] >> (8 - remaining) == 0
    }
}

/// Hex-prefix work: hex(H(seed ‖ decimal(n))) must start with `prefix`; the answer is n.
package struct HexPrefixChallenge: Sendable, Hashable {
    package var algorithm: PoWHash
    package var seed: String
    package var prefix: String

    package init(algorithm: PoWHash = .sha256, seed: String, prefix: String) {
        self.algorithm = algorithm
        self.seed = seed
        self.prefix = prefix.lowercased()
    }

    package init(json: JSONValue) throws(PoWChallengeError) {
        let object = try PoWChallengeError.object(json, "hexPrefix")
        let name = object["algorithm"]?.stringValue ?? "SHA-256"
        guard let algorithm = PoWHash(name: name) else {
            throw PoWChallengeError("hexPrefix algorithm '\(name)' is not SHA-1, SHA-256 or SHA-512")
        }
        guard let seed = object["seed"]?.stringValue else {
            throw PoWChallengeError("a hexPrefix challenge needs a 'seed'")
        }
        guard let prefix = object["prefix"]?.stringValue, Hex.nibbles(prefix) != nil,
            prefix.count <= algorithm.digest([]).count * 2
        else {
            throw PoWChallengeError("a hexPrefix challenge needs 'prefix', hex digits the digest must start with")
        }
        self.init(algorithm: algorithm, seed: seed, prefix: prefix)
    }

    package func solve(limits: PoWLimits) throws(PoWError) -> PoWResult {
        let nibbles = Hex.nibbles(prefix) ?? []
        return try PoWSearch.search(algorithm, prefix: Array(seed.utf8), limits: limits) { digest in
            for (index, nibble) in nibbles.enumerated() {
                let byte = digest[index >> 1]
                if (index & 1 == 0 ? byte >> 4 : byte & 0x0F) != nibble { return false }
            }
            return true
        }
    }

    package func verify(_ answer: String) -> Bool {
        guard !answer.isEmpty, UInt64(answer) != nil else { return false }
        return algorithm.hex(seed + answer).hasPrefix(prefix)
    }
}

/// "X + Y" (also -, −, ×, x, *) in a text, as arithmetic CAPTCHAs such as MobileFirst's SimpleCaptcha show it.
package enum ArithmeticCaptcha {
    /// The value of the first "A op B" in `text`, or nil when there is none.
    package static func solve(_ text: String) -> Int? {
        let pattern = #"(-?\d+)\s*([+\-−×xX*])\s*(-?\d+)"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let left = Range(match.range(at: 1), in: text).flatMap({ Int(text[$0]) }),
            let symbol = Range(match.range(at: 2), in: text).map({ text[$0] }),
            let right = Range(match.range(at: 3), in: text).flatMap({ Int(text[$0]) })
        else { return nil }
        switch symbol {
        case "+": return left.addingReportingOverflow(right).overflow ? nil : left + right
        case "-", "−": return left.subtractingReportingOverflow(right).overflow ? nil : left - right
        default: return left.multipliedReportingOverflow(by: right).overflow ? nil : left * right
        }
    }
}
