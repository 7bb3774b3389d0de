import Foundation
import HTTPTypes
import JourneyCore

extension HTTPField.Name {
    // Constant, valid header names: the initializer cannot fail for them.
    static let mfpConflict = Self("MFP-Conflict")!
}

/// `/mfp/api/...`: the MobileFirst Foundation 8.0 runtime (challenges.md §1): registration,
/// preauthorize, logout, heartbeat, authorization, token (also for confidential clients),
/// introspection and adapters.
struct MobileFirstController: SimulatorController {
    static let mobileFirstPrefix = "/mfp/api"

    let definition: MobileFirstDefinition
    let mobileFirstStore: MobileFirstStore
    let env: EngineEnvironment

    var now: Date { env.clock.now() }

    func addRoutes(to router: inout SimulatorRouter) {
        router.add(prefix: Self.mobileFirstPrefix) { request in mobileFirst(request) }
    }

    /// The endpoints by path: the method each answers and its handler.
    private var endpoints: [String: (HTTPRequest.Method, (IncomingRequest) -> HTTPReply)] {
        [
            "/registration/v1/self": (.post, { mfpRegister($0) }),
            "/preauth/v1/preauthorize": (.post, { mfpPreauthorize($0, definition) }),
            "/preauth/v1/logout": (.post, { mfpLogout($0, definition) }),
            "/preauth/v1/heartbeat": (.post, { mfpHeartbeat($0, definition) }),
            "/az/v1/authorization": (.get, { mfpAuthorization($0, definition) }),
            "/az/v1/token": (.post, { mfpToken($0, definition) }),
            "/az/v1/introspection": (.post, { mfpIntrospection($0) }),
        ]
    }

    private func mobileFirst(_ request: IncomingRequest) -> HTTPReply {
        let path = String(request.path.dropFirst(Self.mobileFirstPrefix.count))
        var reply: HTTPReply
        if let (method, handler) = endpoints[path] {
            reply = request.method == method ? handler(request) : .methodNotAllowed(request.method)
        } else if path.hasPrefix("/adapters/") {
            reply = mfpAdapter(request, path: path, definition)
        } else {
            reply = .notFound(request.path)
        }
        reply.logContext = "mobilefirst" + (reply.logContext.isEmpty ? "" : " " + reply.logContext)
        return reply
    }

    /// A MobileFirst error body: `{"errorCode": …, "errorMsg": …}`.
    static func mfpError(_ status: Int, _ code: String, _ message: String) -> HTTPReply {
        .json(
            HTTPResponse.Status(code: status), ["errorCode": .string(code), "errorMsg": .string(message)],
            outcome: "\(status) \(code)")
    }

    static func unknownClient(_ id: String) -> HTTPReply {
        mfpError(400, "INVALID_CLIENT_ID", "Client '\(id)' is not registered")
    }

    /// An OAuth error body: `{"error": …, "error_description": …}`.
    static func oauthError(_ status: Int, _ error: String, _ description: String) -> HTTPReply {
        .json(
            HTTPResponse.Status(code: status), ["error": .string(error), "error_description": .string(description)],
            outcome: "\(status) \(error)")
    }

    /// The tree's fault for `endpoint`, when it fires for this client's device: 409 `MFP-Conflict`,
    /// or the client forgotten and 400 `INVALID_CLIENT_ID`.
    func mfpFault(_ endpoint: MobileFirstFault.Endpoint, client: MobileFirstClient, _ definition: MobileFirstDefinition)
        -> HTTPReply?
    {
        if endpoint == .preauthorize, mobileFirstStore.takeConflict() { return Self.conflict() }
        for (index, fault) in definition.faults.enumerated() where fault.endpoint == endpoint {
            guard mobileFirstStore.fire(fault: index, times: fault.times, device: client.deviceId) else { continue }
            switch fault.kind {
            case .conflict:
                return Self.conflict()
            case .invalidClient:
                mobileFirstStore.forget(client.id)
                var reply = Self.unknownClient(client.id)
                reply.logOutcome += " (fault: client forgotten)"
                return reply
            }
        }
        return nil
    }

    static func conflict() -> HTTPReply {
        var reply = mfpError(409, "CONFLICT", "The client's state changed concurrently; resend the request")
        reply.headers[.mfpConflict] = "true"
        reply.logOutcome = "409 MFP-Conflict"
        return reply
    }

    /// Scope elements, split on spaces and sorted (as SDKs send them).
    static func scopeElements(_ text: String?) -> [String] {
        (text ?? "").split(separator: " ").map(String.init).sorted()
    }

    /// The security checks protecting `scope`, in name order, or the unknown element.
    static func checks(for scope: [String], _ definition: MobileFirstDefinition) -> Result<[String], UnknownScope> {
        var names: Set<String> = []
        for element in scope {
            guard let checks = definition.checks(forScopeElement: element) else {
                return .failure(UnknownScope(element: element))
            }
            names.formUnion(checks)
        }
        return .success(names.sorted())
    }

    struct UnknownScope: Error {
        var element: String
    }

    var nowMilliseconds: Int { Int((now.timeIntervalSince1970 * 1000).rounded()) }
}
