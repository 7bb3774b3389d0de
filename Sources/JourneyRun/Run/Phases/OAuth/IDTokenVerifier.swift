import Crypto
import Foundation
import JWTKit
import JourneyCore

/// Checks an ID token as the SDKs do before trusting it: the signature against the provider's
/// JWKS (RS256 or ES256 only), `iss`, `aud`/`azp`, `exp` and `iat` on the run's clock, `nonce`
/// and `at_hash`. A check that fails names itself; a check a recording makes impossible (its
/// signature or access token redacted) is noted, not passed silently.
struct IDTokenVerifier: Sendable {
    /// What the token must say.
    struct Expected: Sendable {
        var issuer: String
        var clientId: String
        var nonce: String?
        var accessToken: String?
        var now: Date
    }

    /// A failed check: `check` is `signature`, `alg`, `kid`, `iss`, `aud`, `azp`, `exp`, `iat`,
    /// `nonce`, `at_hash` or `format`.
    struct Failure: Error, Sendable {
        var check: String
        var message: String
    }

    /// How far in the future `iat` may be (clock skew between the runner and the server).
    static let issuedAtLeeway: TimeInterval = 600
    static let acceptedAlgorithms: Set<String> = ["RS256", "ES256"]

    /// The token's claims once every check passed, and notes on checks the run could not make.
    func verify(_ token: String, expected: Expected, jwks: () async throws(RunError) -> JSONValue)
        async throws(RunError) -> Result<(claims: [String: JSONValue], notes: [String]), Failure>
    {
        let decoded: Decoded
        switch Self.decode(token) {
        case .success(let value): decoded = value
        case .failure(let failure): return .failure(failure)
        }
        let (header, claims) = (decoded.header, decoded.claims)
        var notes: [String] = []
        // The key set is read either way, so a recorded run makes the same requests when replayed.
        let keySet = try await jwks()
        if Placeholder.isWhole(decoded.signature) {
            notes.append("signature not checked: the recording redacts it")
        } else if let failure = await checkSignature(token, header: header, keySet: keySet) {
            return .failure(failure)
        }
        if let failure = Self.checkClaims(claims, expected: expected, notes: &notes) {
            return .failure(failure)
        }
        return .success((claims, notes))
    }

    private func checkSignature(_ token: String, header: JSONValue, keySet: JSONValue) async -> Failure? {
        let kid = header["kid"]?.stringValue
        let listed = keySet["keys"]?.arrayValue ?? []
        if let kid, !listed.contains(where: { $0["kid"]?.stringValue == kid }) {
            return Failure(check: "kid", message: "the ID token's kid '\(kid)' is not in the provider's JWKS")
        }
        let keys = JWTKeyCollection()
        var added = 0
        for key in listed {
            // AM's JWKS also lists encryption keys (RSA-OAEP): only signing keys verify.
            if let use = key["use"]?.stringValue, use != "sig" { continue }
            guard let jwk = try? JSONDecoder().decode(JWK.self, from: key.encoded) else { continue }
            if (try? await keys.add(jwk: jwk)) != nil { added += 1 }
        }
        guard added > 0 else {
            return Failure(check: "kid", message: "the provider's JWKS holds no RS256 or ES256 signing key")
        }
        do {
            // Without a kid, any of the provider's signing keys may have signed it.
            _ = try await keys.verify(token, as: UncheckedClaims.self, iteratingKeys: kid == nil)
            return nil
        } catch let error as JWTError where error.errorType == .unknownKID || error.errorType == .missingKIDHeader {
            let kid = header["kid"]?.stringValue.map { "'\($0)'" } ?? "(none)"
            return Failure(check: "kid", message: "the ID token's kid \(kid) is not in the provider's JWKS")
        } catch {
            return Failure(
                check: "signature", message: "the ID token's signature does not verify with the provider's JWKS")
        }
    }

    /// A JWS's parts: its header and claims as JSON, its signature as text.
    struct Decoded: Sendable {
        var header: JSONValue
        var claims: [String: JSONValue]
        var signature: String
    }

    /// The token's header and claims, read without trusting them; its `alg` must be RS256 or ES256.
    static func decode(_ token: String) -> Result<Decoded, Failure> {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = segment(parts[0]), let claims = segment(parts[1])?.objectValue else {
            return .failure(
                Failure(check: "format", message: "the ID token is not a signed JWT (header.payload.signature)"))
        }
        let algorithm = header["alg"]?.stringValue ?? ""
        guard acceptedAlgorithms.contains(algorithm) else {
            return .failure(
                Failure(
                    check: "alg",
                    message: "the ID token is signed with '\(algorithm)'; only RS256 and ES256 are accepted"))
        }
        return .success(Decoded(header: header, claims: claims, signature: String(parts[2])))
    }

    static func checkClaims(_ claims: [String: JSONValue], expected: Expected, notes: inout [String]) -> Failure? {
        let issuer = claims["iss"]?.stringValue ?? ""
        if issuer != expected.issuer {
            return Failure(check: "iss", message: "the ID token's iss is '\(issuer)', expected '\(expected.issuer)'")
        }
        let audiences = claims["aud"].map { $0.arrayValue?.compactMap(\.stringValue) ?? [$0.stringValue ?? ""] } ?? []
        if !audiences.contains(expected.clientId) {
            return Failure(
                check: "aud",
                message: "the ID token's aud \(audiences) does not hold the client id '\(expected.clientId)'")
        }
        if audiences.count > 1, claims["azp"]?.stringValue != expected.clientId {
            return Failure(check: "azp", message: "the ID token has several audiences and its azp is not the client id")
        }
        let now = expected.now.timeIntervalSince1970
        guard let expiry = claims["exp"]?.doubleValue else {
            return Failure(check: "exp", message: "the ID token has no exp")
        }
        if expiry <= now {
            return Failure(
                check: "exp",
                message: "the ID token expired at \(Self.time(expiry)), and the run's clock reads \(Self.time(now))")
        }
        guard let issuedAt = claims["iat"]?.doubleValue else {
            return Failure(check: "iat", message: "the ID token has no iat")
        }
        if issuedAt > now + Self.issuedAtLeeway {
            return Failure(
                check: "iat", message: "the ID token was issued at \(Self.time(issuedAt)), in the run clock's future")
        }
        if let nonce = expected.nonce, claims["nonce"]?.stringValue != nonce {
            let got = claims["nonce"]?.stringValue.map { "'\($0)'" } ?? "none"
            return Failure(check: "nonce", message: "the ID token's nonce is \(got), not the one the run sent")
        }
        if let atHash = claims["at_hash"]?.stringValue {
            guard let accessToken = expected.accessToken, !Placeholder.isWhole(accessToken) else {
                notes.append("at_hash not checked: the recording redacts the access token")
                return nil
            }
            let digest = Array(SHA256.hash(data: Data(accessToken.utf8)))
            if Base64URL.encode(Array(digest.prefix(digest.count / 2))) != atHash {
                return Failure(check: "at_hash", message: "the ID token's at_hash does not match the access token")
            }
        }
        return nil
    }

    static func segment(_ text: Substring) -> JSONValue? {
        guard let bytes = Base64URL.decodeBytes(text) else { return nil }
        return try? JSONValue.parse(Data(bytes))
    }

    static func time(_ seconds: Double) -> String {
        ReportTime.iso8601(Date(timeIntervalSince1970: seconds))
    }
}

/// A payload JWTKit decodes without checking anything: the verifier checks the claims itself,
/// on the run's clock, so each failed check can be named.
private struct UncheckedClaims: JWTPayload {
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {}
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
