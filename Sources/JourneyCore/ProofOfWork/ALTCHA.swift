import Foundation

/// ALTCHA v1 (altcha.org): find n in [0, maxnumber] with hex(H(salt ‖ decimal(n))) == challenge.
/// The answer is Base64 of the JSON `{algorithm, challenge, number, salt, signature}`.
package struct ALTCHAChallenge: Sendable, Hashable {
    package var algorithm: PoWHash
    /// Lower-case hex digest to find.
    package var challenge: String
    package var salt: String
    /// Hex HMAC of `challenge` under the server's key (same hash as `algorithm`).
    package var signature: String
    package var maxnumber: UInt64

    package init(algorithm: PoWHash, challenge: String, salt: String, signature: String, maxnumber: UInt64) {
        self.algorithm = algorithm
        self.challenge = challenge
        self.salt = salt
        self.signature = signature
        self.maxnumber = maxnumber
    }

    /// ALTCHA's default upper bound when a challenge gives none.
    package static let defaultMaxNumber: UInt64 = 1_000_000

    /// Reads the challenge object (`maxnumber`, or `maxNumber` as some libraries write it).
    package init(json: JSONValue) throws(PoWChallengeError) {
        let object = try PoWChallengeError.object(json, "ALTCHA")
        let name = object["algorithm"]?.stringValue ?? "SHA-256"
        guard let algorithm = PoWHash(name: name) else {
            throw PoWChallengeError("ALTCHA algorithm '\(name)' is not SHA-1, SHA-256 or SHA-512")
        }
        guard let challenge = object["challenge"]?.stringValue, let bytes = Hex.decode(challenge),
            bytes.count == algorithm.digest([]).count
        else {
            throw PoWChallengeError("ALTCHA challenge must be the hex \(algorithm.rawValue) digest to find")
        }
        guard let salt = object["salt"]?.stringValue else { throw PoWChallengeError("ALTCHA challenge has no salt") }
        let maximum = object["maxnumber"] ?? object["maxNumber"]
        var maxnumber = Self.defaultMaxNumber
        if let maximum {
            guard let value = maximum.intValue, value >= 0 else {
                throw PoWChallengeError("ALTCHA maxnumber must be a non-negative integer")
            }
            maxnumber = UInt64(value)
        }
        self.init(
            algorithm: algorithm, challenge: challenge.lowercased(), salt: salt,
            signature: object["signature"]?.stringValue ?? "", maxnumber: maxnumber)
    }

    package var json: JSONValue {
        [
            "algorithm": .string(algorithm.rawValue), "challenge": .string(challenge), "salt": .string(salt),
            "signature": .string(signature), "maxnumber": .int(Int(maxnumber)),
        ]
    }

    /// A challenge for the secret `number`, signed with `hmacKey`, as a server makes one.
    package static func create(
        number: UInt64, salt: String, hmacKey: String, algorithm: PoWHash = .sha256, maxnumber: UInt64
    ) -> ALTCHAChallenge {
        let challenge = algorithm.hex(salt + String(number))
        return ALTCHAChallenge(
            algorithm: algorithm, challenge: challenge, salt: salt,
            signature: algorithm.hmacHex(challenge, key: hmacKey), maxnumber: maxnumber)
    }

    /// Finds the number.
    package func solve(limits: PoWLimits) throws(PoWError) -> PoWResult {
        let target = Hex.decode(challenge) ?? []
        return try PoWSearch.search(algorithm, prefix: Array(salt.utf8), through: maxnumber, limits: limits) { digest in
            target.withUnsafeBytes { digest.elementsEqual($0) }
        }
    }

    /// The Base64 answer payload for `number`, members in ALTCHA's order.
    package func payload(number: UInt64) -> String {
        let object: [(String, JSONValue)] = [
            ("algorithm", .string(algorithm.rawValue)), ("challenge", .string(challenge)),
            ("number", .int(Int(number))),
            ("salt", .string(salt)), ("signature", .string(signature)),
        ]
        let text =
            "{" + object.map { "\(JSONValue.string($0.0).compactJSON):\($0.1.compactJSON)" }.joined(separator: ",")
            + "}"
        return Data(text.utf8).base64EncodedString()
    }

    /// Checks an answer payload as a server does: same challenge, the number hashes to it, the
    /// signature is ours, and a salt's `expires=` (seconds since 1970) is not past. With
    /// `expectedChallenge`, the payload must also answer that challenge (the one the server issued).
    package static func verify(payload: String, hmacKey: String, now: Date, expectedChallenge: String? = nil) -> Bool {
        guard let data = Data(base64Encoded: payload), let json = try? JSONValue.parse(data),
            let name = json["algorithm"]?.stringValue, let algorithm = PoWHash(name: name),
            let challenge = json["challenge"]?.stringValue, expectedChallenge.map({ $0 == challenge }) ?? true,
            let salt = json["salt"]?.stringValue,
            let signature = json["signature"]?.stringValue, let number = json["number"]?.intValue, number >= 0
        else { return false }
        if let expires = expiry(of: salt), expires < now.timeIntervalSince1970 { return false }
        return algorithm.hex(salt + String(number)) == challenge.lowercased()
            && algorithm.hmacHex(challenge, key: hmacKey) == signature.lowercased()
    }

    /// The `expires=` parameter of a salt such as `abc?expires=1767225900&`.
    static func expiry(of salt: String) -> Double? {
        guard let query = salt.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for pair in query.split(separator: "&") where pair.hasPrefix("expires=") {
            return Double(pair.dropFirst("expires=".count))
        }
        return nil
    }
}

/// A challenge that cannot be read.
package struct PoWChallengeError: Error, Sendable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }

    /// The challenge as an object; a JSON string holding one is parsed.
    static func object(_ json: JSONValue, _ scheme: String) throws(PoWChallengeError) -> [String: JSONValue] {
        if let object = json.objectValue { return object }
        if let text = json.stringValue, let parsed = try? JSONValue.parse(Data(text.utf8)),
            let object = parsed.objectValue
        {
            return object
        }
        throw PoWChallengeError("a \(scheme) challenge must be a JSON object (or a string holding one)")
    }
}
