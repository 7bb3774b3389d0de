import Foundation

/// Everything needed to compute a device's codes: from a Base32 secret or an `otpauth://` URI
/// (`otpauth://totp/Issuer:account?secret=BASE32&period=30&digits=6&algorithm=SHA256`,
/// `otpauth://hotp/…?secret=…&counter=N`), as AM's OATH Registration node shows it.
package struct OTPParameters: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
        case totp, hotp
    }

    package var kind: Kind
    package var secret: [UInt8]
    /// The secret as it was written (Base32), for redaction.
    package var secretText: String
    package var algorithm: OTPAlgorithm
    package var digits: Int
    /// TOTP step length in seconds.
    package var period: Int
    /// HOTP: the counter of the next code.
    package var counter: UInt64
    package var issuer: String?
    package var account: String?

    package init(
        kind: Kind = .totp, secret: [UInt8], secretText: String? = nil, algorithm: OTPAlgorithm = .sha1,
        digits: Int = 6,
        period: Int = 30, counter: UInt64 = 0, issuer: String? = nil, account: String? = nil
    ) {
        self.kind = kind
        self.secret = secret
        self.secretText = secretText ?? Base32.encode(secret)
        self.algorithm = algorithm
        self.digits = digits
        self.period = period
        self.counter = counter
        self.issuer = issuer
        self.account = account
    }

    /// The otpauth URI for these parameters (algorithm only when not SHA-1, as AM writes it).
    package var uri: String {
        // Issuer and account each percent-encoded (non-ASCII as UTF-8 bytes), joined by a literal `:`.
        let label = [issuer, account].compactMap { $0.map(PercentEncoding.queryComponent) }.joined(separator: ":")
        var query = "secret=\(Base32.encode(secret))"
        if let issuer { query += "&issuer=\(PercentEncoding.queryComponent(issuer))" }
        switch kind {
        case .totp: query += "&period=\(period)"
        case .hotp: query += "&counter=\(counter)"
        }
        query += "&digits=\(digits)"
        if algorithm != .sha1 { query += "&algorithm=\(algorithm.rawValue)" }
        return "otpauth://\(kind.rawValue)/\(label)?\(query)"
    }

    /// Why a secret or URI cannot be used.
    package struct ParseError: Error, Sendable, CustomStringConvertible {
        package var description: String
        init(_ description: String) { self.description = description }
    }

    /// Reads an `otpauth://` URI, or a bare Base32 secret (TOTP, SHA-1, 6 digits, 30 s).
    /// The message of an error never repeats the secret.
    package static func parse(_ text: String) throws(ParseError) -> OTPParameters {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.lowercased().hasPrefix("otpauth://") else {
            let secret = try decodeSecret(trimmed)
            return OTPParameters(secret: secret, secretText: trimmed)
        }
        guard let components = URLComponents(string: trimmed), let host = components.host?.lowercased() else {
            throw ParseError("not a valid otpauth:// URI")
        }
        guard let kind = Kind(rawValue: host) else {
            throw ParseError("otpauth URI of type '\(host)': only totp and hotp are supported")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name.lowercased()] = item.value ?? "" }
        guard let secretText = query["secret"], !secretText.isEmpty else {
            throw ParseError("the otpauth URI has no secret parameter")
        }
        var parameters = OTPParameters(kind: kind, secret: try decodeSecret(secretText), secretText: secretText)
        if let name = query["algorithm"] {
            guard let algorithm = OTPAlgorithm(name: name) else {
                throw ParseError("unknown OTP algorithm '\(name)': use SHA1, SHA256 or SHA512")
            }
            parameters.algorithm = algorithm
        }
        if let text = query["digits"] {
            guard let digits = Int(text), digits == 6 || digits == 8 else {
                throw ParseError("digits must be 6 or 8, found '\(text)'")
            }
            parameters.digits = digits
        }
        if let text = query["period"] {
            guard let period = Int(text), period > 0 else {
                throw ParseError("period must be a positive number of seconds, found '\(text)'")
            }
            parameters.period = period
        }
        if let text = query["counter"] {
            guard let counter = UInt64(text) else {
                throw ParseError("counter must be a non-negative integer, found '\(text)'")
            }
            parameters.counter = counter
        } else if kind == .hotp {
            throw ParseError("an hotp URI needs a counter parameter")
        }
        let label = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        if let colon = label.firstIndex(of: ":") {
            parameters.issuer = String(label[..<colon])
            parameters.account = String(label[label.index(after: colon)...])
        } else if !label.isEmpty {
            parameters.account = label
        }
        if let issuer = query["issuer"], !issuer.isEmpty { parameters.issuer = issuer }
        return parameters
    }

    private static func decodeSecret(_ text: String) throws(ParseError) -> [UInt8] {
        switch Base32.decode(text) {
        case .failure(let invalid):
            throw ParseError("the OTP secret is not Base32: character \(invalid.position) is not one of A–Z, 2–7")
        case .success(let bytes):
            guard !bytes.isEmpty else { throw ParseError("the OTP secret is empty") }
            return bytes
        }
    }

    /// The code for `time` (TOTP) or for `counter` (HOTP; the parameters' own counter when nil).
    package func code(at time: Date, counter explicitCounter: UInt64? = nil) -> String {
        switch kind {
        case .totp where explicitCounter == nil:
            return OneTimePassword.totp(
                secret: secret, time: time, period: period, digits: digits, algorithm: algorithm)
        default:
            return OneTimePassword.hotp(
                secret: secret, counter: explicitCounter ?? counter, digits: digits, algorithm: algorithm)
        }
    }

    /// The TOTP step of `time`.
    package func step(at time: Date) -> UInt64 { OneTimePassword.timeStep(at: time, period: period) }
}
