import Crypto
import Foundation
import JourneyCore

/// What a ceremony's answer is checked against.
struct WebAuthnExpectation: Sendable {
    var challenge: [UInt8]
    var rpId: String
    var origins: [String]
    var userVerificationRequired: Bool
    /// Registration: the COSE algorithms offered in pubKeyCredParams.
    var algorithms: [Int]
    /// Registration: the node asks for `direct` attestation, so a `none` statement is refused (as AM's
    /// AttestationDecoder does); `packed` self attestation still passes.
    var directAttestation: Bool = false
}

/// Why a relying party refuses an answer (the node's `failure` outcome).
struct WebAuthnRejection: Error, Sendable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// A registration that passed: what is saved as the user's device.
struct VerifiedRegistration: Sendable {
    var credentialId: String
    var publicKey: [UInt8]
    var algorithm: Int
    var signCount: UInt32
    var deviceName: String?
    var backupEligible: Bool
    var backupState: Bool
    var attestationFormat: String
}

/// An assertion that passed; its counter is checked against the stored one when it is recorded.
struct VerifiedAssertion: Sendable {
    var username: String
    var credentialId: String
    var signCount: UInt32
    var backupState: Bool
}

/// How a `webAuthnOutcome` ends a WebAuthn node.
enum WebAuthnVerdict<Value: Sendable>: Sendable {
    case verified(Value)
    case rejected(String)
    /// `unsupported`: the client has no WebAuthn.
    case unsupported
    /// `ERROR::<DOMException>:<message>`: the client's authenticator failed.
    case clientError(String)
}

/// A relying party's checks (WebAuthn Level 2 §7.1 registration, §7.2 authentication; Level 3
/// backup flags) over AM's `webAuthnOutcome` text.
enum WebAuthnVerifier {
    static func registration(_ text: String?, _ expected: WebAuthnExpectation) -> WebAuthnVerdict<
        VerifiedRegistration
    > {
        guard let text else { return .rejected("no webAuthnOutcome in the answer") }
        do {
            switch try AMWebAuthnOutcome.parse(text, registration: true).outcome {
            case .unsupported: return .unsupported
            case .error(let name, let message): return .clientError("\(name):\(message)")
            case .registration(let clientData, let attestation, let credentialId, let deviceName):
                return .verified(
                    try verifyRegistration(
                        clientData: clientData, attestationObject: attestation, credentialId: credentialId,
                        deviceName: deviceName, expected))
            case .authentication: return .rejected("an authentication outcome answered a registration")
            }
        } catch let rejection as WebAuthnRejection {
            return .rejected(rejection.reason)
        } catch {
            return .rejected("the webAuthnOutcome does not parse: \(error)")
        }
    }

    static func authentication(
        _ text: String?, _ expected: WebAuthnExpectation,
        lookup: (String, String?) -> Result<(username: String, device: WebAuthnDevice), WebAuthnRejection>
    ) -> WebAuthnVerdict<VerifiedAssertion> {
        guard let text else { return .rejected("no webAuthnOutcome in the answer") }
        do {
            switch try AMWebAuthnOutcome.parse(text, registration: false).outcome {
            case .unsupported: return .unsupported
            case .error(let name, let message): return .clientError("\(name):\(message)")
            case .authentication(let clientData, let authData, let signature, let credentialId, let userHandle):
                guard let canonical = canonicalCredentialId(credentialId) else {
                    return .rejected("the credential id '\(credentialId.prefix(64))' is not base64url")
                }
                let (username, device) = try lookup(canonical, userHandle).get()
                return .verified(
                    try verifyAssertion(
                        clientData: clientData, authenticatorData: authData, signature: signature, username: username,
                        device: device, expected))
            case .registration: return .rejected("a registration outcome answered an authentication")
            }
        } catch let rejection as WebAuthnRejection {
            return .rejected(rejection.reason)
        } catch {
            return .rejected("the webAuthnOutcome does not parse: \(error)")
        }
    }

    // MARK: §7.1 registration

    static func verifyRegistration(
        clientData: String, attestationObject: [UInt8], credentialId reported: String, deviceName: String?,
        _ expected: WebAuthnExpectation
    ) throws -> VerifiedRegistration {
        try checkClientData(clientData, type: CollectedClientData.registrationType, expected)
        let attestation: AttestationObject
        do {
            attestation = try AttestationObject.parse(attestationObject)
        } catch {
            throw WebAuthnRejection("the attestation object does not parse: \(error)")
        }
        let authData: AuthenticatorData
        do {
            authData = try AuthenticatorData.parse(attestation.authenticatorData)
        } catch {
            throw WebAuthnRejection("the authenticator data does not parse: \(error)")
        }
        try checkAuthenticatorData(authData, expected)
        guard authData.flags.contains(.attestedCredentialData), let credential = authData.attestedCredential else {
            throw WebAuthnRejection("the authenticator data carries no attested credential (AT flag)")
        }
        let credentialId = Base64URL.encode(credential.credentialId)
        guard canonicalCredentialId(reported) == credentialId else {
            throw WebAuthnRejection("the credential id \(reported) is not the attested one (\(credentialId))")
        }
        let algorithm = Int(credential.publicKey.algorithm.rawValue)
        guard expected.algorithms.contains(algorithm) else {
            throw WebAuthnRejection(
                "the credential's algorithm \(algorithm) was not offered (pubKeyCredParams: \(expected.algorithms))")
        }
        let signed = attestation.authenticatorData + Array(SHA256.hash(data: Array(clientData.utf8)))
        try checkAttestationStatement(
            attestation, credential.publicKey, signed: signed, directAttestation: expected.directAttestation)
        return VerifiedRegistration(
            credentialId: credentialId, publicKey: credential.publicKey.encoded(), algorithm: algorithm,
            signCount: authData.signCount, deviceName: deviceName,
            backupEligible: authData.flags.contains(.backupEligible),
            backupState: authData.flags.contains(.backupState), attestationFormat: attestation.format)
    }

    /// `none`: an empty statement, refused when the node asks for `direct` attestation. `packed` self
    /// attestation: `alg` is the credential key's, `sig` verifies with it over authData ‖ SHA-256(clientDataJSON).
    /// Other formats and certificate chains are refused.
    static func checkAttestationStatement(
        _ attestation: AttestationObject, _ key: COSEKey, signed: [UInt8], directAttestation: Bool = false
    ) throws {
        switch attestation.format {
        case "none":
            // AM's AttestationDecoder: "Unacceptable attestation format provided - direct attestation required."
            if directAttestation {
                throw WebAuthnRejection(Self.noneUnderDirect)
            }
            guard attestation.statement == .map([]) else {
                throw WebAuthnRejection("attestation 'none' must have an empty statement")
            }
        case "packed":
            guard attestation.statement[text: "x5c"] == nil else {
                throw WebAuthnRejection("packed attestation with a certificate chain (x5c) is not supported")
            }
            guard let alg = attestation.statement[text: "alg"]?.intValue,
                let sig = attestation.statement[text: "sig"]?.bytesValue
            else { throw WebAuthnRejection("packed attestation needs 'alg' and 'sig'") }
            guard alg == key.algorithm.rawValue else {
                throw WebAuthnRejection(
                    "packed self attestation: alg \(alg) is not the credential key's algorithm \(key.algorithm.rawValue)"
                )
            }
            guard key.isValidSignature(sig, for: signed) else {
                throw WebAuthnRejection("packed self attestation: the signature does not verify")
            }
        default:
            throw WebAuthnRejection("attestation format '\(attestation.format)' is not supported (none, packed)")
        }
    }

    /// Why a `none` statement is refused when the node asks for `direct` attestation (AM's words).
    static let noneUnderDirect =
        "attestation 'none' is refused: the node asks for direct attestation (Unacceptable attestation format provided - direct attestation required.)"

    // MARK: §7.2 authentication

    static func verifyAssertion(
        clientData: String, authenticatorData: [UInt8], signature: [UInt8], username: String, device: WebAuthnDevice,
        _ expected: WebAuthnExpectation
    ) throws -> VerifiedAssertion {
        try checkClientData(clientData, type: CollectedClientData.authenticationType, expected)
        let authData: AuthenticatorData
        do {
            authData = try AuthenticatorData.parse(authenticatorData)
        } catch {
            throw WebAuthnRejection("the authenticator data does not parse: \(error)")
        }
        try checkAuthenticatorData(authData, expected)
        if device.backupEligible != authData.flags.contains(.backupEligible) {
            throw WebAuthnRejection("the backup eligibility (BE) changed since registration")
        }
        let key: COSEKey
        switch device.key {
        case .key(let parsed): key = parsed
        case .unreadable(let error): throw WebAuthnRejection("the stored public key does not parse: \(error)")
        }
        let signed = authenticatorData + Array(SHA256.hash(data: Array(clientData.utf8)))
        guard key.isValidSignature(signature, for: signed) else {
            throw WebAuthnRejection("the assertion signature does not verify with the registered key")
        }
        return VerifiedAssertion(
            username: username, credentialId: device.credentialId, signCount: authData.signCount,
            backupState: authData.flags.contains(.backupState))
    }

    // MARK: shared steps

    /// A credential id as reported (`rawId`: base64url; some clients pad it or send standard
    /// Base64) in the one form devices are stored under: base64url without padding.
    static func canonicalCredentialId(_ text: String) -> String? {
        guard let bytes = Base64URL.decodeBytes(Substring(text)), !bytes.isEmpty,
            bytes.count <= AuthenticatorData.maxCredentialIdLength
        else { return nil }
        return Base64URL.encode(bytes)
    }

    /// §7.1 steps 7-10 / §7.2 steps 11-14: type, challenge, origin, crossOrigin.
    static func checkClientData(_ json: String, type: String, _ expected: WebAuthnExpectation) throws {
        let clientData: CollectedClientData
        do {
            clientData = try CollectedClientData.parse(json)
        } catch {
            throw WebAuthnRejection("clientDataJSON does not parse: \(error)")
        }
        guard clientData.type == type else {
            // Client text, cut short: the rejection reaches notes and the log line.
            throw WebAuthnRejection("clientData type is '\(clientData.type.prefix(64))', expected '\(type)'")
        }
        guard let challenge = Base64URL.decode(clientData.challenge), [UInt8](challenge) == expected.challenge else {
            throw WebAuthnRejection("clientData challenge is not the one this journey issued")
        }
        guard expected.origins.contains(clientData.origin) else {
            throw WebAuthnRejection(
                "clientData origin '\(clientData.origin.prefix(128))' is not accepted (\(expected.origins.joined(separator: ", ")))"
            )
        }
        if clientData.crossOrigin {
            throw WebAuthnRejection("clientData says crossOrigin: the ceremony ran in a cross-origin frame")
        }
    }

    /// §7.1 steps 13-15 / §7.2 steps 15-17: rp id hash, user present, user verified when required;
    /// Level 3: BS (backed up) without BE (backup eligible) is invalid.
    static func checkAuthenticatorData(_ authData: AuthenticatorData, _ expected: WebAuthnExpectation) throws {
        guard authData.rpIdHash == Array(SHA256.hash(data: Array(expected.rpId.utf8))) else {
            throw WebAuthnRejection("the rp id hash is not SHA-256('\(expected.rpId)')")
        }
        guard authData.flags.contains(.userPresent) else {
            throw WebAuthnRejection("the user present flag (UP) is not set")
        }
        if expected.userVerificationRequired, !authData.flags.contains(.userVerified) {
            throw WebAuthnRejection("user verification is required but the UV flag is not set")
        }
        if authData.flags.contains(.backupState), !authData.flags.contains(.backupEligible) {
            throw WebAuthnRejection("the backup state flag (BS) is set without backup eligibility (BE)")
        }
    }
}
