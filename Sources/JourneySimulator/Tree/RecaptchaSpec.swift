import JourneyCore

/// `recaptcha`: the reCAPTCHA Enterprise node. Shows a ReCaptchaEnterpriseCallback (or evaluates one a page
/// stored, with `from:`), assesses the token from the `tokens` table, and takes `true` or `false`.
struct RecaptchaSpec: Sendable {
    /// What Google would say about one token.
    struct TokenAssessment: Sendable {
        var score: Double
        var valid: Bool
        var action: String?
        var reasons: [String]
        var invalidReason: String?
    }

    var text: PageText
    var siteKey: String
    var apiUri: String
    var divClass: String
    var minScore: Double
    var expectedAction: String?
    var tokens: [String: TokenAssessment]
    var rejectReasons: [String]
    var storePayload: String?
    var storeAssessment: String?
    /// Evaluate a value a page stored (an object with token/action/clientError/payload) instead of asking.
    var from: String?
}
