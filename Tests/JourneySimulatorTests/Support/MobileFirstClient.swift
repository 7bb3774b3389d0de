import CryptoExtras
import Foundation
import JourneyCore

/// A minimal MobileFirst client for simulator tests: signs the registration data and client
/// assertions with one RSA key (made once: key generation is slow).
struct TestMobileFirstClient: Sendable {
    static let key: _RSA.Signing.PrivateKey? = try? _RSA.Signing.PrivateKey(keySize: .bits2048)

    struct NoKey: Error {}

    let key: _RSA.Signing.PrivateKey

    init() throws {
        guard let key = Self.key else { throw NoKey() }
        self.key = key
    }

    func jwk(kid: String? = nil) throws -> JSONValue {
        let primitives = try key.publicKey.getKeyPrimitives()
        var object: [String: JSONValue] = [
            "kty": "RSA", "n": .string(Base64URL.encode(primitives.modulus)),
            "e": .string(Base64URL.encode(primitives.publicExponent)),
        ]
        if let kid { object["kid"] = .string(kid) }
        return .object(object)
    }

    func sign(_ text: String) throws -> Data {
        try key.signature(for: Data(text.utf8), padding: .insecurePKCS1v1_5).rawRepresentation
    }

    /// `{"signedRegistrationData": {header, payload, signature}}` in Base64url, or standard Base64.
    func registration(device: String = "device-1", base64: Bool = false, tamper: Bool = false) throws -> JSONValue {
        func encode(_ data: Data) -> String { base64 ? data.base64EncodedString() : Base64URL.encode(data) }
        let header = encode((["alg": "RS256", "jwk": try jwk()] as JSONValue).encoded)
        let payload = encode(
            ([
                "device": ["id": .string(device), "platform": "ios"],
                "application": ["id": "com.example.bank", "clientPlatform": "ios", "version": "1.0"],
            ] as JSONValue).encoded)
        var signature = try sign("\(header).\(payload)")
        if tamper { signature[signature.startIndex] ^= 0x01 }
        return [
            "signedRegistrationData": [
                "header": .string(header), "payload": .string(payload), "signature": .string(encode(signature)),
            ]
        ]
    }

    /// A compact client assertion; `claims` replace the defaults (kid = client, jti = code, iat/exp in ms).
    func assertion(
        client: String, code: String, nowMilliseconds: Int, kid: String? = nil, claims: [String: JSONValue] = [:],
        tamper: Bool = false
    )
        throws -> String
    {
        var all: [String: JSONValue] = [
            "iss": "com.example.bank$ios$1.0", "sub": .string(client), "aud": "az/v1/token", "jti": .string(code),
            "iat": .int(nowMilliseconds), "exp": .int(nowMilliseconds + 60_000),
        ]
        all.merge(claims) { _, new in new }
        let input =
            Base64URL.encode((["alg": "RS256", "jwk": try jwk(kid: kid ?? client)] as JSONValue).encoded) + "."
            + Base64URL.encode(JSONValue.object(all).encoded)
        var signature = try sign(input)
        if tamper { signature[signature.startIndex] ^= 0x01 }
        return input + "." + Base64URL.encode(signature)
    }
}
