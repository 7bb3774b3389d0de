import Foundation
import JourneyCore

/// Reads the software authenticator's options of a WebAuthn handler.
extension AnswerReader {
    /// Sets `key` on `passkey` when it is one of ``PasskeyAnswerSpec/keys``; false otherwise.
    func setPasskeyOption(_ key: String, _ node: YNode, on passkey: inout PasskeyAnswerSpec, _ what: String) -> Bool {
        switch ScriptKeys.PasskeyOption(rawValue: key) {
        case .credential: passkey.credential = context.valueSpec(node, what)
        case .userHandle: passkey.userHandle = context.valueSpec(node, what)
        case .userVerification: passkey.userVerification = locatedBool(node, what)
        case .userPresence: passkey.userPresence = locatedBool(node, what)
        case .algorithm:
            passkey.algorithm = context.oneOf(ScriptKeys.passkeyAlgorithms, node, what).map {
                Located($0, at: node.location)
            }
        case .attestation:
            passkey.attestation = context.oneOf(ScriptKeys.passkeyAttestations, node, what).map {
                Located($0, at: node.location)
            }
        case .residentKey: passkey.residentKey = locatedBool(node, what)
        case .backupEligible: passkey.backupEligible = locatedBool(node, what)
        case .backupState: passkey.backupState = locatedBool(node, what)
        case .signCount: passkey.signCount = signCount(node, what)
        case .origin: passkey.origin = context.valueSpec(node, what)
        case .rpId: passkey.rpId = context.valueSpec(node, what)
        case .aaguid: passkey.aaguid = aaguid(node, what)
        default: return false
        }
        return true
    }

    private func locatedBool(_ node: YNode, _ what: String) -> Located<Bool>? {
        node.bool(what).map { Located($0, at: node.location) }
    }

    /// `signCount: increment | zero | 42`.
    private func signCount(_ node: YNode, _ what: String) -> Located<PasskeyAnswerSpec.SignCountOption>? {
        if node.isIntegerScalar {
            return context.int(node, what, in: NumberRanges.signCount).map { Located(.value($0), at: node.location) }
        }
        guard let mode = context.oneOf(ScriptKeys.passkeySignCounts, node, "\(what) (or a counter value)") else {
            return nil
        }
        return Located(mode == "zero" ? .zero : .increment, at: node.location)
    }

    /// `aaguid: 00000000-0000-0000-0000-000000000000`.
    private func aaguid(_ node: YNode, _ what: String) -> Located<String>? {
        guard let text = node.strictString(what) else { return nil }
        guard UUID(uuidString: text) != nil else {
            context.error("\(what) must be a UUID (8-4-4-4-12 hex digits), found '\(text)'", at: node)
            return nil
        }
        return Located(text, at: node.location)
    }
}
