import HTTPTypes
import JourneyCore

/// One API of the simulator (authenticate, sessions, protected resources, MobileFirst, test
/// controls), in Hummingbird's controller style: it owns the stores it needs and adds its routes.
protocol SimulatorController: Sendable {
    func addRoutes(to router: inout SimulatorRouter)
}

/// Finds the controller route for a request path. Checked in this order: path prefixes (which do
/// not overlap: `/__simulator`, `/am/json`, `/am/oauth2`, `/mfp/api`), then exact paths; anything else is a 404.
///
/// Not Hummingbird's `Router`: AM's realm paths put a variable number of `realms/<name>` segments
/// before the endpoint, and faults, body limits and CORS apply before routing (to 404s too), so the
/// responder calls this synchronous matcher with the request already read (docs/decisions.md).
struct SimulatorRouter: Sendable {
    typealias Handler = @Sendable (IncomingRequest) -> HTTPReply

    private var prefixes: [(prefix: String, handler: Handler)] = []
    private var exact: [String: Handler] = [:]
    /// The endpoints under `/am/json[/realms/<name>…]/`.
    var am = AMRoutes()

    /// Routes `prefix` and every path below it (`prefix/…`) to `handler`.
    mutating func add(prefix: String, _ handler: @escaping Handler) {
        prefixes.append((prefix, handler))
    }

    /// Routes exactly `path` to `handler`; a path added twice keeps its first handler.
    mutating func add(path: String, _ handler: @escaping Handler) {
        if exact[path] == nil { exact[path] = handler }
    }

    func reply(to request: IncomingRequest) -> HTTPReply {
        let path = request.path
        for route in prefixes where Self.path(path, isUnder: route.prefix) {
            return route.handler(request)
        }
        if Self.path(path, isUnder: AMRoutes.prefix) { return am.reply(to: request) }
        if let handler = exact[path] { return handler(request) }
        return .notFound(path)
    }

    static func path(_ path: String, isUnder prefix: String) -> Bool {
        guard path.hasPrefix(prefix) else { return false }
        let rest = path.utf8.dropFirst(prefix.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "/")
    }
}

/// The endpoints of AM's JSON API, below any realm path (`/am/json/realms/root/realms/alpha/authenticate`)
/// or with `?realm=`: the handler gets the realm.
struct AMRoutes: Sendable {
    typealias Handler = @Sendable (IncomingRequest, _ realm: String) -> HTTPReply

    struct Endpoint: Sendable {
        var method: HTTPRequest.Method
        /// Also serve paths below the endpoint (`serverinfo/*`).
        var withSubpaths: Bool
        var handler: Handler
    }

    static let prefix = "/am/json"
    private var endpoints: [String: Endpoint] = [:]

    mutating func add(
        _ endpoint: String, method: HTTPRequest.Method, withSubpaths: Bool = false, _ handler: @escaping Handler
    ) {
        endpoints[endpoint] = Endpoint(method: method, withSubpaths: withSubpaths, handler: handler)
    }

    func reply(to request: IncomingRequest) -> HTTPReply {
        let segments = request.path.dropFirst(Self.prefix.count).split(separator: "/").map(String.init)
        let (realm, rest) = AMRequestRules.realm(segments: segments, query: request.query["realm"])
        guard let name = rest.first, let endpoint = endpoints[name], rest.count == 1 || endpoint.withSubpaths else {
            return .notFound(request.path)
        }
        guard request.method == endpoint.method else { return .methodNotAllowed(request.method) }
        return endpoint.handler(request, realm)
    }
}
