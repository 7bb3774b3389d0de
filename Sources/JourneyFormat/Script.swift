import JourneyCore

/// A journey script as loaded from YAML: typed, and every node keeps its file:line:col.
/// What every script shares is here; what its protocol runs is its ``body``.
public struct Script: Sendable {
    /// The path the script was read from (as given), or for a block of a Markdown guide its
    /// ``GuideBlock/identity`` (`guide.md#L40`).
    package var file: String
    /// The guide the script is a block of: a `uses:` finds its blocks named by `file=` first.
    package var guide: Guide?
    package var version: Int
    package var name: String
    package var description: String?
    package var tags: [String]
    package var server: ServerSpec
    package var vars: [VarDecl]
    package var captures: [CaptureSpec]
    package var expect: ExpectSpec
    package var limits: Limits
    /// Another script run first, whose session this script continues (PingAM).
    package var uses: UsesSpec?
    /// A call to a protected resource after the journey: PingAM's transactional authorization
    /// and step-up, or MobileFirst's Bearer call with the token.
    package var request: RequestSpec?
    /// What to do with the session at the end (`cleanup: logout`).
    package var cleanup: CleanupSpec?
    /// OAuth 2.0 / OpenID Connect tokens after the journey (PingAM).
    package var oauth: OAuthSpec?
    /// The file that keeps the run's simulated device (its passkeys) between runs (PingAM).
    package var device: DeviceSpec?
    /// The SDK whose requests the run sends (`client: { sdk: … }`, PingAM); `--sdk` overrides it.
    package var client: ClientSpec?
    /// The program of every `command:` value source, where it is written. A run executes them
    /// only with ``RunConfiguration/allowCommands``.
    package var commands: [Located<String>] = []
    /// The environment variables the script cannot run without, where it reads them.
    package var environmentReads: [EnvironmentRead] = []
    /// What the script's protocol runs: a PingAM journey, or MobileFirst's security checks.
    package var body: Body

    /// The protocol part of a script.
    package enum Body: Sendable {
        /// PingAM's authenticate protocol.
        case pingAM(PingAMBody)
        /// `protocol: mobilefirst`: the scope, the client registration and the security-check handlers.
        case mobileFirst(MobileFirstSpec)
        /// `protocol: rakuten`: Rakuten's token API with the Challenger service.
        case rakuten(RakutenSpec)
    }

    package init(
        file: String, version: Int = 1, name: String, description: String? = nil, tags: [String] = [],
        server: ServerSpec = ServerSpec(), body: Body, vars: [VarDecl] = [], captures: [CaptureSpec] = [],
        expect: ExpectSpec = ExpectSpec(), limits: Limits = Limits(), uses: UsesSpec? = nil,
        request: RequestSpec? = nil, cleanup: CleanupSpec? = nil
    ) {
        self.file = file
        self.version = version
        self.name = name
        self.description = description
        self.tags = tags
        self.server = server
        self.body = body
        self.vars = vars
        self.captures = captures
        self.expect = expect
        self.limits = limits
        self.uses = uses
        self.request = request
        self.cleanup = cleanup
    }

    /// Which driver runs the script.
    package var protocolKind: ProtocolKind {
        switch body {
        case .pingAM: return .pingam
        case .mobileFirst: return .mobilefirst
        case .rakuten: return .rakuten
        }
    }

    /// The PingAM part, nil for a MobileFirst script.
    package var pingAM: PingAMBody? {
        if case .pingAM(let body) = body { return body }
        return nil
    }

    /// The MobileFirst part, nil for a PingAM script.
    package var mobileFirst: MobileFirstSpec? {
        if case .mobileFirst(let spec) = body { return spec }
        return nil
    }

    /// The Rakuten part, nil for other protocols.
    package var rakuten: RakutenSpec? {
        if case .rakuten(let spec) = body { return spec }
        return nil
    }

    /// The PingAM handler chain (empty for a MobileFirst script, whose handlers answer security checks).
    package var handlers: [HandlerSpec] { pingAM?.handlers ?? [] }
}

/// What a PingAM script runs: its journey from `start` (none when it continues the session of
/// the script it `uses:`), answered with the handler chain (which also answers advice journeys).
package struct PingAMBody: Sendable {
    /// How the journey starts; nil when the script names no journey of its own and takes its
    /// session from `uses:`.
    package var start: StartSpec?
    package var handlers: [HandlerSpec]

    package init(start: StartSpec?, handlers: [HandlerSpec] = []) {
        self.start = start
        self.handlers = handlers
    }
}

/// Which driver runs the script: PingAM's authenticate protocol, or MobileFirst Foundation 8.0's
/// registration, preauthorize challenge loop, authorization code and token; or Rakuten's token API
/// with Challenger.
package enum ProtocolKind: String, Sendable, Hashable, CaseIterable {
    case pingam
    case mobilefirst
    case rakuten
}

/// Where the server is and how to talk to it. Every field may be overridden from the command line.
package struct ServerSpec: Sendable {
    /// Base URL including the deployment path, e.g. `https://tenant.example.com/am`.
    package var url: Template?
    /// Realm: `alpha`, `/alpha`, or nested `customers/europe`. Empty or `/` means the root realm.
    package var realm: Template?
    /// The session cookie name; when absent: the `Set-Cookie` holding the tokenId, `/json/serverinfo/*`,
    /// else `iPlanetDirectoryPro`.
    package var cookieName: String?
    package var headers: [(name: String, value: Template)]
    /// The `User-Agent` of every request; nil: ``defaultUserAgent``.
    package var userAgent: Template?
    /// TLS certificate verification; only an explicit `false` turns it off.
    package var verifyTLS: Bool
    /// Per-request timeout in seconds.
    package var timeoutSeconds: Double
    /// A simulator tree file (path relative to the script) to start in-process for this run.
    package var simulate: Located<String>?
    package var location: SourceLocation?

    package init(
        url: Template? = nil, realm: Template? = nil, cookieName: String? = nil,
        headers: [(name: String, value: Template)] = [], verifyTLS: Bool = true, timeoutSeconds: Double = 30,
        simulate: Located<String>? = nil, location: SourceLocation? = nil
    ) {
        self.url = url
        self.realm = realm
        self.cookieName = cookieName
        self.headers = headers
        self.verifyTLS = verifyTLS
        self.timeoutSeconds = timeoutSeconds
        self.simulate = simulate
        self.location = location
    }

    /// The `User-Agent` a run sends when the script names none: `journey/0.1.0`.
    package static let defaultUserAgent = "journey/\(JourneyVersion.number)"
}

/// How the journey starts: `journey: Login` is `start: { service: Login }`.
package struct StartSpec: Sendable {
    package var authIndexType: String?
    package var authIndexValue: Template?
    package var forceAuth: Bool
    package var noSession: Bool
    package var query: [(name: String, value: Template)]
    package var acceptLanguage: String?
    /// Resume a suspended journey by its suspendedId instead of starting one.
    package var resume: ValueSpec?
    /// Resume from a link (an emailed resume URL): every query parameter of the link is sent.
    package var resumeURL: ValueSpec?
    /// Zero-page login: the credentials go in headers of the start request.
    package var zeroPage: ZeroPageSpec?
    package var location: SourceLocation

    package init(
        authIndexType: String? = "service", authIndexValue: Template?, forceAuth: Bool = false,
        noSession: Bool = false, query: [(name: String, value: Template)] = [], acceptLanguage: String? = nil,
        resume: ValueSpec? = nil, resumeURL: ValueSpec? = nil, zeroPage: ZeroPageSpec? = nil,
        location: SourceLocation
    ) {
        self.authIndexType = authIndexType
        self.authIndexValue = authIndexValue
        self.forceAuth = forceAuth
        self.noSession = noSession
        self.query = query
        self.acceptLanguage = acceptLanguage
        self.resume = resume
        self.resumeURL = resumeURL
        self.zeroPage = zeroPage
        self.location = location
    }
}

/// Zero-page login (`start: { zeroPage: { username, password } }`): the start request carries
/// the credentials in headers, as AM's Zero Page Login Collector node reads them.
package struct ZeroPageSpec: Sendable {
    package static let defaultUsernameHeader = "X-OpenAM-Username"
    package static let defaultPasswordHeader = "X-OpenAM-Password"

    package var username: ValueSpec
    /// Redacted as a secret whether marked or not (`«password»` unless it has a name of its own).
    package var password: ValueSpec
    package var usernameHeader: String
    package var passwordHeader: String
    package var location: SourceLocation

    package init(
        username: ValueSpec, password: ValueSpec, usernameHeader: String = Self.defaultUsernameHeader,
        passwordHeader: String = Self.defaultPasswordHeader, location: SourceLocation
    ) {
        self.username = username
        self.password = password
        self.usernameHeader = usernameHeader
        self.passwordHeader = passwordHeader
        self.location = location
    }
}

/// Run limits.
package struct Limits: Sendable, Hashable {
    /// `keptBodyBytes` when a script does not say: 64 MiB, eight responses of the transport's largest size.
    package static let defaultKeptBodyBytes = 64 << 20
    /// The run stops with an expectation failure after this many round trips.
    package var maxSteps: Int
    /// Polls of one PollingWaitCallback before the run stops.
    package var maxPolls: Int
    /// Shorten PollingWaitCallback waits (opt-in, for tests against a simulator).
    package var fastPolling: Bool
    /// Seconds the whole run may take (every request, wait and command); nil: no limit beyond each request's timeout.
    package var deadlineSeconds: Double?
    /// Bytes of request and response bodies the run keeps for its reports and recording; past
    /// them a body is kept as a line that says it was not kept.
    package var keptBodyBytes: Int

    package init(
        maxSteps: Int = 50, maxPolls: Int = 20, fastPolling: Bool = false, deadlineSeconds: Double? = nil,
        keptBodyBytes: Int = Limits.defaultKeptBodyBytes
    ) {
        self.maxSteps = maxSteps
        self.maxPolls = maxPolls
        self.fastPolling = fastPolling
        self.deadlineSeconds = deadlineSeconds
        self.keptBodyBytes = keptBodyBytes
    }
}
