import JourneyCore

/// What a node does. Adding a kind: a case here and in `Name`; the compiler then asks for its
/// outcomes (below), its parsing (`TreeParser.parseKind`) and its running (`NodeExecutor`), and
/// `NodeKindTests` for its place in schemas/simulator.schema.json and a sample.
enum NodeKind: Sendable {
    case page(PageSpec)
    case decision(Condition)
    case credentials(CredentialsSpec)
    case identify(IdentifySpec)
    case retryLimit(RetryLimitSpec)
    case createUser(CreateUserSpec)
    case recaptcha(RecaptchaSpec)
    case choice(ChoiceSpec)
    case confirmation(ConfirmationSpec)
    case pollingWait(PollingWaitSpec)
    case emailSuspend(EmailSuspendSpec)
    case otpSend(OTPSendSpec)
    case otpVerify(OTPVerifySpec)
    case kbaVerify(KBAVerifySpec)
    case oathRegistration(OATHRegistrationSpec)
    case oathVerify(OATHVerifySpec)
    case proofOfWork(ProofOfWorkSpec)
    case mathCaptcha(MathCaptchaSpec)
    case zeroPageLogin(ZeroPageLoginSpec)
    case webAuthnRegistration(WebAuthnRegistrationSpec)
    case webAuthnAuthentication(WebAuthnAuthenticationSpec)
    case recoveryCodeDisplay(RecoveryCodeDisplaySpec)
    case recoveryCodeCollector(RecoveryCodeCollectorSpec)
    case message(MessageSpec)
    case set(SetSpec)
    case success(SuccessSpec)
    case failure(FailureSpec)

    /// A node kind as written in a tree file. The one list of kinds: the parser switches over it
    /// (`TreeParser.parseKind`), the engine over `NodeKind` (`NodeExecutor.enter` and `submit`), and
    /// `NodeKindTests` checks it against the simulator schema.
    enum Name: String, CaseIterable, Sendable {
        case page
        case decision
        case credentials
        case identify
        case retryLimit
        case createUser
        case recaptcha
        case choice
        case confirmation
        case pollingWait
        case emailSuspend
        case otpSend
        case otpVerify
        case kbaVerify
        case oathRegistration
        case oathVerify
        case proofOfWork
        case mathCaptcha
        case zeroPageLogin
        case webAuthnRegistration
        case webAuthnAuthentication
        case recoveryCodeDisplay
        case recoveryCodeCollector
        case message
        case set
        case success
        case failure
    }

    /// Every node kind, as written in a tree file.
    static let names = Name.allCases.map(\.rawValue)

    var name: String { kindName.rawValue }

    var kindName: Name {
        switch self {
        case .page: .page
        case .decision: .decision
        case .credentials: .credentials
        case .identify: .identify
        case .retryLimit: .retryLimit
        case .createUser: .createUser
        case .recaptcha: .recaptcha
        case .choice: .choice
        case .confirmation: .confirmation
        case .pollingWait: .pollingWait
        case .emailSuspend: .emailSuspend
        case .otpSend: .otpSend
        case .otpVerify: .otpVerify
        case .kbaVerify: .kbaVerify
        case .oathRegistration: .oathRegistration
        case .oathVerify: .oathVerify
        case .proofOfWork: .proofOfWork
        case .mathCaptcha: .mathCaptcha
        case .zeroPageLogin: .zeroPageLogin
        case .webAuthnRegistration: .webAuthnRegistration
        case .webAuthnAuthentication: .webAuthnAuthentication
        case .recoveryCodeDisplay: .recoveryCodeDisplay
        case .recoveryCodeCollector: .recoveryCodeCollector
        case .message: .message
        case .set: .set
        case .success: .success
        case .failure: .failure
        }
    }

    /// The outcomes a node of this kind can take; each must be wired in the tree.
    var outcomeNames: [String] {
        switch self {
        case .page, .emailSuspend, .otpSend, .set, .oathRegistration, .recoveryCodeDisplay: ["next"]
        case .decision, .credentials, .identify, .recaptcha, .otpVerify, .kbaVerify, .proofOfWork, .mathCaptcha,
            .zeroPageLogin, .recoveryCodeCollector:
            ["true", "false"]
        case .webAuthnRegistration: ["success", "failure", "unsupported", "error", "exceedsDeviceLimit"]
        case .webAuthnAuthentication(let spec):
            ["success", "failure", "unsupported", "error", "noDevice"]
                + (spec.allowRecoveryCode ? ["recoveryCode"] : [])
        case .oathVerify: ["true", "false", "notRegistered"]
        case .retryLimit: ["retry", "reject"]
        case .createUser: ["created", "exists"]
        case .choice(let spec): spec.choices
        case .confirmation(let spec): spec.options
        case .pollingWait: ["done", "exit"]
        case .message(let spec): spec.options.isEmpty ? ["next"] : spec.options
        case .success, .failure: []
        }
    }

    var isTerminal: Bool {
        switch self {
        case .success, .failure: true
        default: false
        }
    }
}

/// Text a node shows around its callbacks (a Page node's stage, header and description).
struct PageText: Sendable {
    var stage: String?
    var header: String?
    var description: String?
}

/// `page`: callbacks shown together; answers are stored, policies checked, then `next`.
struct PageSpec: Sendable {
    var text: PageText
    var callbacks: [CallbackSpec]
    /// Emit `_id` on each callback (Page node style). Default true.
    var emitIds: Bool
}

/// `credentials`: checks a username and password (state names) against the users.
struct CredentialsSpec: Sendable {
    var username: String
    var password: String
}

/// `identify`: finds a user by username, or by an attribute's value, and sets `user`.
struct IdentifySpec: Sendable {
    /// State path of the value to look up.
    var value: String
    /// Attribute compared with the value; nil compares usernames.
    var attribute: String?
}

/// `retryLimit`: `retry` for the first `limit` passes, then `reject`.
struct RetryLimitSpec: Sendable {
    var limit: Int
}

/// `createUser`: adds a user built from state values; `exists` when the username is taken.
struct CreateUserSpec: Sendable {
    var username: String
    var password: String
    /// Attribute name → state path.
    var attributes: [(name: String, path: String)]
    /// State names holding `{question, answer}` values.
    var kba: [String]
}

/// `choice`: a ChoiceCallback whose answer picks the outcome of the same name.
struct ChoiceSpec: Sendable {
    var text: PageText
    var prompt: String
    var choices: [String]
    var defaultChoice: Int
    var store: String?
}

/// `confirmation`: a ConfirmationCallback whose answer picks the outcome of the same name.
struct ConfirmationSpec: Sendable {
    var text: PageText
    var prompt: String
    var options: [String]
    var messageType: Int
    var optionType: Int
    var defaultOption: Int
}

/// `pollingWait`: PollingWaitCallback + ConfirmationCallback ["Exit"]; `done` after `polls` polls or `waitTime`.
struct PollingWaitSpec: Sendable {
    var text: PageText
    var waitTimeMs: Int
    var message: String
    var polls: Int?
    var exitOption: String
}

/// `emailSuspend`: sends a resume link to the outbox and suspends; `next` on resume.
struct EmailSuspendSpec: Sendable {
    var to: String
    var message: String
    var subject: String
    var lifetime: Int
}

/// `otpSend`: generates a code and sends it by email or SMS to the outbox.
struct OTPSendSpec: Sendable {
    enum Channel: String, Sendable { case email, sms }
    var channel: Channel
    var to: String
    var length: Int
    var subject: String
    var lifetime: Int
    var store: String
}

/// `otpVerify`: a PasswordCallback whose answer must equal the code sent.
struct OTPVerifySpec: Sendable {
    var text: PageText
    var prompt: String
    var from: String
}

/// `kbaVerify`: asks one of the user's security questions.
struct KBAVerifySpec: Sendable {
    var text: PageText
    var username: String
    var question: Int
}

/// `message`: a TextOutputCallback, with a ConfirmationCallback when `options` are given.
struct MessageSpec: Sendable {
    var text: PageText
    var message: String
    var messageType: String
    var options: [String]
}

/// `zeroPageLogin`: AM's Zero Page Login Collector: the username and password from request
/// headers. `true` (Has Credentials) when either header is there and the Referer passes,
/// `false` (No Credentials) otherwise.
struct ZeroPageLoginSpec: Sendable {
    var usernameHeader: String
    var passwordHeader: String
    /// Accept a request without a Referer (one that has one is not checked).
    var allowWithoutReferer: Bool
    /// With `allowWithoutReferer: false`, the Referer values accepted.
    var refererAllowlist: [String]
}

/// `set`: writes literal values into the journey state.
struct SetSpec: Sendable {
    var values: [(name: String, value: JSONValue)]
}

/// `success`: ends the journey with a session (unless `noSession`).
struct SuccessSpec: Sendable {
    var successUrl: String?
}

/// `failure`: ends the journey with a CREST error (401 "Login failure" by default).
struct FailureSpec: Sendable {
    enum Detail: Sendable {
        /// No `detail` member at all.
        case none
        /// `detail.failureUrl` from the settings.
        case settingsFailureUrl
        /// `detail.failureUrl` with this text.
        case failureUrl(String)
    }

    var code: Int
    var message: String
    var detail: Detail
}
