/// What a relying party asks of the authenticator in one WebAuthn callback, read from either
/// delivery form (``WebAuthnRequestReader``): the `PublicKeyCredentialCreationOptions` or
/// `…RequestOptions` a browser would get.
public struct WebAuthnRequest: Sendable, Hashable {
    public enum Ceremony: String, Sendable, Hashable {
        case registration
        case authentication
    }

    /// How AM delivered it: a MetadataCallback (JSON) or a TextOutputCallback script (JavaScript).
    public enum Delivery: String, Sendable, Hashable {
        case metadata
        case script
    }

    public var ceremony: Ceremony
    public var delivery: Delivery
    public var challenge: [UInt8]
    /// The relying party id; nil when AM leaves it out (the browser then takes the origin's host).
    public var rpId: String?
    public var rpName: String?
    /// The user handle as AM writes it (text whose character codes are the handle's bytes).
    public var userId: String?
    public var userName: String?
    public var displayName: String?
    /// `pubKeyCredParams` algorithms, in the relying party's order of preference.
    public var algorithms: [Int64]
    /// allowCredentials (authentication) or excludeCredentials (registration) ids.
    public var credentialIds: [[UInt8]]
    public var timeoutMilliseconds: Int?
    /// `required`, `preferred` or `discouraged`.
    public var userVerification: String?
    /// The attestation conveyance preference: `none`, `indirect`, `direct`, `enterprise`.
    public var attestation: String?
    /// `required`, `preferred` or `discouraged` (`requireResidentKey: true` reads as `required`).
    public var residentKey: String?
    public var authenticatorAttachment: String?
    /// The node accepts the JSON outcome `{"authenticatorAttachment", "legacyData"}`.
    public var supportsJsonResponse: Bool

    public init(ceremony: Ceremony, delivery: Delivery, challenge: [UInt8]) {
        self.ceremony = ceremony
        self.delivery = delivery
        self.challenge = challenge
        self.algorithms = []
        self.credentialIds = []
        self.supportsJsonResponse = false
    }
}
