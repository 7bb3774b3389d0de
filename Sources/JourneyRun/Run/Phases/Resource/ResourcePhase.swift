import Foundation
import JourneyCore
import JourneyFormat

/// `request:` — calls the protected resource with the session; when it answers with advice,
/// satisfies it with a `composite_advice` journey (answered with the script's handlers) and
/// retries; with `expect.singleUse`, checks that the grant does not work twice.
struct ResourcePhase: PhaseDriver {
    let spec: RequestSpec
    let start: StartSpec?
    let handlers: HandlerChain
    let singleUse: Located<Bool>?
    /// The `oauth:` client, which gets new tokens after an advice journey for `auth: bearer|idtoken`.
    var oauth: OAuthClient? = nil

    func run(in session: RunSession, after handoff: PhaseHandoff) async throws(RunError) -> PhaseResult {
        if let outcome = handoff.outcome, !outcome.isSuccess { return .next(handoff) }
        var handoff = handoff
        var grant = handoff.grant
        try await session.sessionCalls.ensureSessionCookie(for: handoff.amSession)
        var original = try await spec.request(in: session)
        try withToken(grant?.tokens, &original)
        let (response, index) = try await session.call(original, phase: "request", party: .resource)
        guard let advice = try advice(in: response, of: original, at: index, session: session) else {
            return .next(handoff.with(finalOutcome(response, advice: nil, session: session)))
        }
        session.note(stepAt: index, "advice", advice.summary)

        let journeyStart = session.stepCount
        let journeyOutcome: Outcome
        switch try await runAdviceJourney(advice, session: session) {
        case .outcome(let outcome, let amSession):
            journeyOutcome = outcome
            handoff = handoff.with(outcome, after: amSession)
        case .stopped(let failures): return .stop(handoff, failures)
        }
        guard journeyOutcome.isSuccess else {
            let count = session.stepCount
            let place = count > journeyStart ? " at step \(session.stepNumber(at: count - 1))" : ""
            return .next(
                handoff.with(
                    .denied(
                        status: nil, advice: advice.names,
                        reason:
                            "the composite_advice journey for \(advice.names) ended with \(journeyOutcome.summary)\(place)",
                        body: nil)))
        }

        if spec.auth != .session, let oauth {
            // As the SDKs do: the advice journey changed the session, so the tokens are obtained again.
            let client = oauth.forPhase(after: grant)
            switch try await client.obtainTokens(with: handoff.amSession, in: session, phase: "advice tokens") {
            case .tokens(let fresh):
                fresh.publish(to: session.context)
                grant = client.grant(fresh)
            case .refused(let refusal): return .end(handoff.with(refusal, grant: grant))
            }
            try withToken(grant?.tokens, &original)
        }
        let (retry, carried) = try await retryRequest(original: original, advice: advice, session: session)
        let (retryResponse, retryIndex) = try await session.call(retry, phase: "retry", party: .resource)
        session.note(stepAt: retryIndex, "retry", carried)
        if let again = try self.advice(in: retryResponse, of: retry, at: retryIndex, session: session) {
            session.note(stepAt: retryIndex, "advice", again.summary)
            throw RunError(
                .protocol,
                "\(retry.methodAndPath) still answered with \(again.summary) after the composite_advice journey for "
                    + "\(advice.names) succeeded (the retry carried \(carried)): \(session.describe(retryResponse))"
                    + Self.retryHint(advice, spec: spec),
                step: session.stepNumber(at: retryIndex))
        }
        let outcome = finalOutcome(retryResponse, advice: advice.names, session: session)
        var failures = PhaseFailures()
        if singleUse?.value == true, case .authorized = outcome {
            failures = try await checkSingleUse(retry, advice: advice, session: session)
        }
        return .next(handoff.with(outcome, grant: grant), failures)
    }

    /// Adds the `oauth:` phase's token (its grant's) the way `request.auth` says.
    private func withToken(_ tokens: OAuthTokens?, _ request: inout TransportRequest) throws(RunError) {
        guard spec.auth != .session else { return }
        guard let tokens else {
            throw RunError(.script, "request.auth is \(spec.auth.rawValue), and the run has no tokens from oauth:")
        }
        switch spec.auth {
        case .bearer:
            request.headers.replace("Authorization", with: "Bearer \(tokens.accessToken)")
        case .idtoken:
            guard let idToken = tokens.idToken else {
                throw RunError(
                    .script,
                    "request.auth is idtoken, and the token response held no ID token (is openid in oauth.scope?)")
            }
            request.headers.replace("X-IdToken", with: idToken)
        case .session:
            break
        }
    }

    /// The advice in a response, or nil; advice that cannot be read is a protocol error naming the step.
    private func advice(
        in response: TransportResponse, of request: TransportRequest, at index: Int, session: RunSession
    ) throws(RunError) -> ResourceAdvice? {
        do {
            return try AdviceParser.detect(status: response.status, headers: response.headers, body: response.body)
        } catch {
            let failure = "cannot read the advice in the answer to \(request.methodAndPath): \(error.message)"
            session.note(stepAt: index, "advice", "unreadable: \(error.message)")
            throw RunError(
                .protocol, "\(failure) (\(session.describe(response)))", step: session.stepNumber(at: index))
        }
    }

    /// `POST …/authenticate?authIndexType=composite_advice&authIndexValue=<XML>` with the session,
    /// answered with the script's handlers.
    private func runAdviceJourney(_ advice: ResourceAdvice, session: RunSession) async throws(RunError) -> JourneyEnd {
        let query = [("authIndexType", "composite_advice"), ("authIndexValue", AdviceXML.build(advice.advices))]
        var loop = JourneyLoop(session: session, start: start, handlers: handlers, inAdviceJourney: true)
        loop.continueURL = AMEndpoints.authenticateURL(
            base: loop.endpoint.baseURL, realm: loop.endpoint.realm, query: query)
        let request = TransportRequest(
            method: "POST", url: loop.continueURL, headers: loop.baseHeaders, body: Data("{}".utf8))
        let first = session.stepCount
        defer { session.tagSteps(from: first, phase: "advice journey") }
        return try await loop.run(from: request)
    }

    /// The original request again, carrying the proof: `_txid` or `X-TxID`, and `X-Tree`.
    private func retryRequest(original: TransportRequest, advice: ResourceAdvice, session: RunSession)
        async throws(RunError)
        -> (TransportRequest, String)
    {
        var retry = original
        if let template = spec.retry.url {
            retry.url = RequestSpec.resolveURL(try session.context.evaluator.evaluate(template).text, in: session)
        }
        var carried: [String] = []
        if let txid = advice.txid {
            var carrier = spec.retry.txid
            if carrier == .auto { carrier = advice.form == .policyDecision ? .header : .query }
            switch carrier {
            case .query:
                retry.url = Self.settingQuery("_txid", txid, in: retry.url)
                carried.append("_txid=\(txid)")
            case .header:
                retry.headers.replace("X-TxID", with: txid)
                carried.append("X-TxID: \(txid)")
            case .auto, .none:
                break
            }
        }
        if let tree = advice.tree, spec.retry.tree == .header {
            retry.headers.replace("X-Tree", with: tree)
            carried.append("X-Tree: \(tree)")
        }
        for header in spec.retry.headers {
            let value = try session.context.evaluator.evaluate(header.value).text
            retry.headers.replace(header.name, with: value)
        }
        return (retry, carried.isEmpty ? "the session only" : carried.joined(separator: ", "))
    }

    /// Retries once more without a new journey: a TransactionConditionAdvice grant must not work twice.
    private func checkSingleUse(_ retry: TransportRequest, advice: ResourceAdvice, session: RunSession)
        async throws(RunError) -> PhaseFailures
    {
        var failures = PhaseFailures()
        let location = singleUse?.location
        guard advice.advices.contains(where: { $0.name == AdviceParser.transaction }) else {
            let failure = ExpectationFailure(
                "expect.singleUse: the resource asked for \(advice.names), not TransactionConditionAdvice, so there is no single-use grant to check",
                location: location)
            failures.add(failure)
            return failures
        }
        let (response, index) = try await session.call(retry, phase: "single-use check", party: .resource)
        let again = try self.advice(in: response, of: retry, at: index, session: session)
        if let again {
            session.note(stepAt: index, "denied", "advice again: \(again.summary)")
        } else if (200..<300).contains(response.status) {
            let failure = ExpectationFailure(
                "the TransactionConditionAdvice grant worked twice: a second retry without a new journey answered \(session.describe(response))",
                step: session.stepNumber(at: index), location: location)
            failures.add(failure, onStepAt: index)
        } else {
            session.note(stepAt: index, "denied", "HTTP \(response.status)")
        }
        return failures
    }

    /// 2xx is authorized; anything else is denied.
    private func finalOutcome(_ response: TransportResponse, advice: String?, session: RunSession) -> Outcome {
        let body = response.body.isEmpty ? nil : session.redactor.redact(body: response.body)
        if (200..<300).contains(response.status) {
            return .authorized(status: response.status, advice: advice, body: body)
        }
        let excerpt = body.map { ": " + ResponseReader.excerpt(Data($0.utf8)) } ?? ""
        return .denied(
            status: response.status, advice: nil, reason: "the resource answered HTTP \(response.status)\(excerpt)",
            body: body)
    }

    static func retryHint(_ advice: ResourceAdvice, spec: RequestSpec) -> String {
        guard advice.txid != nil else { return "" }
        switch (advice.form, spec.retry.txid) {
        case (.policyDecision, .auto), (_, .header):
            return "; if the resource sits behind Identity Gateway or a web agent, try request.retry.txid: query"
        case (_, .auto), (_, .query):
            return "; if the resource is a REST service that reads X-TxID, try request.retry.txid: header"
        case (_, .none):
            return "; request.retry.txid is none, so the retry carried no transaction id"
        }
    }

    /// `url` with `name=value` set in its query (replacing an existing value).
    static func settingQuery(_ name: String, _ value: String, in url: String) -> String {
        var base = url
        var fragment = ""
        if let hash = base.firstIndex(of: "#") {
            fragment = String(base[hash...])
            base = String(base[..<hash])
        }
        let encoded = AMEndpoints.queryString([(name, value)]).dropFirst()
        guard let question = base.firstIndex(of: "?") else { return base + "?" + encoded + fragment }
        let path = base[..<question]
        var pairs = base[base.index(after: question)...].split(separator: "&").map(String.init)
        pairs.removeAll { $0 == name || $0.hasPrefix("\(name)=") }
        pairs.append(String(encoded))
        return path + "?" + pairs.joined(separator: "&") + fragment
    }
}
