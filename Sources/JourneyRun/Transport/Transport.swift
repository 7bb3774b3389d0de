import Foundation
import JourneyCore

/// A request the driver wants sent.
package struct TransportRequest: Sendable {
    package var method: String
    package var url: String
    package var headers: [HeaderField]
    package var body: Data?
    /// Seconds before the request is abandoned with `TransportError.timeout`. A run's session
    /// caps every request at the run's timeout (`server.timeout`) when it sends it, so a request
    /// names only a tighter limit (the Challenger's); by default it has none of its own.
    package var timeoutSeconds: Double
    /// False for a request to a party other than the script's server (the Challenger, the
    /// simulator's outbox): the session then leaves out the script's `server.headers`.
    package var toScriptServer = true
    /// The body's JSON when the driver built it, so the trace need not parse it again.
    var json: JSONValue? {
        get { sentJSON?.value }
        set { sentJSON = newValue.map(SentJSON.value) }
    }
    /// Where the body came from: a JSON value, or the step a continue request echoes (whose
    /// JSON tree is built only when something reads it: a replay, a report of the body).
    package var sentJSON: SentJSON?

    package init(
        method: String, url: String, headers: [HeaderField] = [], body: Data? = nil, timeoutSeconds: Double = .infinity,
        toScriptServer: Bool = true
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeoutSeconds = timeoutSeconds
        self.toScriptServer = toScriptServer
    }
}

/// The JSON of a request body the runner wrote.
package enum SentJSON: Sendable {
    case value(JSONValue)
    case step(AMStep)

    package var value: JSONValue {
        switch self {
        case .value(let json): json
        case .step(let step): step.json
        }
    }
}

/// What came back.
package struct TransportResponse: Sendable {
    package var status: Int
    package var headers: [HeaderField]
    package var body: Data
    /// The body as read already, when the transport has it: a replay reads each recorded body
    /// once, when the recording loads, and hands that on instead of every run parsing it again.
    /// Only ever the reading of `body` itself.
    package var read: ReadBody?

    package init(status: Int, headers: [HeaderField] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A response body read as JSON, and as an authenticate answer: AM's body shape and what
/// `AMWireCheck` finds wrong with it.
package struct ReadBody: Sendable {
    package var json: JSONValue
    package var amBody: AMResponseBody?
    package var amProblem: String?

    package init(json: JSONValue, amBody: AMResponseBody?, amProblem: String?) {
        self.json = json
        self.amBody = amBody
        self.amProblem = amProblem
    }
}

/// Why a request got no usable HTTP response.
package enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing listens there, or the name does not resolve.
    case unreachable(String)
    /// No complete response within the timeout (seconds).
    case timeout(Double)
    /// The server closed the connection before a complete response.
    case connectionClosed(String)
    /// The request could not be made (bad URL, TLS failure...).
    case failed(String)
    /// A replay's request is not the one its recording holds: the diff (exit code 4).
    case replayMismatch(String)

    package var description: String {
        switch self {
        case .unreachable(let detail): return "server unreachable: \(detail)"
        case .timeout(let seconds): return "no response within \(Self.format(seconds)) s (request timeout)"
        case .connectionClosed(let detail): return "connection closed before a complete response: \(detail)"
        case .failed(let detail): return "request failed: \(detail)"
        case .replayMismatch(let diff): return "replay mismatch: \(diff)"
        }
    }

    /// A transport error's case without its details (which may quote a URL), kept on the run's
    /// ``RunError`` so reports and load classes can tell a timeout from a refused connection.
    package enum Kind: String, Sendable, CaseIterable {
        case unreachable
        case timeout
        case connectionClosed
        case failed
        case replayMismatch
    }

    /// This error's case.
    package var kind: Kind {
        switch self {
        case .unreachable: return .unreachable
        case .timeout: return .timeout
        case .connectionClosed: return .connectionClosed
        case .failed: return .failed
        case .replayMismatch: return .replayMismatch
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
    }
}

/// Sends requests. Live, recording and replay transports share the driver's single code path.
package protocol Transport: Sendable {
    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse
}
