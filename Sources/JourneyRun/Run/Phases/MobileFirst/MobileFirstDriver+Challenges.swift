import Foundation
import JourneyCore

/// How preauthorize ended.
enum MobileFirstPreauthorization {
    /// The scope is granted, after challenges for these checks (none: granted at once).
    case granted(challenged: Set<String>)
    /// A failure ends the run with this outcome.
    case end(Outcome)
    /// An expectation (a limit, an unhandled check) stopped the run.
    case stopped
}

/// The preauthorize challenge loop (challenges.md §1.4).
extension MobileFirstDriver {
    /// Runs preauthorize until the scope is granted or a failure ends the run (its outcome).
    /// Each 401 `MFP-Challenge` is a step whose "callbacks" are the challenged security checks.
    func mfpPreauthorize() async throws(RunError) -> MobileFirstPreauthorization {
        var answers: [String: JSONValue]?
        var challenged: Set<String> = []
        while true {
            let sent = answers
            let sentCall = try await mfpClientCall(phase: "preauthorize") {
                clientId throws(RunError) in
                var body: [String: JSONValue] = [
                    "client_id": .string(clientId), "scope": .string(client.spec.scopeParameter),
                ]
                if let sent { body["challengeResponse"] = .object(sent) }
                return TransportRequest(
                    method: "POST", url: client.url("/preauth/v1/preauthorize"),
                    headers: mfpHeaders(json: true),
                    body: JSONValue.object(body).encoded)
            }
            guard let (response, index) = sentCall else { return .stopped }
            let number = session.stepNumber(at: index)
            let json = try? JSONValue.parse(response.body)
            if let json {
                try RunCaptures(session: session).fromResponse(json: json, headers: response.headers, step: number)
            }
            if response.status == 200, let successes = json?["successes"]?.objectValue {
                if let stamp = successes["clockSynchronization"]?["serverTimeStamp"] {
                    guard let server = stamp.doubleValue, (0...Self.maxTimeStamp).contains(server) else {
                        throw RunError(
                            .protocol,
                            "preauthorize's clockSynchronization.serverTimeStamp \(String(stamp.compactJSON.prefix(40))) is not milliseconds from 0 to 100000000000000",
                            step: number)
                    }
                    client.clockOffsetMilliseconds = Int(server) - Self.milliseconds(session.clock.now())
                }
                let granted = successes.keys.filter { $0 != "clockSynchronization" }.sorted()
                session.note(stepAt: index, "successes", granted.isEmpty ? "(none)" : granted.joined(separator: ", "))
                return .granted(challenged: challenged)
            }
            if let challenges = Self.challenges(response, json) {
                challenged.formUnion(challenges.keys)
                guard let answered = try await mfpAnswer(challenges, index: index) else { return .stopped }
                answers = answered
                continue
            }
            if [403, 222].contains(response.status), let failures = json?["failures"]?.objectValue, !failures.isEmpty {
                return .end(mfpFailure(failures, status: response.status, index: index))
            }
            throw RunError(
                .protocol,
                "preauthorize answered neither successes, MFP-Challenge challenges nor failures: \(session.describe(response))",
                step: number)
        }
    }

    /// The challenges of a 401 whose `WWW-Authenticate` is `MFP-Challenge` (both are needed, as in the SDKs).
    static func challenges(_ response: TransportResponse, _ json: JSONValue?) -> [String: JSONValue]? {
        guard response.status == 401,
            response.headers.values("WWW-Authenticate").contains(where: { $0.contains("MFP-Challenge") }),
            let challenges = json?["challenges"]?.objectValue, !challenges.isEmpty
        else { return nil }
        return challenges
    }

    /// `failures` of a 403: `blocked` when the check's failure says its account is blocked, else `failure`.
    func mfpFailure(_ failures: [String: JSONValue], status: Int, index: Int) -> Outcome {
        let (check, detail) = failures.sorted { $0.key < $1.key }[0]
        let message = detail["failure"]?.stringValue ?? detail["errorMsg"]?.stringValue ?? detail.compactJSON
        session.note(stepAt: index, "failures", failures.keys.sorted().joined(separator: ", "))
        let object = session.redactor.redact(json: detail).objectValue
        if message.lowercased().contains("blocked") {
            return .blocked(check: check, message: message, detail: object)
        }
        return .failure(code: status, reason: check, message: message, detail: object)
    }

    static func milliseconds(_ date: Date) -> Int { Int((date.timeIntervalSince1970 * 1000).rounded()) }

    /// The latest `serverTimeStamp` read: 10^14 ms, about the year 5138.
    static let maxTimeStamp = 100_000_000_000_000.0
}
