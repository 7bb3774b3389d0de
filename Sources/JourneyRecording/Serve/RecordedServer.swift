import Foundation
import JourneyCore
import JourneyRun
import Synchronization

/// A recording served as a stateful mock AM: each start request begins a session on the
/// recorded journey of that name; each continue (by `authId`) gets the next recorded
/// response, with a fresh authId so several clients can walk the journey at once. Other
/// recorded requests (outbox reads, sessions) are answered with their recorded response.
/// HTTP-agnostic: `journey serve` puts it behind the simulator's server stack.
package final class RecordedServer: Sendable {
    package let recording: Recording
    private let state = Mutex(State())
    /// Receives one line per request (and a warning when a request differs from the recording).
    private let log: @Sendable (String) -> Void

    struct Session {
        var journey: Int
        var position: Int
    }

    struct State {
        var sessions: [String: Session] = [:]
        var suspended: [Session] = []
        var counter = 0
    }

    package init(recording: Recording, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.recording = recording
        // Request targets and bodies are quoted in the lines: a CR/LF must not start a forged line.
        self.log = { line in log(VisibleText.escaped(line)) }
    }

    /// The journeys it serves, for the listening line.
    package var journeyNames: [String] {
        var names: [String] = []
        for journey in recording.journeys {
            let name = journey.name ?? "(resume)"
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    package struct Reply: Sendable {
        package var status: Int
        package var headers: [HeaderField]
        package var body: Data
    }

    /// Answers one request. `target` is the path and query as received.
    package func handle(method: String, target: String, headers: [HeaderField], body: Data) -> Reply {
        let origin = headers.value("origin")
        var reply = respond(
            method: method.uppercased(), target: target, contentType: headers.value("content-type"), body: body)
        reply.headers += Self.cors(origin: origin)
        return reply
    }

    private func respond(method: String, target: String, contentType: String?, body: Data) -> Reply {
        if method == "OPTIONS" { return Reply(status: 204, headers: [], body: Data()) }
        let request = TransportRequest(method: method, url: "http://serve.invalid" + target, body: body)
        let sent = ReplayMatcher.SentRequest(request, redactor: Redactor())
        guard sent.isAuthenticate else {
            if let exchange = recording.others.first(where: { ReplayMatcher.sameResource(sent, $0) }) {
                log("\(method) \(target) -> \(exchange.status) (recorded)")
                return Self.reply(exchange, authId: nil)
            }
            log("\(method) \(target) -> 404 (not in the recording)")
            return Self.error(404, "Not Found", "\(method) \(sent.path) is not in the recording")
        }
        if let rejection = Self.rejection(sent, contentType: contentType, body: body, served: servedRealms) {
            log("\(method) \(target) -> \(rejection.code) \(rejection.message)")
            return Self.body(rejection.code, rejection.json)
        }
        let picked: Result<(Session, String?), ServeProblem> = state.withLock { state in
            if let authId = sent.json?["authId"]?.stringValue {
                guard let session = state.sessions.removeValue(forKey: authId) else {
                    return .failure(ServeProblem(status: 401, message: "Session has timed out", timeout: true))
                }
                return .success((session, nil))
            }
            if sent.resumes {
                if !state.suspended.isEmpty {
                    return .success((state.suspended.removeFirst(), nil))
                }
                if let index = recording.journeys.firstIndex(where: { $0.startsWithResume }) {
                    return .success((Session(journey: index, position: 0), nil))
                }
                return .failure(ServeProblem(status: 400, message: "The recording holds no resumed journey"))
            }
            guard
                let index = recording.journeys.firstIndex(where: { $0.name == sent.journeyName && !$0.startsWithResume }
                )
            else {
                return .failure(
                    ServeProblem(
                        status: 400,
                        message: "No Configuration found (the recording has no journey '\(sent.journeyName ?? "")')"))
            }
            return .success((Session(journey: index, position: 0), nil))
        }
        var session: Session
        switch picked {
        case .failure(let problem):
            log("\(method) \(target) -> \(problem.status) \(problem.message)")
            return problem.timeout
                ? Self.body(401, AMError.sessionTimeout.json)
                : Self.error(problem.status, HTTPStatusText.reason(problem.status), problem.message)
        case .success(let found):
            session = found.0
        }
        let journey = recording.journeys[session.journey]
        guard session.position < journey.exchanges.count else {
            log("\(method) \(target) -> 400 past the end of the recorded journey")
            return Self.error(400, "Bad Request", "The recording of journey '\(journey.name ?? "?")' has no more steps")
        }
        let recorded = journey.exchanges[session.position]
        if let difference = ReplayMatcher.difference(sent, recorded) {
            log(
                "warning: \(method) \(sent.amPath) differs from the recording (step \(session.position + 1)): \(difference)"
            )
        }
        session.position += 1
        var newAuthId: String?
        if recorded.responseJSON?["authId"] != nil {
            let id = state.withLock { state -> String in
                state.counter += 1
                let id = "served-\(state.counter)-\(UUID().uuidString.lowercased())"
                if case .step(let step)? = recorded.amResponse,
                    step.callbacks.contains(where: { $0.hasType(.suspendedTextOutput) })
                {
                    state.suspended.append(session)
                } else {
                    state.sessions[id] = session
                }
                return id
            }
            newAuthId = id
        }
        log(
            "\(method) \(target) -> \(recorded.status) \(StepShape(recorded))"
        )
        return Self.reply(recorded, authId: newAuthId)
    }

    /// The realms of the recorded journeys, canonical (`/alpha`).
    private var servedRealms: Set<String> {
        Set(recording.journeys.map { AMRequestRules.normalizeRealm($0.realm) })
    }

    /// What the simulator (and AM) answers to an authenticate request it cannot read: a body that is
    /// not JSON or has another content type, or a realm the recording does not hold.
    static func rejection(_ sent: ReplayMatcher.SentRequest, contentType: String?, body: Data, served: Set<String>)
        -> AMError?
    {
        if case .rejected(let error) = AMRequestRules.body([UInt8](body), contentType: contentType) { return error }
        let segments = sent.amPath.split(separator: "/").dropFirst().map(String.init)
        let realm = AMRequestRules.realm(segments: segments, query: sent.queryValue("realm")).realm
        return served.contains(realm) ? nil : AMRequestRules.invalidRealm(realm)
    }

    struct ServeProblem: Error {
        var status: Int
        var message: String
        var timeout = false
    }

    static func reply(_ exchange: RecordedExchange, authId: String?) -> Reply {
        var body = exchange.responseBody
        if let authId, case .object(var object)? = exchange.responseJSON {
            object["authId"] = .string(authId)
            body = JSONValue.object(object).encoded
        }
        let headers = exchange.replayedResponseHeaders(also: ["connection"])
        return Reply(status: exchange.status, headers: headers, body: body)
    }

    static func error(_ status: Int, _ reason: String, _ message: String) -> Reply {
        body(status, AMError(code: status, reason: reason, message: message).json)
    }

    static func body(_ status: Int, _ json: JSONValue) -> Reply {
        Reply(status: status, headers: [HeaderField("Content-Type", "application/json")], body: json.encoded)
    }

    static func cors(origin: String?) -> [HeaderField] {
        guard let origin else { return [] }
        return [
            HeaderField("Access-Control-Allow-Origin", origin),
            HeaderField("Access-Control-Allow-Credentials", "true"),
            HeaderField("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS"),
            HeaderField(
                "Access-Control-Allow-Headers",
                "Content-Type, Accept, Accept-API-Version, X-Requested-With, X-Requested-Platform, Authorization"),
        ]
    }
}
