import Crypto
import Foundation

/// The HMAC an OTP uses (RFC 4226 HOTP is SHA-1; RFC 6238 TOTP allows SHA-256 and SHA-512).
package enum OTPAlgorithm: String, Sendable, Hashable, CaseIterable {
    case sha1 = "SHA1"
    case sha256 = "SHA256"
    case sha512 = "SHA512"

    /// `SHA1`, `sha-256`, `HmacSHA512`... as otpauth URIs and configurations spell them.
    package init?(name: String) {
        let normalized = name.uppercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(
            of: "HMAC", with: "")
        guard let algorithm = OTPAlgorithm(rawValue: normalized) else { return nil }
        self = algorithm
    }
}

/// HOTP (RFC 4226) and TOTP (RFC 6238) codes.
package enum OneTimePassword {
    /// HOTP(K, C): HMAC over the 8-byte big-endian counter, dynamic truncation, modulo 10^digits.
    package static func hotp(secret: [UInt8], counter: UInt64, digits: Int = 6, algorithm: OTPAlgorithm = .sha1)
        -> String
    {
        var message = [UInt8](repeating: 0, count: 8)
        for index in 0..<8 { message[index] = UInt8(truncatingIfNeeded: counter >> UInt64(56 - 8 * index)) }
        let key = SymmetricKey(data: secret)
        let mac: [UInt8]
        switch algorithm {
        case .sha1: mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: key))
        case .sha256: mac = Array(HMAC<SHA256>.authenticationCode(for: message, using: key))
        case .sha512: mac = Array(HMAC<SHA512>.authenticationCode(for: message, using: key))
        }
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary =
            (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<min(max(digits, 1), 9) { modulus *= 10 }
        let code = String(binary % modulus)
        return String(repeating: "0", count: max(0, digits - code.count)) + code
    }

    /// The TOTP time step of `time`: floor((unixTime − T0) / period).
    package static func timeStep(at time: Date, period: Int = 30, t0: Int64 = 0) -> UInt64 {
        let seconds = Int64(floor(time.timeIntervalSince1970)) - t0
        return UInt64(max(0, seconds) / Int64(max(period, 1)))
    }

    /// TOTP(K, T) = HOTP(K, time step of T).
    package static func totp(
        secret: [UInt8], time: Date, period: Int = 30, digits: Int = 6, algorithm: OTPAlgorithm = .sha1
    ) -> String {
        hotp(secret: secret, counter: timeStep(at: time, period: period), digits: digits, algorithm: algorithm)
    }
}
