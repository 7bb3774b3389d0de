import Crypto
import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

/// A minimal OAuth 2.0 client for the simulator tests: authorize with the session cookie of a
/// real login, exchange the code, and read what comes back.
struct TestOAuth: Sendable {
    let h: Harness
    var realm = "alpha"

    static let sdkRedirect = "org.forgerock.demo:/oauth2redirect"
    static let webRedirect = "https://app.example.com/callback"
    static let verifier = "dBjftJeZ4CVP-mJ92K9d_a1Pgas7VXNvH3uOdtPa4lQ"

    var base: String { realm == "/" ? "/am/oauth2/realms/root" : "/am/oauth2/realms/root/realms/\(realm)" }
    var issuer: String { h.root + base }

    static func challenge(_ verifier: String) -> String {
        Base64URL.encode(Array(SHA256.hash(data: Data(verifier.utf8))))
    }

    static func cookie(_ token: String) -> [(String, String)] { [("Cookie", "iPlanetDirectoryPro=\(token)")] }

    static func form(_ parameters: [(String, String)]) -> [UInt8] {
        Array(parameters.map { "\(FormText.encode($0.0))=\(FormText.encode($0.1))" }.joined(separator: "&").utf8)
    }

    /// `GET authorize` with the usual parameters (PKCE S256 unless `challenge` is nil); `extra` replaces or adds.
    func authorize(
        client: String = "sdkPublicClient", redirect: String = sdkRedirect, scope: String? = "openid profile email",
        challenge: String? = TestOAuth.challenge(TestOAuth.verifier), session: String?,
        extra: [(String, String)] = []
    ) async throws -> Reply {
        var parameters: [(String, String)] = [
            ("response_type", "code"), ("client_id", client), ("redirect_uri", redirect), ("state", "st-1"),
            ("nonce", "n-1"),
        ]
        if let scope { parameters.append(("scope", scope)) }
        if let challenge { parameters += [("code_challenge", challenge), ("code_challenge_method", "S256")] }
        for (name, value) in extra {
            parameters.removeAll { $0.0 == name }
            parameters.append((name, value))
        }
        let query = String(decoding: Self.form(parameters), as: UTF8.self)
        return try await h.get("\(base)/authorize?\(query)", headers: session.map(Self.cookie) ?? [])
    }

    /// `POST access_token` with a form; `basic` adds client_secret_basic.
    func token(_ parameters: [(String, String)], basic: (String, String)? = nil) async throws -> Reply {
        try await post("access_token", parameters, basic: basic)
    }

    func post(_ endpoint: String, _ parameters: [(String, String)], basic: (String, String)? = nil) async throws
        -> Reply
    {
        var headers = [("Content-Type", "application/x-www-form-urlencoded")]
        if let (id, secret) = basic {
            let pair = "\(FormText.encode(id)):\(FormText.encode(secret))"
            headers.append(("Authorization", "Basic " + Data(pair.utf8).base64EncodedString()))
        }
        return try await h.request(.POST, "\(base)/\(endpoint)", body: Self.form(parameters), headers: headers)
    }

    /// The query of a 302's Location, decoded.
    static func redirectQuery(_ reply: Reply) -> [String: String] {
        guard let location = reply.header("Location"), let query = location.split(separator: "?", maxSplits: 1).last
        else { return [:] }
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            let value = parts.count > 1 ? parts[1].replacingOccurrences(of: "+", with: " ") : ""
            result[parts[0]] = value.removingPercentEncoding ?? value
        }
        return result
    }

    /// Logs in, authorizes and exchanges the code: the token response.
    func codeFlow(
        client: String = "sdkPublicClient", scope: String = "openid profile email", session: String? = nil,
        clientAuth: [(String, String)] = []
    ) async throws -> (tokens: JSONValue, session: String) {
        let session = try await resolve(session)
        let redirect = client == "jwtClient" || client == "consentClient" ? Self.webRedirect : Self.sdkRedirect
        let authorized = try await authorize(client: client, redirect: redirect, scope: scope, session: session)
        #expect(authorized.status == 302)
        let code = try #require(Self.redirectQuery(authorized)["code"])
        let exchanged = try await token(
            [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect),
                ("client_id", client), ("code_verifier", Self.verifier),
            ] + clientAuth)
        #expect(exchanged.status == 200, "\(exchanged.text)")
        return (exchanged.json, session)
    }

    /// A client assertion for jwtClient, signed with journeys/keys/jwt-client.pem.
    static func assertion(audience: String, expiresIn: Double = 60, now: Date) throws -> String {
        let pem = try String(
            contentsOf: Repository.root.appendingPathComponent("journeys/keys/jwt-client.pem"), encoding: .utf8)
        let key = try P256.Signing.PrivateKey(pemRepresentation: pem)
        let header: JSONValue = ["alg": "ES256", "typ": "JWT", "kid": "jwt-client"]
        let claims: JSONValue = [
            "iss": "jwtClient", "sub": "jwtClient", "aud": .string(audience), "jti": "assertion-1",
            "exp": .int(Int(now.timeIntervalSince1970 + expiresIn)), "iat": .int(Int(now.timeIntervalSince1970)),
        ]
        let input = Base64URL.encode(Array(header.encoded)) + "." + Base64URL.encode(Array(claims.encoded))
        let signature = try key.signature(for: Data(input.utf8)).rawRepresentation
        return input + "." + Base64URL.encode(signature)
    }

    private func resolve(_ session: String?) async throws -> String {
        if let session { return session }
        return try await h.login(realm: realm)
    }

    /// The claims of a compact JWS, unverified.
    static func claims(_ jwt: String) -> JSONValue {
        let parts = jwt.split(separator: ".")
        guard parts.count == 3, let payload = Base64URL.decodeBytes(parts[1]) else { return .null }
        return (try? JSONReader.parse(payload)) ?? .null
    }

    static func header(_ jwt: String) -> JSONValue {
        guard let first = jwt.split(separator: ".").first, let bytes = Base64URL.decodeBytes(first) else {
            return .null
        }
        return (try? JSONReader.parse(bytes)) ?? .null
    }
}

/// `application/x-www-form-urlencoded` for the test client (RFC 3986 unreserved kept).
enum FormText {
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(
                charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? text
    }
}
