import Foundation
import JWTKit
import JourneyCore
import JourneyFormat

/// `private_key_jwt` (RFC 7523): a short-lived JWT signed with the client's own key, which the
/// token endpoint checks against the client's registered public key.
enum ClientAssertion {
    static let type = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
    /// The most a key file may hold (a PEM key is a few kilobytes).
    static let maximumKeyFileSize = 64 * 1024
    /// How long an assertion is valid.
    static let lifetime: TimeInterval = 60

    private struct Claims: JWTPayload {
        var iss: String
        var sub: String
        var aud: String
        var jti: String
        var iat: Int
        var exp: Int

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// The signed assertion for `clientId` at `audience` (the token endpoint).
    static func make(
        keyFile: Located<String>, scriptFile: String, keyId: String?, clientId: String, audience: String,
        id: String, now: Date
    ) async throws(RunError) -> String {
        let path = ReferencedFiles.resolve(keyFile.value, from: scriptFile)
        let pem: String
        do {
            pem = try SourceFile.read(path, limit: maximumKeyFileSize)
        } catch {
            throw RunError(.script, "oauth.privateKeyJwt.key (\(keyFile.location)): cannot read \(path): \(error)")
        }
        let keys = JWTKeyCollection()
        let kid = keyId.map { JWKIdentifier(string: $0) }
        if let key = try? ES256PrivateKey(pem: pem) {
            await keys.add(ecdsa: key, kid: kid)
        } else if let key = try? Insecure.RSA.PrivateKey(pem: pem) {
            await keys.add(rsa: key, digestAlgorithm: .sha256, kid: kid)
        } else {
            throw RunError(
                .script,
                "oauth.privateKeyJwt.key (\(keyFile.location)): \(path) is not a PEM private key for RS256 (RSA) or ES256 (P-256)"
            )
        }
        let issued = Int(now.timeIntervalSince1970)
        let claims = Claims(
            iss: clientId, sub: clientId, aud: audience, jti: id, iat: issued, exp: issued + Int(lifetime))
        do {
            return try await keys.sign(claims, kid: kid)
        } catch {
            throw RunError(
                .script, "oauth.privateKeyJwt.key (\(keyFile.location)): signing the client assertion failed: \(error)")
        }
    }
}
