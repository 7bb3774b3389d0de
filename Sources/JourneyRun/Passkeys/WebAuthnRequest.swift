/// What a relying party asks of the authenticator in one WebAuthn callback, read from either
/// delivery form (``WebAuthnRequestReader``): the `PublicKeyCredentialCreationOptions` or
/// `…RequestOptions` a browser would get.
package struct WebAuthnRequest: Sendable, Hashable {
    package enum Ceremony: String, Sendable, Hashable {
        case registration
        case authentication
    }

    /// How AM delivered it: a MetadataCallback (JSON) or a TextOutputCallback script (JavaScript).
    package enum Delivery: String, Sendable, Hashable {
        case metadata
        case script
    }

    package var ceremony: Ceremony
    package var delivery: Delivery
    package var challenge: [UInt8]
    /// The relying party id; nil when AM leaves it out (the browser then takes the origin's host).
    package var rpId: String?
    package var rpName: String?
    /// The user handle as AM writes it (text whose character codes are the handle's bytes).
    package var userId: String?
    package var userName: String?
    package var displayName: String?
    /// `pubKeyCredParams` algorithms, in the relying party's order of preference.
    package var algorithms: [Int64]
    /// allowCredentials (authentication) or excludeCredentials (registration) ids.
    package var credentialIds: [[UInt8]]
    package var timeoutMilliseconds: Int?
    /// `required`, `preferred` or `discouraged`.
    package var userVerification: String?
    /// The attestation conveyance preference: `none`, `indirect`, `direct`, `enterprise`.
    package var attestation: String?
    /// `required`, `preferred` or `discouraged` (`requireResidentKey: true` reads as `required`).
    package var residentKey: String?
    package var authenticatorAttachment: String?
    /// The node accepts the JSON outcome `{"authenticatorAttachment", "legacyData"}`.
    package var supportsJsonResponse: Bool

    package init(ceremony: Ceremony, delivery: Delivery, challenge: [UInt8]) {
        self.ceremony = ceremony
        self.delivery = delivery
        self.challenge = challenge
        self.algorithms = []
        self.credentialIds = []
        self.supportsJsonResponse = false
    }
}
