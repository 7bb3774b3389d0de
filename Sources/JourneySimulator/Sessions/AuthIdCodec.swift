import Crypto
import Foundation
import JourneyCore

/// The claims of an authId JWT, as AM writes them.
struct AuthIdClaims: Sendable {
    var journey: String
    var indexType: String
    var realm: String
    var stateId: String
    var otk: String
    var iat: Int
    var exp: Int
}

/// Signs and checks authIds: HS256 JWTs over the claims, with the tree's secret.
struct AuthIdCodec: Sendable {
    enum Failure: Error {
        /// Not a JWT, or its signature does not match (400 "AuthId JWT Signature not valid").
        case invalidSignature
        /// Signed by us but past `exp` (401 "Session has timed out").
        case expired
    }

    /// The secret's bytes; `SymmetricKey` is not Sendable, so one is made per use.
    private let secret: [UInt8]
    private static let header = Base64URLFast.encode(Array(#"{"typ":"JWT","alg":"HS256"}"#.utf8))

    init(secret: String) {
        self.secret = Array(secret.utf8)
    }

    func sign(_ claims: AuthIdClaims) -> String {
        var writer = JSONWriter(capacity: 192)
        writer.object { object in
            object.member("authIndexValue", string: claims.journey)
            object.member("otk", string: claims.otk)
            object.member("authIndexType", string: claims.indexType)
            object.member("realm", string: claims.realm)
            object.member("sessionId", string: claims.stateId)
            object.member("exp", int: claims.exp)
            object.member("iat", int: claims.iat)
        }
        let signingInput = Self.header + "." + Base64URLFast.encode(writer.bytes)
        let mac = HMAC<SHA256>.authenticationCode(for: Array(signingInput.utf8), using: SymmetricKey(data: secret))
        return signingInput + "." + Base64URLFast.encode(Array(mac))
    }

    func verify(_ token: String, now: Date) -> Result<AuthIdClaims, Failure> {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let signature = Base64URLFast.decode(parts[2]) else { return .failure(.invalidSignature) }
        let signingInput = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: SymmetricKey(data: secret)),
            let payload = Base64URLFast.decode(parts[1]), let json = try? JSONReader.parse(payload),
            let journey = json["authIndexValue"]?.stringValue, let stateId = json["sessionId"]?.stringValue,
            let otk = json["otk"]?.stringValue, let exp = json["exp"]?.intValue
        else { return .failure(.invalidSignature) }
        let claims = AuthIdClaims(
            journey: journey, indexType: json["authIndexType"]?.stringValue ?? "service",
            realm: json["realm"]?.stringValue ?? "/", stateId: stateId, otk: otk, iat: json["iat"]?.intValue ?? 0,
            exp: exp)
        guard Double(exp) > now.timeIntervalSince1970 else { return .failure(.expired) }
        return .success(claims)
    }
}

/// Base64url without padding, over bytes, without Foundation string round trips.
enum Base64URLFast {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        table[Int(UInt8(ascii: "+"))] = 62
        table[Int(UInt8(ascii: "/"))] = 63
        return table
    }()

    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out.append(alphabet[Int(chunk >> 18 & 63)])
            out.append(alphabet[Int(chunk >> 12 & 63)])
            out.append(alphabet[Int(chunk >> 6 & 63)])
            out.append(alphabet[Int(chunk & 63)])
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let chunk = UInt32(bytes[index]) << 16
            out.append(alphabet[Int(chunk >> 18 & 63)])
            out.append(alphabet[Int(chunk >> 12 & 63)])
        } else if rest == 2 {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            out.append(alphabet[Int(chunk >> 18 & 63)])
            out.append(alphabet[Int(chunk >> 12 & 63)])
            out.append(alphabet[Int(chunk >> 6 & 63)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func encode(_ text: String) -> String { encode(Array(text.utf8)) }

    /// Decodes base64url (or standard base64), padding optional; nil on any stray character.
    static func decode<S: StringProtocol>(_ text: S) -> [UInt8]? {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "=") { break }
            let value = reverse[Int(byte)]
            guard value != 0xFF else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }
}
