import Crypto
import CryptoExtras
import Foundation
import JourneyCore
import Testing

@testable import JourneyFormat
@testable import JourneyRun

/// The ID token's checks, each failing on its own, for RS256 and ES256 tokens signed here with
/// keys whose JWKS the test serves to the verifier.
@Suite struct IDTokenVerifierTests {
    static let issuer = "https://am.example.com/am/oauth2/realms/root/realms/alpha"
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let accessToken = "access-token-value"

    struct Signer {
        var kid: String
        var alg: String
        var sign: ([UInt8]) throws -> [UInt8]
        var jwk: JSONValue
    }

    static func rsa() throws -> Signer {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let primitives = try key.publicKey.getKeyPrimitives()
        return Signer(
            kid: "rsa-1", alg: "RS256",
            sign: { bytes in
                Array(try key.signature(for: Data(bytes), padding: .insecurePKCS1v1_5).rawRepresentation)
            },
            jwk: [
                "kty": "RSA", "kid": "rsa-1", "use": "sig", "alg": "RS256",
                "n": .string(Base64URL.encode(Array(primitives.modulus))),
                "e": .string(Base64URL.encode(Array(primitives.publicExponent))),
            ])
    }

    static func ec() -> Signer {
        let key = P256.Signing.PrivateKey()
        let point = Array(key.publicKey.x963Representation)
        return Signer(
            kid: "ec-1", alg: "ES256",
            sign: { bytes in Array(try key.signature(for: Data(bytes)).rawRepresentation) },
            jwk: [
                "kty": "EC", "crv": "P-256", "kid": "ec-1", "use": "sig", "alg": "ES256",
                "x": .string(Base64URL.encode(Array(point[1..<33]))),
                "y": .string(Base64URL.encode(Array(point[33..<65]))),
            ])
    }

    static func claims(_ changes: [String: JSONValue] = [:]) -> [String: JSONValue] {
        let digest = Array(SHA256.hash(data: Data(accessToken.utf8)))
        var claims: [String: JSONValue] = [
            "iss": .string(issuer), "sub": "demo", "aud": "sdkPublicClient", "azp": "sdkPublicClient",
            "iat": .int(1_800_000_000 - 10), "exp": .int(1_800_000_000 + 3600), "nonce": "n-1",
            "at_hash": .string(Base64URL.encode(Array(digest.prefix(16)))),
        ]
        for (key, value) in changes { claims[key] = value }
        return claims
    }

    static func token(_ signer: Signer, claims: [String: JSONValue], kid: String? = nil) throws -> String {
        let header: JSONValue = ["typ": "JWT", "alg": .string(signer.alg), "kid": .string(kid ?? signer.kid)]
        let input =
            Base64URL.encode(Array(header.compactJSON.utf8)) + "."
            + Base64URL.encode(Array(JSONValue.object(claims).compactJSON.utf8))
        return input + "." + Base64URL.encode(try signer.sign(Array(input.utf8)))
    }

    static func verify(_ token: String, keys: [Signer]) async throws -> String? {
        let expected = IDTokenVerifier.Expected(
            issuer: issuer, clientId: "sdkPublicClient", nonce: "n-1", accessToken: accessToken, now: now)
        let jwks: JSONValue = ["keys": .array(keys.map(\.jwk) + [["kty": "RSA", "use": "enc", "kid": "enc"]])]
        let result = try await IDTokenVerifier().verify(
            token, expected: expected, jwks: { () throws(RunError) in jwks })
        switch result {
        case .success: return nil
        case .failure(let failure): return failure.check
        }
    }

    @Test func goodRS256AndES256TokensPass() async throws {
        let rsa = try Self.rsa()
        let ec = Self.ec()
        #expect(try await Self.verify(Self.token(rsa, claims: Self.claims()), keys: [rsa, ec]) == nil)
        #expect(try await Self.verify(Self.token(ec, claims: Self.claims()), keys: [rsa, ec]) == nil)
    }

    @Test func eachCheckFailsOnItsOwn() async throws {
        let signer = try Self.rsa()
        let other = try Self.rsa()
        let cases: [(String, String)] = [
            (try Self.token(other, claims: Self.claims()), "signature"),
            (try Self.token(signer, claims: Self.claims(), kid: "unknown"), "kid"),
            (try Self.token(signer, claims: Self.claims(["iss": "https://evil.example.com"])), "iss"),
            (try Self.token(signer, claims: Self.claims(["aud": "otherClient"])), "aud"),
            (try Self.token(signer, claims: Self.claims(["aud": ["sdkPublicClient", "x"], "azp": "x"])), "azp"),
            (try Self.token(signer, claims: Self.claims(["exp": .int(1_800_000_000 - 1)])), "exp"),
            (try Self.token(signer, claims: Self.claims(["iat": .int(1_800_000_000 + 3600)])), "iat"),
            (try Self.token(signer, claims: Self.claims(["nonce": "replayed"])), "nonce"),
            (try Self.token(signer, claims: Self.claims(["at_hash": "AAAAAAAAAAAAAAAAAAAAAA"])), "at_hash"),
            ("not-a-jwt", "format"),
        ]
        for (token, check) in cases {
            #expect(try await Self.verify(token, keys: [signer]) == check, "expected the \(check) check to fail")
        }
    }

    @Test func unsignedAndHMACTokensAreRefused() async throws {
        let header = Base64URL.encode(Array(#"{"alg":"none"}"#.utf8))
        let body = Base64URL.encode(Array(JSONValue.object(Self.claims()).compactJSON.utf8))
        #expect(try await Self.verify("\(header).\(body).", keys: [try Self.rsa()]) == "alg")
        let hmac = Base64URL.encode(Array(#"{"alg":"HS256"}"#.utf8))
        #expect(try await Self.verify("\(hmac).\(body).c2ln", keys: [try Self.rsa()]) == "alg")
    }

    /// A recording's ID token has its signature redacted: the claims are still checked, and the
    /// uncheckable signature is said, not passed silently.
    @Test func aRedactedSignatureIsNotedAndTheClaimsStillChecked() async throws {
        let signer = try Self.rsa()
        let good = try Self.token(signer, claims: Self.claims())
        let parts = good.split(separator: ".")
        let redacted = "\(parts[0]).\(parts[1]).«id_token»"
        let expected = IDTokenVerifier.Expected(
            issuer: Self.issuer, clientId: "sdkPublicClient", nonce: "n-1", accessToken: "«access_token»", now: Self.now
        )
        let result = try await IDTokenVerifier().verify(
            redacted, expected: expected, jwks: { () throws(RunError) in ["keys": [signer.jwk]] })
        guard case .success(let verified) = result else {
            Issue.record("expected the claims to pass")
            return
        }
        #expect(verified.notes.contains("signature not checked: the recording redacts it"))
        #expect(verified.notes.contains("at_hash not checked: the recording redacts the access token"))
        let expired = try Self.token(signer, claims: Self.claims(["exp": .int(1)])).split(separator: ".")
        #expect(try await Self.verify("\(expired[0]).\(expired[1]).«id_token»", keys: [signer]) == "exp")
    }
}
