import JourneyCore

/// A parsed simulator tree file (or several merged): settings, users, journeys and protected resources.
public struct SimulatorDefinition: Sendable {
    /// Server-wide settings.
    public var settings: SimulatorSettings
    /// The users the simulator knows at start (registration adds more at run time).
    public var users: [SimulatedUser]
    /// Journeys by name.
    public var journeys: [String: JourneyDefinition]
    /// Resources protected by transactional authorization or step-up advice.
    public var resources: [ResourceDefinition]
    /// The MobileFirst Foundation mode (`mobilefirst:`), served under `/mfp/api`.
    public var mobileFirst: MobileFirstDefinition?
    /// The OAuth 2.0 / OpenID Connect provider (`oauth:`), served under `/am/oauth2`.
    public var oauth: OAuthDefinition?
    /// Rakuten's token API and Challenger (`rakuten:`), under `/rae/engine` and `/v1.0`.
    public var rakuten: RakutenDefinition?
    /// The files this definition was read from.
    public var files: [String]

    public init(
        settings: SimulatorSettings = SimulatorSettings(), users: [SimulatedUser] = [],
        journeys: [String: JourneyDefinition] = [:], resources: [ResourceDefinition] = [],
        mobileFirst: MobileFirstDefinition? = nil, oauth: OAuthDefinition? = nil, files: [String] = []
    ) {
        self.mobileFirst = mobileFirst
        self.oauth = oauth
        self.settings = settings
        self.users = users
        self.journeys = journeys
        self.resources = resources
        self.files = files
    }

    /// Journey names, sorted.
    public var journeyNames: [String] { journeys.keys.sorted() }
}

/// Server-wide settings of a simulator tree file (`settings:`).
public struct SimulatorSettings: Sendable {
    /// How input names are numbered: `IDToken<N>` counts input callbacks only, or every callback of the page.
    public enum InputNumbering: String, Sendable, CaseIterable {
        case inputs, position
    }

    /// The session cookie name (`iPlanetDirectoryPro` on self-managed AM).
    public var cookieName = "iPlanetDirectoryPro"
    /// Realms served ("/" is the root realm); `nil` serves any realm.
    public var realms: [String]? = nil
    /// Seconds an authId stays valid.
    public var authIdLifetime = 300
    /// Journeys waiting for their next request kept at most; past it the oldest is dropped and its
    /// authId answered as expired (401 "Session has timed out").
    public var maxPendingJourneys = 10_000
    /// Seconds a session stays valid.
    public var sessionLifetime = 7200
    /// The HMAC secret that signs authIds.
    public var secret = "journey-simulator-authid-secret"
    /// `successUrl` of a success body unless the journey says otherwise.
    public var successUrl = "/am/console"
    /// `detail.failureUrl` of a failure body unless the node says otherwise.
    public var failureUrl = ""
    /// `IDToken<N>` numbering.
    public var inputNumbering = InputNumbering.inputs
    /// The value of the `amlbcookie` cookie.
    public var amlbCookie = "01"
    /// Every answer carries `Server-Timing: app;dur=<ms>` (AM sends none; `false` answers as AM does).
    public var serverTiming = true
    /// The journey a start without `authIndexType` runs (the realm's default authentication service).
    public var defaultJourney = "Login"
    /// Realm ("/", "/alpha") → its default journey, overriding `defaultJourney`.
    public var defaultJourneyByRealm: [String: String] = [:]
    /// Behaviours of other AM-compatible servers (`quirks:`), all off by default.
    public var quirks = SimulatorQuirks()

    public init() {}

    /// A name a `Set-Cookie` can carry: not empty, no space, `;`, `=` or `,`.
    static func isCookieName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains(where: { " ;=,".contains($0) })
    }

    /// The journey a start without `authIndexType` runs in `realm`.
    public func defaultJourney(in realm: String) -> String {
        defaultJourneyByRealm[realm] ?? defaultJourney
    }
}

/// A user known to the simulator.
public struct SimulatedUser: Sendable, Hashable {
    public var username: String
    public var password: String
    /// Profile attributes (`mail`, `telephoneNumber`, `givenName`...).
    public var attributes: [String: JSONValue]
    /// Security questions and answers, in declaration order.
    public var kba: [KBAEntry]
    /// Base32 OATH secret, when the user has an authenticator registered.
    public var oathSecret: String?

    public init(
        username: String, password: String, attributes: [String: JSONValue] = [:], kba: [KBAEntry] = [],
        oathSecret: String? = nil
    ) {
        self.username = username
        self.password = password
        self.attributes = attributes
        self.kba = kba
        self.oathSecret = oathSecret
    }

    /// The user as a state value: `username` plus every attribute.
    var stateValue: JSONValue {
        var object = attributes
        object["username"] = .string(username)
        return .object(object)
    }
}

/// One security question and its answer.
public struct KBAEntry: Sendable, Hashable {
    public var question: String
    public var answer: String

    public init(question: String, answer: String) {
        self.question = question
        self.answer = answer
    }
}

/// One journey (authentication tree): a start node and a graph of nodes joined by named outcomes.
public struct JourneyDefinition: Sendable {
    public var name: String
    /// Realms the journey exists in; `nil` means every served realm.
    public var realms: [String]?
    public var start: String
    public var nodes: [String: NodeDefinition]
    /// `successUrl` for this journey, overriding the settings.
    public var successUrl: String?
    public var location: SourceLocation?
}

/// A node of a journey: what it does, where each outcome leads, and an optional fault.
public struct NodeDefinition: Sendable {
    public var id: String
    var kind: NodeKind
    /// Outcome name → next node id.
    public var outcomes: [String: String]
    /// A fault injected whenever this node answers a request.
    public var fault: FaultSpec?
    public var location: SourceLocation?

    /// The kind's name as written in the tree file (`page`, `decision`...).
    public var kindName: String { kind.name }
    /// The outcomes this node can take.
    public var possibleOutcomes: [String] { kind.outcomeNames }
}

/// A resource protected by transactional authorization or an authenticate-to-service advice.
public struct ResourceDefinition: Sendable {
    public enum Advice: String, Sendable, CaseIterable {
        case transaction, authenticateToService
        /// No advice: the credential check alone (a bearer token with its scope, an ID token).
        case none
    }

    /// What the request must carry.
    public enum Auth: String, Sendable, CaseIterable {
        /// The session cookie (AM's policy engine or IG with an SSO session).
        case session
        /// `Authorization: Bearer <access token>` (IG as an OAuth 2.0 resource server).
        case bearer
        /// An ID token in `X-IdToken` (or `_idtoken`), evaluated as AM's policy engine does.
        case idtoken
    }

    public enum Delivery: String, Sendable, CaseIterable {
        /// A policy decision body (200 with `advices`), retried with `X-TxID` / `_txid`.
        case policy
        /// Identity Gateway: 307 redirect to AM, or 401 `WWW-Authenticate: SSOADVICE` on `x-authenticate-response: header`.
        case ig
    }

    public enum Encoding: String, Sendable, CaseIterable {
        case url, base64url
    }

    public var path: String
    public var auth: Auth = .session
    /// `auth: bearer`: the scope the access token must hold.
    public var scope: String?
    public var advice: Advice
    /// The journey run to satisfy the advice (empty with `advice: none`).
    public var tree: String
    /// The realm named in the advice and the redirect.
    public var realm: String
    public var delivery: Delivery
    public var encoding: Encoding
    /// The JSON body returned once authorized.
    public var body: JSONValue
    public var location: SourceLocation?

    /// `<realm>:<tree>`, the AuthenticateToServiceConditionAdvice value.
    var serviceAdviceValue: String { "\(realm):\(tree)" }
}
