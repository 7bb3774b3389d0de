import Foundation
import JourneyCore

/// The phases after setup: `uses:`, the script's journey, the `request:` phase with its advice
/// journey and retry, and the single-use check.
extension DriverRun {
    func runPhases() async throws(RunError) -> Outcome? {
        if script.protocolKind == .mobilefirst, let spec = script.mobileFirst { return try await runMobileFirst(spec) }
        var outcome: Outcome?
        if let uses = script.uses {
            outcome = try await runUsedScript(uses)
            if let outcome, !outcome.isSuccess { return outcome }
        }
        if script.hasJourney {
            outcome = try await loop()
        }
        if let request = script.request, outcome?.isSuccess ?? true {
            outcome = try await runRequest(request)
        }
        return outcome
    }

    /// Calls the resource with the session; satisfies advice with a composite_advice journey and retries.
    func runRequest(_ spec: RequestSpec) async throws(RunError) -> Outcome {
        try await ensureSessionCookie()
        let original = try await resourceRequest(spec)
        let (response, index) = try await call(original, phase: "request")
        guard let advice = try advice(in: response, of: original, at: index) else {
            return finalOutcome(response, advice: nil)
        }
        steps[index].notes.append(("advice", advice.summary))

        let journeyStart = steps.count
        let journeyOutcome = try await runAdviceJourney(advice)
        guard journeyOutcome.isSuccess else {
            let place = steps.count > journeyStart ? " at step \(steps[steps.count - 1].number)" : ""
            return .denied(
                status: nil, advice: advice.names,
                reason: "the composite_advice journey for \(advice.names) ended with \(journeyOutcome.summary)\(place)",
                body: nil)
        }

        let (retry, carried) = try await retryRequest(spec, original: original, advice: advice)
        let (retryResponse, retryIndex) = try await call(retry, phase: "retry")
        steps[retryIndex].notes.append(("retry", carried))
        if let again = try self.advice(in: retryResponse, of: retry, at: retryIndex) {
            steps[retryIndex].notes.append(("advice", again.summary))
            throw RunError(
                .protocol,
                "\(Self.describe(retry)) still answered with \(again.summary) after the composite_advice journey for "
                    + "\(advice.names) succeeded (the retry carried \(carried)): \(describe(retryResponse))"
                    + Self.retryHint(advice, spec: spec),
                step: steps[retryIndex].number)
        }
        let outcome = finalOutcome(retryResponse, advice: advice.names)
        if script.expect.singleUse?.value == true, case .authorized = outcome {
            try await checkSingleUse(retry, advice: advice)
        }
        return outcome
    }

    /// The original request: method, URL (absolute or origin-relative), headers, body.
    func resourceRequest(_ spec: RequestSpec) async throws(RunError) -> TransportRequest {
        let url = resolveURL(try context.evaluator.evaluate(spec.url).text)
        var headers = [HeaderField("Accept", "application/json")] + extraHeaders
        var body: Data?
        switch spec.body {
        case .json(let value)?:
            body = try await context.expandTemplates(in: value).encoded
            headers.append(HeaderField("Content-Type", "application/json"))
        case .text(let template)?:
            body = Data(try context.evaluator.evaluate(template).text.utf8)
        case nil:
            break
        }
        if spec.adviceInHeader { headers.append(HeaderField("x-authenticate-response", "header")) }
        for header in spec.headers {
            let value = try context.evaluator.evaluate(header.value).text
            headers.replace(header.name, with: value)
        }
        return TransportRequest(method: spec.method, url: url, headers: headers, body: body, timeoutSeconds: timeout)
    }

    /// The advice in a response, or nil; advice that cannot be read is a protocol error naming the step.
    func advice(in response: TransportResponse, of request: TransportRequest, at index: Int) throws(RunError)
        -> ResourceAdvice?
    {
        do {
            return try AdviceParser.detect(status: response.status, headers: response.headers, body: response.body)
        } catch {
            let failure = "cannot read the advice in the answer to \(Self.describe(request)): \(error.message)"
            steps[index].notes.append(("advice", "unreadable: \(error.message)"))
            throw RunError(.protocol, "\(failure) (\(describe(response)))", step: steps[index].number)
        }
    }

    /// `POST …/authenticate?authIndexType=composite_advice&authIndexValue=<XML>` with the session,
    /// answered with the script's handlers.
    func runAdviceJourney(_ advice: ResourceAdvice) async throws(RunError) -> Outcome {
        let query = [("authIndexType", "composite_advice"), ("authIndexValue", AdviceXML.build(advice.advices))]
        authorization.inAdviceJourney = true
        defer { authorization.inAdviceJourney = false }
        continueURL = AMEndpoints.authenticateURL(base: baseURL, realm: realm, query: query)
        let request = TransportRequest(
            method: "POST", url: continueURL, headers: baseHeaders(), body: Data("{}".utf8), timeoutSeconds: timeout)
        let first = steps.count
        defer { tagSteps(from: first, phase: "advice journey") }
        return try await loop(from: request)
    }

    /// The original request again, carrying the proof: `_txid` or `X-TxID`, and `X-Tree`.
    func retryRequest(_ spec: RequestSpec, original: TransportRequest, advice: ResourceAdvice) async throws(RunError)
        -> (TransportRequest, String)
    {
        var retry = original
        if let template = spec.retry.url {
            retry.url = resolveURL(try context.evaluator.evaluate(template).text)
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
            let value = try context.evaluator.evaluate(header.value).text
            retry.headers.replace(header.name, with: value)
        }
        return (retry, carried.isEmpty ? "the session only" : carried.joined(separator: ", "))
    }

    /// Retries once more without a new journey: a TransactionConditionAdvice grant must not work twice.
    func checkSingleUse(_ retry: TransportRequest, advice: ResourceAdvice) async throws(RunError) {
        let location = script.expect.singleUse?.location
        guard advice.advices.contains(where: { $0.name == AdviceParser.transaction }) else {
            failures.append(
                ExpectationFailure(
                    "expect.singleUse: the resource asked for \(advice.names), not TransactionConditionAdvice, so there is no single-use grant to check",
                    location: location))
            return
        }
        let (response, index) = try await call(retry, phase: "single-use check")
        let again = try self.advice(in: response, of: retry, at: index)
        if let again {
            steps[index].notes.append(("denied", "advice again: \(again.summary)"))
        } else if (200..<300).contains(response.status) {
            let failure = ExpectationFailure(
                "the TransactionConditionAdvice grant worked twice: a second retry without a new journey answered \(describe(response))",
                step: steps[index].number, location: location)
            steps[index].failures.append(failure)
            failures.append(failure)
        } else {
            steps[index].notes.append(("denied", "HTTP \(response.status)"))
        }
    }

    /// 2xx is authorized; anything else is denied.
    func finalOutcome(_ response: TransportResponse, advice: String?) -> Outcome {
        let body = response.body.isEmpty ? nil : redactor.redact(body: response.body)
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

extension Outcome {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
