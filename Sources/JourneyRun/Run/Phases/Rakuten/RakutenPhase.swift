import JourneyCore
import JourneyFormat

/// `protocol: rakuten` (rauthentication.md): Challenger's challenge and the password grant (or the
/// anonymous client-credentials grant) at RAE's `engine/token`, then the member's name and
/// encrypted easy id, and a refresh when asked. A refusal is a `failure` outcome named by the
/// RAE error; the member-API errors the SDK ignores are trace notes.
struct RakutenPhase: PhaseDriver {
    let client: RakutenClient
    let tokens: TokensExpectation?
    let challenge: ChallengeExpectation?

    /// The variables the phase sets: the tokens (secrets), the member and the challenge.
    static let getName = "/engine/api/MemberInformation/GetName/20110901"
    static let getEasyId = "/engine/api/IdInformation/GetEncryptedEasyId/20140617"
    /// The privacy-policy version the Japan authenticator always sends.
    static let privacyPolicyVersion = "20170213"

    var spec: RakutenSpec { client.spec }

    func run(in session: RunSession, after handoff: PhaseHandoff) async throws(RunError) -> PhaseResult {
        var granted: OAuthTokens
        var failures = PhaseFailures()
        switch spec.grant {
        case .clientCredentials:
            switch try await client.token(
                [("grant_type", "client_credentials")], requested: spec.scope, in: session, phase: "token")
            {
            case .tokens(let value): granted = value
            case .refused(let refusal): return .end(handoff.with(refusal), failures)
            }
        case .password:
            switch try await passwordLogin(in: session, failures: &failures) {
            case .tokens(let value): granted = value
            case .refused(let refusal): return .end(handoff.with(refusal), failures)
            }
            switch try await memberInformation(granted, in: session) {
            case .success(let member): granted.userinfo = member
            case .failure(let refusal): return .end(handoff.with(refusal.outcome), failures)
            }
        }
        if spec.refresh {
            switch try await refresh(granted, in: session) {
            case .tokens(let fresh): granted = fresh
            case .refused(let refusal): return .end(handoff.with(refusal), failures)
            }
        }
        granted.publish(to: session.context)
        if let member = granted.userinfo { session.context.setVariable("member", ResolvedValue(member)) }
        if let tokens {
            failures.add(try TokensChecker.check(granted, against: tokens, evaluator: session.context.evaluator))
        }
        return .next(
            handoff.with(
                .success(tokenPresent: false, realm: nil, successUrl: nil),
                grant: OAuthGrant(tokens: granted, endpoints: nil)),
            failures)
    }

    /// Challenger, then `grant_type=password`; with `sendWithout: false` a failed challenge is the
    /// failure `challenge_failed`, returned as a refusal.
    private func passwordLogin(in session: RunSession, failures: inout PhaseFailures) async throws(RunError)
        -> OAuthClient.Grant
    {
        let base = RakutenClient.base(session)
        // `--challenger` replaces the script's value, which is then never evaluated.
        let challengerURL: String
        if let flag = session.configuration.challengerURL {
            challengerURL = flag
        } else if let template = spec.challenger {
            challengerURL = try session.context.evaluator.evaluate(template).text
        } else {
            challengerURL = RakutenWire.challengerURL(forTokenServer: base)
        }
        let challenger = RakutenChallenger(
            spec: spec, session: session,
            baseURL: challengerURL.hasSuffix("/") ? String(challengerURL.dropLast()) : challengerURL)
        let outcome = try await challenger.negotiate()
        session.context.setVariable(
            ScriptLoadContext.challengeVariable,
            ResolvedValue(
                .object([
                    "solved": .bool(outcome.solved), "ctype": outcome.ctype.map { .int($0) } ?? .null,
                    "tries": .int(outcome.tries),
                ])))
        failures.add(checkChallenge(outcome))
        var fields = [("grant_type", "password")]
        let username = try await session.context.resolve(
            spec.username ?? ValueSpec(.literal(""), at: spec.location), timeoutMilliseconds: nil)
        let password = try await session.context.resolve(
            spec.password ?? ValueSpec(.literal(""), secret: true, at: spec.location), timeoutMilliseconds: nil)
        session.redactor.register(password.text, name: "password")
        fields += [
            ("username", username.text.filter { !$0.isWhitespace && !$0.isNewline }), ("password", password.text),
        ]
        if let service = spec.serviceId {
            let value = try session.context.evaluator.evaluate(service).text
            if !value.isEmpty { fields.append(("service_id", value)) }
        }
        if let cid = outcome.cid, let result = outcome.result {
            fields.append(
                (
                    "challenger_parameters",
                    RakutenWire.orderedObject([
                        ("pageIdentifier", .string(spec.pageId)), ("challengeId", .string(cid)),
                        ("challengeResult", .string(result)),
                    ])
                ))
        } else {
            let why = outcome.problem ?? "no challenge"
            guard spec.challenge.sendWithout else {
                return .refused(
                    OAuthFailure.outcome(status: 0, error: "challenge_failed", description: why))
            }
            // Why the challenge failed is on the trace already (the Challenger step's own note).
            if let index = session.lastStepIndex {
                session.note(
                    stepAt: index, "challenge", "the password grant is sent without a challenge, as the SDK does")
            }
        }
        fields.append(("tracking_parameters", trackingParameters()))
        return try await client.token(fields, requested: spec.scope, in: session, phase: "token")
    }

    /// `expect.challenge`: solved, ctype, tries.
    private func checkChallenge(_ outcome: ChallengeOutcome) -> [ExpectationFailure] {
        guard let challenge else { return [] }
        var failures: [String] = []
        if let solved = challenge.solved, solved != outcome.solved {
            failures.append(
                solved
                    ? "expected the challenge solved, it was not (\(outcome.problem ?? "no result"))"
                    : "expected the challenge unsolved, it was solved")
        }
        if let ctype = challenge.ctype, ctype != outcome.ctype {
            failures.append("expected ctype \(ctype), got \(outcome.ctype.map(String.init) ?? "none")")
        }
        if let maxTries = challenge.maxTries, outcome.tries > maxTries {
            failures.append("expected at most \(maxTries) proof-of-work tries, took \(outcome.tries)")
        }
        return failures.map { ExpectationFailure("expect.challenge: \($0)", location: challenge.location) }
    }

    /// `tracking_parameters`: the device profile as compact JSON, in a fixed order.
    private func trackingParameters() -> String {
        let device = spec.device
        return RakutenWire.orderedObject([
            ("pp_version", .string(Self.privacyPolicyVersion)),
            ("os_info", .string("\(device.os)/\(device.osVersion)")),
            ("device_model_identifier", .string(device.model)), ("time_zone", .string(device.timeZone)),
            ("application_identifier", .string(device.app)), ("network_type", .string("WiFi")),
        ])
    }

    /// GetName and GetEncryptedEasyId with the new token (§6): `{firstName, lastName, easyId}`.
    /// GetName's not_found, invalid-parameter and system_error answers are ignored (an empty
    /// profile), as are all EasyId errors; another GetName error fails the login.
    private func memberInformation(_ tokens: OAuthTokens, in session: RunSession) async throws(RunError)
        -> Result<JSONValue, MemberRefusal>
    {
        var member: [String: JSONValue] = [:]
        let (name, status, index) = try await client.member(Self.getName, token: tokens.accessToken, in: session)
        switch name {
        case .success(let json):
            for key in ["firstName", "lastName"] { if let value = json[key] { member[key] = value } }
            session.note(
                stepAt: index, "member",
                "name \(member["firstName"]?.displayText ?? "") \(member["lastName"]?.displayText ?? "")")
        case .failure(let failure) where failure.code == 3 || failure.code == 2 || failure.error == "system_error":
            session.note(stepAt: index, "member", "GetName \(failure.error) (HTTP \(status)) ignored: empty profile")
        case .failure(let failure):
            session.note(stepAt: index, "member", "GetName refused: \(failure.error) (HTTP \(status))")
            return .failure(
                MemberRefusal(
                    outcome: OAuthFailure.outcome(
                        status: status, error: failure.error, description: failure.description)))
        }
        let (easyId, easyStatus, easyIndex) = try await client.member(
            Self.getEasyId, token: tokens.accessToken, in: session)
        switch easyId {
        case .success(let json):
            if let value = json["easyId"] { member["easyId"] = value }
            session.note(stepAt: easyIndex, "member", "encrypted easy id received")
        case .failure(let failure):
            session.note(
                stepAt: easyIndex, "member", "GetEncryptedEasyId \(failure.error) (HTTP \(easyStatus)) ignored")
        }
        return .success(.object(member))
    }

    /// `grant_type=refresh_token` with the scopes asked for (or the token's): everything is
    /// replaced, a missing refresh token too.
    private func refresh(_ tokens: OAuthTokens, in session: RunSession) async throws(RunError) -> OAuthClient.Grant {
        guard let refreshToken = tokens.refreshToken else {
            return .refused(
                OAuthFailure.outcome(
                    status: 0, error: "no_refresh_token",
                    description: "rakuten.refresh is set, and the token response held no refresh_token"))
        }
        let grant = try await client.token(
            [("grant_type", "refresh_token"), ("refresh_token", refreshToken)],
            requested: spec.scope.isEmpty ? tokens.scope : spec.scope, in: session, phase: "refresh")
        guard case .tokens(var fresh) = grant else { return grant }
        fresh.userinfo = tokens.userinfo
        if let index = session.lastStepIndex {
            session.note(
                stepAt: index, "refresh",
                fresh.refreshToken == nil
                    ? "no refresh token in the answer: the stored one is erased"
                    : fresh.refreshToken == refreshToken ? "refresh token kept" : "refresh token rotated")
        }
        return .tokens(fresh)
    }
}

/// A GetName error that fails the login, as its `failure` outcome.
struct MemberRefusal: Error {
    let outcome: Outcome
}
