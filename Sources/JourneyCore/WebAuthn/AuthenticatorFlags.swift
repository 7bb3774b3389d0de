/// The flags byte of authenticator data (WebAuthn Level 3 §6.1).
package struct AuthenticatorFlags: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// UP: the user touched the authenticator.
    package static let userPresent = AuthenticatorFlags(rawValue: 0x01)
    /// UV: the user was verified (PIN, biometrics).
    package static let userVerified = AuthenticatorFlags(rawValue: 0x04)
    /// BE: the credential may be backed up (a synced passkey).
    package static let backupEligible = AuthenticatorFlags(rawValue: 0x08)
    /// BS: the credential is backed up now.
    package static let backupState = AuthenticatorFlags(rawValue: 0x10)
    /// AT: attested credential data follows the counter.
    package static let attestedCredentialData = AuthenticatorFlags(rawValue: 0x40)
    /// ED: extension data ends the authenticator data.
    package static let extensionData = AuthenticatorFlags(rawValue: 0x80)

    /// `UP UV BE BS AT ED`, the flags that are set, for traces.
    package var summary: String {
        let names: [(AuthenticatorFlags, String)] = [
            (.userPresent, "UP"), (.userVerified, "UV"), (.backupEligible, "BE"), (.backupState, "BS"),
            (.attestedCredentialData, "AT"), (.extensionData, "ED"),
        ]
        let set = names.filter { contains($0.0) }.map(\.1)
        return set.isEmpty ? "none" : set.joined(separator: " ")
    }
}
