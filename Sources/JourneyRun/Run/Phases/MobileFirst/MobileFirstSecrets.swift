/// What of MobileFirst's wire is secret, for the runner and for `journey capture`.
package enum MobileFirstSecrets {
    /// Members of a security check's answer in `challengeResponse` whose value is a secret (by
    /// lowercased name).
    package static let answerMembers: Set<String> = ["pin", "password", "passcode", "otp", "code"]
}
