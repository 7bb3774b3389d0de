import Foundation
import HTTPTypes
import JourneyCore

extension MobileFirstController {
    /// `POST /preauth/v1/preauthorize` (challenges.md §1.4): runs every security check of the
    /// scope with its entry of `challengeResponse` and aggregates the answers: 200 `successes`
    /// (with `clockSynchronization`), 401 `MFP-Challenge` `challenges`, or 403 `failures`.
    func mfpPreauthorize(_ request: IncomingRequest, _ definition: MobileFirstDefinition) -> HTTPReply {
        let body: JSONValue
        switch JSONValue.body(request) {
        case .success(let value): body = value
        case .failure(let reply): return reply
        }
        guard let clientId = body["client_id"]?.stringValue else {
            return Self.mfpError(400, "INVALID_REQUEST", "Send {\"client_id\", \"scope\"[, \"challengeResponse\"]}")
        }
        guard let client = mobileFirstStore.client(clientId) else { return Self.unknownClient(clientId) }
        if let fault = mfpFault(.preauthorize, client: client, definition) { return fault }
        let scope = Self.scopeElements(body["scope"]?.stringValue)
        let checks: [String]
        switch Self.checks(for: scope, definition) {
        case .success(let names): checks = names
        case .failure(let unknown):
            return Self.mfpError(400, "INVALID_SCOPE", "Unknown scope element '\(unknown.element)'")
        }
        let answers = body["challengeResponse"]?.objectValue ?? [:]
        return runChecks(checks, clientId: clientId, answers: answers, definition)
    }

    /// Runs `checks` for the client and answers as preauthorize does. Also used by the
    /// authorization endpoint when the scope is no longer granted.
    func runChecks(
        _ checks: [String], clientId: String, answers: [String: JSONValue], _ definition: MobileFirstDefinition
    )
        -> HTTPReply
    {
        let now = self.now
        let responses: [(String, SecurityCheckState.Response)]? = mobileFirstStore.update(clientId) { client in
            checks.compactMap { name in
                guard let check = definition.securityChecks[name] else { return nil }
                var state = client.checks[name] ?? SecurityCheckState()
                let response = state.authorize(check, credentials: answers[name], now: now, random: env.random)
                client.checks[name] = state
                return (name, response)
            }
        }
        guard let responses else { return Self.unknownClient(clientId) }
        var successes: [String: JSONValue] = [:]
        var challenges: [String: JSONValue] = [:]
        var failures: [String: JSONValue] = [:]
        for (name, response) in responses {
            switch response {
            case .success(let value): successes[name] = value
            case .challenge(let value): challenges[name] = value
            case .failure(let value): failures[name] = value
            }
        }
        if !failures.isEmpty {
            return .json(
                .forbidden, ["failures": .object(failures)],
                outcome: "403 failures \(failures.keys.sorted().joined(separator: ","))")
        }
        if !challenges.isEmpty {
            var object: [String: JSONValue] = ["challenges": .object(challenges)]
            if !successes.isEmpty { object["successes"] = .object(successes) }
            var reply = HTTPReply.json(
                .unauthorized, .object(object),
                outcome: "401 challenges \(challenges.keys.sorted().joined(separator: ","))")
            reply.headers[.wwwAuthenticate] = "MFP-Challenge"
            return reply
        }
        successes["clockSynchronization"] = ["serverTimeStamp": .int(nowMilliseconds)]
        return .json(.ok, ["successes": .object(successes)], outcome: "200 successes")
    }
}
