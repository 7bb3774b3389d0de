import Foundation
import JourneyCore
import JourneySimulator
import Testing

@Suite("Rakuten mode")
struct RakutenTests {
    static let tree = """
        kind: simulator
        version: 1
        rakuten:
          clients:
            app: { secret: s3cret, scopes: [90days@Access, 365days@Refresh, memberinfo_read_name, idinfo_read_encrypted_easyid], challenge: always }
            grey_app: { secret: s3cret, scopes: [90days@Access], challenge: grey }
            anon: { secret: anon, scopes: [1Hour@Access], challenge: never }
          users:
            taro: { password: pw, firstName: Taro, lastName: Rakuten, easyId: E1 }
            nobody: { password: pw }
          challenger:
            pages: { clear: clearPass, odd: unsupported }
            pow: { key: Wd3fQz8a, seed: 1234567890, mask: "a1b2" }
          challengeAfter: 2
          blockAfter: 3
        """
    static let pid = "399206e3-905a-4d27-937d-5786ba07e742"

    func form(_ fields: [(String, String)]) -> [UInt8] {
        Array(
            fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
                .joined(separator: "&").utf8)
    }

    func post(_ h: Harness, _ path: String, _ fields: [(String, String)], from address: String = "10.0.0.1")
        async throws -> Reply
    {
        try await h.request(
            .POST, path, body: form(fields),
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("X-Forwarded-For", address)])
    }

    /// A challenge for `pid` and its answer: "" for a clear pass, the proof of work for 127.
    func solvedChallenge(_ h: Harness, pid: String = Self.pid) async throws -> String {
        let reply = try await h.request(.POST, "/v1.0/c", body: Array(#"{"pid":"\#(pid)","rat":{}}"#.utf8))
        let cid = try #require(reply.json["result"]?["cid"]?.stringValue)
        var result = ""
        if reply.json["result"]?["ctype"] == .int(127) {
            let parameters = try await h.get("/v1.0/m?cid=\(cid)&mtype=0").json
            #expect(parameters["mask"] == "a1b2" && parameters["key"] == "Wd3fQz8a")
            let pow = ChallengerProofOfWork(
                key: "Wd3fQz8a", seed: 1_234_567_890, mask: ChallengerProofOfWork.parseMask("a1b2"))
            result = try #require(pow.solve(maxTries: 5_000_000).solution)
        }
        return #"{"pageIdentifier":"\#(pid)","challengeId":"\#(cid)","challengeResult":"\#(result)"}"#
    }

    func login(
        _ h: Harness, user: String = "taro", password: String = "pw", challenge: String?, client: String = "app",
        from address: String = "10.0.0.1",
        scope: String = "90days@Access,365days@Refresh,memberinfo_read_name,idinfo_read_encrypted_easyid"
    ) async throws -> Reply {
        var fields = [
            ("grant_type", "password"), ("username", user), ("password", password), ("client_id", client),
            ("client_secret", "s3cret"), ("scope", scope),
        ]
        if let challenge { fields.append(("challenger_parameters", challenge)) }
        return try await post(h, "/rae/engine/token", fields, from: address)
    }

    @Test("a solved proof of work logs in; the member's name and easy id need OAuth2 and their scopes")
    func powLogin() async throws {
        try await Harness.run(Self.tree) { h in
            let reply = try await login(h, challenge: try await solvedChallenge(h))
            #expect(reply.status == 200)
            let token = try #require(reply.json["access_token"]?.stringValue)
            #expect(reply.json["expires_in"] == .int(90 * 86_400) && reply.json["refresh_token"] != nil)
            #expect(reply.json["token_type"] == "BEARER")
            let name = try await h.get(
                "/rae/engine/api/MemberInformation/GetName/20110901", headers: [("Authorization", "OAuth2 \(token)")])
            #expect(name.json["firstName"] == "Taro" && name.json["lastName"] == "Rakuten")
            let bearer = try await h.get(
                "/rae/engine/api/MemberInformation/GetName/20110901", headers: [("Authorization", "Bearer \(token)")])
            #expect(bearer.status == 401 && bearer.json["error"] == "invalid_token")
            let easy = try await h.get(
                "/rae/engine/api/IdInformation/GetEncryptedEasyId/20140617",
                headers: [("Authorization", "OAuth2 \(token)")])
            #expect(easy.json["easyId"] == "E1")
        }
    }

    @Test("a missing, wrong or replayed challenge is invalid_grant; a wrong password too")
    func challengeRules() async throws {
        try await Harness.run(Self.tree) { h in
            let missing = try await login(h, challenge: nil)
            #expect(missing.status == 400 && missing.json["error"] == "invalid_grant")
            #expect(missing.json["error_description"] == "challenge is missing")
            let solved = try await solvedChallenge(h)
            let wrong = try await login(h, challenge: solved.replacingOccurrences(of: "Wd3fQz8", with: "Xd3fQz8"))
            #expect(wrong.json["error_description"] == "challenge result is wrong")
            let ok = try await login(h, challenge: try await solvedChallenge(h), from: "10.0.0.2")
            #expect(ok.status == 200)
            let clear = try await solvedChallenge(h, pid: "clear")
            let password = try await login(h, password: "nope", challenge: clear, from: "10.0.0.3")
            #expect(password.json == ["error": "invalid_grant", "error_description": "username/password is wrong"])
            let replayed = try await login(h, challenge: clear, from: "10.0.0.3")
            #expect(replayed.json["error_description"] == "challenge was already used")
        }
    }

    @Test("failed logins make an address grey, then blocked")
    func greyness() async throws {
        try await Harness.run(Self.tree) { h in
            let noChallenge = try await login(h, challenge: nil, client: "grey_app", scope: "90days@Access")
            #expect(noChallenge.status == 200, "an address with no failed login needs no challenge")
            for _ in 0..<2 {
                _ = try await login(h, password: "bad", challenge: nil, client: "grey_app", scope: "90days@Access")
            }
            let grey = try await login(h, challenge: nil, client: "grey_app", scope: "90days@Access")
            #expect(grey.json["error_description"] == "challenge is missing")
            let blocked = try await login(h, challenge: nil, client: "grey_app", scope: "90days@Access")
            #expect(blocked.status == 403 && blocked.json["error"] == "access_denied")
            let other = try await login(
                h, challenge: nil, client: "grey_app", from: "10.9.9.9", scope: "90days@Access")
            #expect(other.status == 200)
        }
    }

    @Test("client credentials, refresh narrowing, revoke, and a member without a profile")
    func tokens() async throws {
        try await Harness.run(Self.tree) { h in
            let anonymous = try await post(
                h, "/rae/engine/token",
                [
                    ("grant_type", "client_credentials"), ("client_id", "anon"), ("client_secret", "anon"),
                    ("scope", "1Hour@Access"),
                ])
            #expect(anonymous.json["expires_in"] == .int(3600) && anonymous.json["refresh_token"] == nil)
            let badClient = try await post(
                h, "/rae/engine/token",
                [("grant_type", "client_credentials"), ("client_id", "anon"), ("client_secret", "x")])
            #expect(badClient.json["error"] == "invalid_client")
            let login = try await login(h, challenge: try await solvedChallenge(h))
            let refresh = try #require(login.json["refresh_token"]?.stringValue)
            let narrowed = try await post(
                h, "/rae/engine/token",
                [
                    ("grant_type", "refresh_token"), ("refresh_token", refresh), ("client_id", "app"),
                    ("client_secret", "s3cret"), ("scope", "90days@Access"),
                ])
            #expect(narrowed.json["scope"] == "90days@Access")
            let wider = try await post(
                h, "/rae/engine/token",
                [
                    ("grant_type", "refresh_token"), ("refresh_token", refresh), ("client_id", "app"),
                    ("client_secret", "s3cret"), ("scope", "other"),
                ])
            #expect(wider.json["error"] == "invalid_scope")
            let access = try #require(login.json["access_token"]?.stringValue)
            let cancel = try await post(
                h, "/rae/engine/token_cancel",
                [("access_token", access), ("client_id", "app"), ("client_secret", "s3cret")])
            #expect(cancel.status == 200 && cancel.json == [:])
            let again = try await post(
                h, "/rae/engine/token_cancel",
                [("access_token", access), ("client_id", "app"), ("client_secret", "s3cret")])
            #expect(again.json["error"] == "invalid_token")
            let revoked = try await h.get(
                "/rae/engine/api/MemberInformation/GetName/20110901", headers: [("Authorization", "OAuth2 \(access)")])
            #expect(revoked.status == 401)
            let nobody = try await self.login(
                h, user: "nobody", challenge: try await solvedChallenge(h), from: "10.0.0.7")
            let token = try #require(nobody.json["access_token"]?.stringValue)
            let name = try await h.get(
                "/rae/engine/api/MemberInformation/GetName/20110901", headers: [("Authorization", "OAuth2 \(token)")])
            #expect(name.status == 404 && name.json["error"] == "not_found")
            h.clock.advance(by: 91 * 86_400)
            let expired = try await h.get(
                "/rae/engine/api/IdInformation/GetEncryptedEasyId/20140617",
                headers: [("Authorization", "OAuth2 \(token)")])
            #expect(expired.json["error"] == "invalid_token")
        }
    }

    @Test("Challenger parses the body as JSON whatever the content type; unsupported pages get their ctype")
    func challenger() async throws {
        try await Harness.run(Self.tree) { h in
            let reply = try await h.request(
                .POST, "/v1.0/c", body: Array(#"{"pid":"odd"}"#.utf8),
                headers: [("Content-Type", "application/x-www-form-urlencoded")])
            #expect(reply.json["result"]?["ctype"] == .int(3))
            let unknown = try await h.get("/v1.0/m?cid=nope&mtype=0")
            #expect(unknown.status == 404)
        }
    }
}
