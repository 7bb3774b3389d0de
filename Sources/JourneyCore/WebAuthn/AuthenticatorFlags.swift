/// The flags byte of authenticator data (WebAuthn Level 3 §6.1).
public struct AuthenticatorFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// UP: the user touched the authenticator.
    public static let userPresent = AuthenticatorFlags(rawValue: 0x01)
    /// UV: the user was verified (PIN, biometrics).
    public static let userVerified = AuthenticatorFlags(rawValue: 0x04)
    /// BE: the credential may be backed up (a synced passkey).
    public static let backupEligible = AuthenticatorFlags(rawValue: 0x08)
    /// BS: the credential is backed up now.
    public static let backupState = AuthenticatorFlags(rawValue: 0x10)
    /// AT: attested credential data follows the counter.
    public static let attestedCredentialData = AuthenticatorFlags(rawValue: 0x40)
    /// ED: extension data ends the authenticator data.
    public static let extensionData = AuthenticatorFlags(rawValue: 0x80)

    /// `UP UV BE BS AT ED`, the flags that are set, for traces.
    public var summary: String {
        let names: [(AuthenticatorFlags, String)] = [
            (.userPresent, "UP"), (.userVerified, "UV"), (.backupEligible, "BE"), (.backupState, "BS"),
            (.attestedCredentialData, "AT"), (.extensionData, "ED"),
        ]
        let set = names.filter { contains($0.0) }.map(\.1)
        return set.isEmpty ? "none" : set.joined(separator: " ")
    }
}
