import JourneyCore

/// A parsed simulator tree file (or several merged): settings, users, journeys and protected resources.
public struct SimulatorTree: Sendable {
    /// Server-wide settings.
    package var settings: SimulatorSettings
    /// The users the simulator knows at start (registration adds more at run time).
    package var users: [SimulatedUser]
    /// Journeys by name.
    package var journeys: [String: JourneyDefinition]
    /// Resources protected by transactional authorization or step-up advice.
    package var resources: [ResourceDefinition]
    /// The MobileFirst Foundation mode (`mobilefirst:`), served under `/mfp/api`.
    package var mobileFirst: MobileFirstDefinition?
    /// The OAuth 2.0 / OpenID Connect provider (`oauth:`), served under `/am/oauth2`.
    package var oauth: OAuthDefinition?
    /// Rakuten's token API and Challenger (`rakuten:`), under `/rae/engine` and `/v1.0`.
    package var rakuten: RakutenDefinition?
    /// The files this tree was read from.
    package var files: [String]

    package init(
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
    package var journeyNames: [String] { journeys.keys.sorted() }
}

/// Server-wide settings of a simulator tree file (`settings:`).
package struct SimulatorSettings: Sendable {
    /// How input names are numbered: `IDToken<N>` counts input callbacks only, or every callback of the page.
    package enum InputNumbering: String, Sendable, CaseIterable {
        case inputs, position
    }

    /// The session cookie name (`iPlanetDirectoryPro` on self-managed AM).
    package var cookieName = "iPlanetDirectoryPro"
    /// Realms served ("/" is the root realm); `nil` serves any realm.
    package var realms: [String]? = nil
    /// Seconds an authId stays valid.
    package var authIdLifetime = 300
    /// Journeys waiting for their next request kept at most; past it the oldest is dropped and its
    /// authId answered as expired (401 "Session has timed out").
    package var maxPendingJourneys = 10_000
    /// Seconds a session stays valid.
    package var sessionLifetime = 7200
    /// The HMAC secret that signs authIds.
    package var secret = "journey-simulator-authid-secret"
    /// `successUrl` of a success body unless the journey says otherwise.
    package var successUrl = "/am/console"
    /// `detail.failureUrl` of a failure body unless the node says otherwise.
    package var failureUrl = ""
    /// `IDToken<N>` numbering.
    package var inputNumbering = InputNumbering.inputs
    /// The value of the `amlbcookie` cookie.
    package var amlbCookie = "01"
    /// Every answer carries `Server-Timing: app;dur=<ms>` (AM sends none; `false` answers as AM does).
    package var serverTiming = true
    /// The journey a start without `authIndexType` runs (the realm's default authentication service).
    package var defaultJourney = "Login"
    /// Realm ("/", "/alpha") → its default journey, overriding `defaultJourney`.
    package var defaultJourneyByRealm: [String: String] = [:]
    /// Behaviours of other AM-compatible servers (`quirks:`), all off by default.
    package var quirks = SimulatorQuirks()

    package init() {}

    /// A name a `Set-Cookie` can carry: not empty, no space, `;`, `=` or `,`.
    static func isCookieName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains(where: { " ;=,".contains($0) })
    }

    /// The journey a start without `authIndexType` runs in `realm`.
    package func defaultJourney(in realm: String) -> String {
        defaultJourneyByRealm[realm] ?? defaultJourney
    }
}

/// A user known to the simulator.
package struct SimulatedUser: Sendable, Hashable {
    package var username: String
    package var password: String
    /// Profile attributes (`mail`, `telephoneNumber`, `givenName`...).
    package var attributes: [String: JSONValue]
    /// Security questions and answers, in declaration order.
    package var kba: [KBAEntry]
    /// Base32 OATH secret, when the user has an authenticator registered.
    package var oathSecret: String?

    package init(
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
package struct KBAEntry: Sendable, Hashable {
    package var question: String
    package var answer: String

    package init(question: String, answer: String) {
        self.question = question
        self.answer = answer
    }
}

/// One journey (authentication tree): a start node and a graph of nodes joined by named outcomes.
package struct JourneyDefinition: Sendable {
    package var name: String
    /// Realms the journey exists in; `nil` means every served realm.
    package var realms: [String]?
    package var start: String
    package var nodes: [String: NodeDefinition]
    /// `successUrl` for this journey, overriding the settings.
    package var successUrl: String?
    package var location: SourceLocation?
}

/// A node of a journey: what it does, where each outcome leads, and an optional fault.
package struct NodeDefinition: Sendable {
    package var id: String
    var kind: NodeKind
    /// Outcome name → next node id.
    package var outcomes: [String: String]
    /// A fault injected whenever this node answers a request.
    package var fault: FaultSpec?
    package var location: SourceLocation?

    /// The kind's name as written in the tree file (`page`, `decision`...).
    package var kindName: String { kind.name }
    /// The outcomes this node can take.
    package var possibleOutcomes: [String] { kind.outcomeNames }
}

/// A resource protected by transactional authorization or an authenticate-to-service advice.
package struct ResourceDefinition: Sendable {
    package enum Advice: String, Sendable, CaseIterable {
        case transaction, authenticateToService
        /// No advice: the credential check alone (a bearer token with its scope, an ID token).
        case none
    }

    /// What the request must carry.
    package enum Auth: String, Sendable, CaseIterable {
        /// The session cookie (AM's policy engine or IG with an SSO session).
        case session
        /// `Authorization: Bearer <access token>` (IG as an OAuth 2.0 resource server).
        case bearer
        /// An ID token in `X-IdToken` (or `_idtoken`), evaluated as AM's policy engine does.
        case idtoken
    }

    package enum Delivery: String, Sendable, CaseIterable {
        /// A policy decision body (200 with `advices`), retried with `X-TxID` / `_txid`.
        case policy
        /// Identity Gateway: 307 redirect to AM, or 401 `WWW-Authenticate: SSOADVICE` on `x-authenticate-response: header`.
        case ig
    }

    package enum Encoding: String, Sendable, CaseIterable {
        case url, base64url
    }

    package var path: String
    package var auth: Auth = .session
    /// `auth: bearer`: the scope the access token must hold.
    package var scope: String?
    package var advice: Advice
    /// The journey run to satisfy the advice (empty with `advice: none`).
    package var tree: String
    /// The realm named in the advice and the redirect.
    package var realm: String
    package var delivery: Delivery
    package var encoding: Encoding
    /// The JSON body returned once authorized.
    package var body: JSONValue
    package var location: SourceLocation?

    /// `<realm>:<tree>`, the AuthenticateToServiceConditionAdvice value.
    var serviceAdviceValue: String { "\(realm):\(tree)" }
}

/// The former name of ``SimulatorTree`` (the docs and the parser call the file a tree).
@available(*, deprecated, renamed: "SimulatorTree")
public typealias SimulatorDefinition = SimulatorTree
