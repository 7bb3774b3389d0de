import Foundation
import HTTPTypes
import JourneyCore

/// An RAE error reply, as the failure of a check.
struct Refusal: Error {
    let reply: HTTPReply

    init(_ reply: HTTPReply) { self.reply = reply }
}

/// RAE's token API: grants, revoke, validate and the two member look-ups.
extension RakutenController {
    /// The request's form (parsed whatever the content type, as a lenient server does).
    static func form(_ request: IncomingRequest) -> [String: String] {
        IncomingRequest.parseQuery(String(decoding: request.body, as: UTF8.self))
    }

    /// The client address greyness counts: the first `X-Forwarded-For` entry, else loopback.
    static func address(_ request: IncomingRequest) -> String {
        let forwarded = HTTPField.Name("X-Forwarded-For").flatMap { request.headers[$0] }
        let first = forwarded?.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) }
        return first.flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
    }

    /// The client named by `client_id` with its `client_secret` (form fields only).
    private func client(_ form: [String: String]) -> Result<(String, RakutenDefinition.Client), Refusal> {
        guard let id = form["client_id"], let secret = form["client_secret"], !id.isEmpty else {
            return .failure(Refusal(Self.raeError(400, "invalid_request", "required parameter is wrong")))
        }
        guard let client = definition.clients[id], client.secret == secret else {
            return .failure(Refusal(Self.raeError(400, "invalid_client", "client has no permission to publish token")))
        }
        return .success((id, client))
    }

    /// `POST engine/token`.
    func token(_ request: IncomingRequest) -> HTTPReply {
        let form = Self.form(request)
        let (clientId, client): (String, RakutenDefinition.Client)
        switch self.client(form) {
        case .success(let found): (clientId, client) = found
        case .failure(let refusal): return refusal.reply
        }
        let requested = (form["scope"] ?? "").split(separator: ",").map(String.init)
        switch form["grant_type"] {
        case "password":
            return passwordGrant(request, form, clientId: clientId, client: client, requested: requested)
        case "client_credentials":
            guard requested.allSatisfy(client.scopes.contains) else {
                return Self.raeError(400, "invalid_scope", "scope is not allowed for this client")
            }
            return issue(clientId: clientId, username: nil, scope: requested)
        case "refresh_token":
            guard let value = form["refresh_token"], let old = store.refresh(value), !old.revoked,
                old.expires > now, old.clientId == clientId
            else {
                return Self.raeError(400, "invalid_grant", "refresh token is invalid or expired")
            }
            let scope = requested.isEmpty ? old.scope : requested
            // Narrowing only: widening needs Promotion@Refresh, which the simulator does not grant.
            guard scope.allSatisfy(old.scope.contains) else {
                return Self.raeError(400, "invalid_scope", "scope is wider than the refresh token's")
            }
            return issue(clientId: clientId, username: old.username, scope: scope)
        default:
            return Self.raeError(400, "invalid_request", "required parameter is wrong")
        }
    }

    private func passwordGrant(
        _ request: IncomingRequest, _ form: [String: String], clientId: String, client: RakutenDefinition.Client,
        requested: [String]
    ) -> HTTPReply {
        let address = Self.address(request)
        let failures = store.failures(from: address)
        if definition.blockedAddresses.contains(address) || definition.blockAfter.map({ failures >= $0 }) == true {
            return Self.raeError(403, "access_denied", "access from this address is blocked")
        }
        guard let username = form["username"], let password = form["password"], !username.isEmpty else {
            return Self.raeError(400, "invalid_request", "required parameter is wrong")
        }
        let grey = definition.challengeAfter.map { failures >= $0 } ?? false
        let needsChallenge = client.challenge == .always || (client.challenge == .grey && grey)
        let parameters = form["challenger_parameters"]
        if needsChallenge || (parameters != nil && client.challenge != .never) {
            if let problem = verifyChallenge(parameters) {
                store.fail(from: address)
                return Self.raeError(400, "invalid_grant", problem)
            }
        }
        guard let member = definition.users[username], member.password == password else {
            store.fail(from: address)
            return Self.raeError(400, "invalid_grant", "username/password is wrong")
        }
        guard requested.allSatisfy(client.scopes.contains) else {
            return Self.raeError(400, "invalid_scope", "scope is not allowed for this client")
        }
        return issue(clientId: clientId, username: username, scope: requested)
    }

    /// A token answer; the refresh token only with a `@Refresh` lifespan scope.
    private func issue(clientId: String, username: String?, scope: [String]) -> HTTPReply {
        let lifetime = RakutenDefinition.lifetime(scope, kind: "Access") ?? definition.accessLifetime
        let access = random.token(32)
        store.store(
            access: access,
            RakutenToken(
                clientId: clientId, username: username, scope: scope, expires: now.addingTimeInterval(Double(lifetime))
            ))
        var body: [String: JSONValue] = [
            "access_token": .string(access), "token_type": "BEARER", "expires_in": .int(lifetime),
            "scope": .string(scope.joined(separator: ",")),
        ]
        if let refreshLifetime = RakutenDefinition.lifetime(scope, kind: "Refresh") {
            let refresh = random.token(32)
            store.store(
                refresh: refresh,
                RakutenToken(
                    clientId: clientId, username: username, scope: scope,
                    expires: now.addingTimeInterval(Double(refreshLifetime))))
            body["refresh_token"] = .string(refresh)
        }
        var reply = HTTPReply.json(.ok, .object(body))
        reply.logOutcome = "200 token" + (username.map { " for \($0)" } ?? " (client credentials)")
        return reply
    }

    /// `POST engine/token_cancel`: `{}` on success; `invalid_token` for an unknown one.
    func cancel(_ request: IncomingRequest) -> HTTPReply {
        let form = Self.form(request)
        if case .failure(let refusal) = client(form) { return refusal.reply }
        guard let token = form["access_token"], !token.isEmpty else {
            return Self.raeError(400, "invalid_request", "required parameter is wrong")
        }
        guard let known = store.access(token), !known.revoked, known.expires > now, store.revoke(access: token) else {
            return Self.raeError(401, "invalid_token", "token is invalid or expired")
        }
        return .json(.ok, .object([:]), outcome: "200 revoked")
    }

    /// `POST engine/token_validate`: the token is valid and carries every scope asked for.
    func validate(_ request: IncomingRequest) -> HTTPReply {
        let form = Self.form(request)
        if case .failure(let refusal) = client(form) { return refusal.reply }
        guard let token = form["access_token"], let known = store.access(token), !known.revoked, known.expires > now
        else { return Self.raeError(401, "invalid_token", "token is invalid or expired") }
        let wanted = (form["scope"] ?? "").split(separator: ",").map(String.init)
        guard wanted.allSatisfy(known.scope.contains) else {
            return Self.raeError(403, "insufficient_scope", "token lacks a scope")
        }
        return .json(.ok, .object([:]))
    }

    /// The member behind `Authorization: OAuth2 <token>`, with `scope`; else the error reply.
    private func member(_ request: IncomingRequest, scope: String) -> Result<RakutenDefinition.Member, Refusal> {
        let header = request.headers[.authorization] ?? ""
        guard header.hasPrefix("OAuth2 "), let token = store.access(String(header.dropFirst(7))), !token.revoked,
            token.expires > now
        else { return .failure(Refusal(Self.raeError(401, "invalid_token", "token is invalid or expired"))) }
        guard token.scope.contains(scope) else {
            return .failure(Refusal(Self.raeError(403, "insufficient_scope", "\(scope) is required")))
        }
        guard let username = token.username, let member = definition.users[username] else {
            return .failure(Refusal(Self.raeError(404, "not_found", "member not found")))
        }
        return .success(member)
    }

    func getName(_ request: IncomingRequest) -> HTTPReply {
        switch member(request, scope: "memberinfo_read_name") {
        case .failure(let refusal): return refusal.reply
        case .success(let member):
            guard let first = member.firstName, let last = member.lastName else {
                return Self.raeError(404, "not_found", "the member has no profile")
            }
            return .json(
                .ok,
                [
                    "firstName": .string(first), "lastName": .string(last), "nickName": .string(first),
                    "firstNameKataKana": "", "lastNameKataKana": "",
                ])
        }
    }

    func getEasyId(_ request: IncomingRequest) -> HTTPReply {
        switch member(request, scope: "idinfo_read_encrypted_easyid") {
        case .failure(let refusal): return refusal.reply
        case .success(let member): return .json(.ok, ["easyId": .string(member.easyId)])
        }
    }
}
