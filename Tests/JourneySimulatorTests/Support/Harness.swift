import AsyncHTTPClient
import Foundation
import JourneyCore
import JourneyTestSupport
import NIOCore
import NIOHTTP1
import Synchronization

@testable import JourneySimulator

/// Paths of the package, the example trees and the fixtures (Tests/Fixtures).
enum Paths {
    static let packageRoot = Repository.root
    static let fixtures = Repository.fixtures
    static let trees = packageRoot.appendingPathComponent("journeys/trees")
    static let exampleTree = trees.appendingPathComponent("am.yaml").path

    static func fixture(_ name: String) throws -> JSONValue {
        let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
        return try JSONValue.parse(data)
    }
}

/// Collects the simulator's log lines.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// An HTTP answer as tests look at it.
struct Reply: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    var json: JSONValue { (try? JSONValue.parse(Data(body))) ?? .null }
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers.first(name: name) }
    var cookies: [String] { headers[canonicalForm: "set-cookie"].map(String.init) }
}

/// A simulator with a manual clock, and a client with timeouts on every request. By default the
/// simulator is in process (`.router`: each request is handed to its responder, no socket);
/// `.live` starts it on 127.0.0.1:0 for the tests about connections (docs/architecture.md, "Testing").
struct Harness: Sendable {
    /// Where requests go: to the responder in process, or over a loopback socket.
    enum Setup: Sendable {
        case router
        case live
    }

    let simulator: RunningSimulator
    let clock: ManualClock
    let logs: LogLines
    let setup: Setup

    /// The tree `yaml` (the example tree when nil); `file` is where its relative paths (key files) start.
    static func tree(_ yaml: String? = nil, file: String = "test.yaml") throws -> SimulatorTree {
        if let yaml { return try SimulatorLoader.load(text: yaml, file: file) }
        return try SimulatorLoader.load(path: Paths.exampleTree)
    }

    static func run<T: Sendable>(
        _ yaml: String? = nil, file: String = "test.yaml", maxBodyBytes: Int = 1 << 20, trace: EdgeTrace? = nil,
        logRequests: Bool = true, setup: Setup = .router, _ body: (Harness) async throws -> T
    ) async throws -> T {
        let clock = ManualClock()
        let logs = LogLines()
        var options = SimulatorOptions(
            clock: clock, logRequests: logRequests, log: { logs.append($0) }, maxBodyBytes: maxBodyBytes, seed: 42)
        options.edgeTrace = trace
        // Slow clients have their own tests (SlowClientTests); here a request that the busy machine
        // delays must not meet the simulator's 10 s for a head or 30 s for a body (it did: 408s
        // and an unanswered start in a full run at load 12).
        options.headerTimeout = Int64(TestTime.request)
        options.bodyTimeout = Int64(TestTime.request)
        options.idleTimeout = Int64(TestTime.request)
        let simulator =
            switch setup {
            case .router: Simulator.inProcess(try tree(yaml, file: file), options: options)
            case .live: try await Simulator.start(try tree(yaml, file: file), options: options)
            }
        let harness = Harness(simulator: simulator, clock: clock, logs: logs, setup: setup)
        do {
            let result = try await body(harness)
            await simulator.stop()
            return result
        } catch {
            await simulator.stop()
            throw error
        }
    }

    /// A client that returns redirects instead of following them (IG's 307 is asserted on). Never shut down.
    /// A request waits for a pooled connection as long as for its answer, and the pool holds a
    /// connection per parallel test journey: on a busy machine the default ten seconds for a
    /// connection failed the fifty-journey test with `getConnectionFromPoolTimeout`.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout.connect = .seconds(Int64(TestTime.request))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// A request that should be answered: a guard against a hang (``TestTime``).
    static let requestTimeout = TimeAmount.seconds(Int64(TestTime.request))

    var root: String { simulator.serverURL }

    func authenticatePath(realm: String = "alpha") -> String {
        realm == "/" ? "/am/json/realms/root/authenticate" : "/am/json/realms/root/realms/\(realm)/authenticate"
    }

    func request(
        _ method: HTTPMethod, _ path: String, body: [UInt8]? = nil, headers: [(String, String)] = [],
        timeout: TimeAmount = Harness.requestTimeout
    ) async throws -> Reply {
        if setup == .router { return try await inProcess(method, path, body: body, headers: headers, timeout: timeout) }
        var request = HTTPClientRequest(url: root + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await Self.client.execute(request, timeout: timeout)
        let buffer = try await response.body.collect(upTo: 4 << 20)
        return Reply(status: Int(response.status.code), headers: response.headers, body: Array(buffer: buffer))
    }

    /// The request handed to the simulator's responder; a dropped or late answer throws what
    /// the HTTP client throws then.
    private func inProcess(
        _ method: HTTPMethod, _ path: String, body: [UInt8]?, headers: [(String, String)], timeout: TimeAmount
    ) async throws -> Reply {
        let request = InProcessRequest(
            method: method.rawValue, target: path, authority: String(root.dropFirst("http://".count)),
            headers: headers.map { (name: $0.0, value: $0.1) }, body: body)
        switch await simulator.respond(request, timeout: .nanoseconds(timeout.nanoseconds)) {
        case .reply(let status, let fields, let bytes):
            return Reply(status: status, headers: HTTPHeaders(fields.map { ($0.name, $0.value) }), body: bytes)
        case .dropped: throw HTTPClientError.remoteConnectionClosed
        case .timedOut: throw HTTPClientError.deadlineExceeded
        }
    }

    func post(
        _ path: String, json: JSONValue? = [:], headers: [(String, String)] = [],
        timeout: TimeAmount = Harness.requestTimeout
    ) async throws -> Reply {
        var all = headers
        if json != nil, !all.contains(where: { $0.0.lowercased() == "content-type" }) {
            all.append(("Content-Type", "application/json"))
        }
        all.append(("Accept-API-Version", "resource=2.1, protocol=1.0"))
        return try await request(.POST, path, body: json.map { Array($0.encoded) }, headers: all, timeout: timeout)
    }

    func get(_ path: String, headers: [(String, String)] = []) async throws -> Reply {
        try await request(.GET, path, headers: headers)
    }

    /// Starts `journey` (service) in `realm`.
    func start(
        _ journey: String, realm: String = "alpha", query: String = "", headers: [(String, String)] = []
    ) async throws -> Reply {
        let extra = query.isEmpty ? "" : "&\(query)"
        return try await post(
            "\(authenticatePath(realm: realm))?authIndexType=service&authIndexValue=\(journey)\(extra)",
            headers: headers)
    }

    /// Sends the step back with the main input of callback `i` set to `answers[i]`.
    func answer(
        _ step: JSONValue, _ answers: [Int: JSONValue], realm: String = "alpha", headers: [(String, String)] = []
    ) async throws -> Reply {
        try await post(authenticatePath(realm: realm), json: Steps.fill(step, answers), headers: headers)
    }

    /// Logs in as `username` through the Login journey; returns the tokenId.
    func login(_ username: String = "demo", _ password: String = "Ch4ng3it!", realm: String = "alpha") async throws
        -> String
    {
        let step = try await start("Login", realm: realm).json
        let done = try await answer(step, [0: .string(username), 1: .string(password)], realm: realm)
        return done.json["tokenId"]?.stringValue ?? ""
    }

    func outbox(_ recipient: String) async throws -> [JSONValue] {
        let encoded = recipient.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? recipient
        return try await get("/__simulator/outbox/\(encoded)").json["messages"]?.arrayValue ?? []
    }
}

/// Helpers to read and fill steps.
enum Steps {
    static func callbacks(_ step: JSONValue) -> [JSONValue] { step["callbacks"]?.arrayValue ?? [] }

    static func types(_ step: JSONValue) -> [String] {
        callbacks(step).compactMap { $0["type"]?.stringValue }
    }

    static func output(_ callback: JSONValue, _ name: String) -> JSONValue? {
        callback["output"]?.arrayValue?.first(where: { $0["name"]?.stringValue == name })?["value"]
    }

    /// Sets input `suffix` ("" = the main one) of callback `index`.
    static func set(_ step: JSONValue, _ index: Int, suffix: String = "", _ value: JSONValue) -> JSONValue {
        guard case .object(var object) = step, var list = object["callbacks"]?.arrayValue, list.indices.contains(index),
            case .object(var callback) = list[index], var inputs = callback["input"]?.arrayValue
        else { return step }
        for (position, input) in inputs.enumerated() {
            guard case .object(var pair) = input, let name = pair["name"]?.stringValue,
                AMCallback.suffix(of: name) == suffix
            else { continue }
            pair["value"] = value
            inputs[position] = .object(pair)
        }
        callback["input"] = .array(inputs)
        list[index] = .object(callback)
        object["callbacks"] = .array(list)
        return .object(object)
    }

    static func fill(_ step: JSONValue, _ answers: [Int: JSONValue]) -> JSONValue {
        answers.reduce(step) { partial, answer in set(partial, answer.key, answer.value) }
    }
}
