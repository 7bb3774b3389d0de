import Crypto
import Foundation
import JourneyCore

/// A FIDO2 authenticator in software (a "virtual authenticator"), together with the browser
/// part of WebAuthn: it collects the client data, makes credentials (ES256, RS256, EdDSA;
/// `none` or `packed` self attestation) and signs assertions over
/// `authenticatorData ‖ SHA-256(clientDataJSON)`. It signs for whatever origin and rp id it is
/// given: checking them is the relying party's job.
enum SoftwareAuthenticator {
    /// What a registration produced.
    struct Registration: Sendable {
        var credential: PasskeyCredential
        var clientDataJSON: String
        var authenticatorData: AuthenticatorData
        var attestationObject: [UInt8]
    }

    /// What an authentication produced.
    struct Assertion: Sendable {
        var credential: PasskeyCredential
        var clientDataJSON: String
        var authenticatorData: AuthenticatorData
        var authenticatorDataBytes: [UInt8]
        var signature: [UInt8]
    }

    /// A DOMException name a browser would report instead of a credential, with why.
    struct Refusal: Error, Sendable {
        var name: String
        var reason: String
    }

    /// The algorithm to register with: the forced one, else the first the relying party lists that
    /// the authenticator has (ES256 when it lists none, as WebAuthn's default list starts with it).
    static func algorithm(for request: WebAuthnRequest, settings: AuthenticatorSettings) throws(Refusal)
        -> COSEAlgorithm
    {
        if let forced = settings.algorithm { return forced }
        if request.algorithms.isEmpty { return .es256 }
        guard let first = request.algorithms.lazy.compactMap(COSEAlgorithm.init(rawValue:)).first else {
            throw Refusal(
                name: "NotSupportedError",
                reason:
                    "the relying party asks for algorithms \(request.algorithms) and the authenticator has ES256, RS256, EdDSA"
            )
        }
        return first
    }

    static func register(
        _ request: WebAuthnRequest, origin: String, rpId: String, settings: AuthenticatorSettings,
        randomBytes: (Int) -> [UInt8]
    ) throws -> Registration {
        let algorithm = try algorithm(for: request, settings: settings)
        let key = try PasskeyPrivateKey.make(algorithm, randomBytes: randomBytes)
        let idLength = 16 + Int(randomBytes(1).first ?? 0) % 17
        let resident = settings.resident ?? (request.residentKey == "required" || request.residentKey == "preferred")
        var counter: PasskeyCredential.CounterMode = .increment
        var signCount: UInt32 = 0
        switch settings.counter {
        case .mode(let mode): counter = mode
        case .value(let value): signCount = value
        case nil: break
        }
        let credential = PasskeyCredential(
            name: settings.name, id: randomBytes(idLength), rpId: rpId, userHandle: request.userId,
            userName: request.userName, key: key, signCount: signCount, counter: counter, resident: resident,
            backupEligible: settings.backupEligible ?? false,
            backupState: settings.backupState ?? false,
            aaguid: settings.aaguid ?? [UInt8](repeating: 0, count: 16))
        let clientData = clientDataJSON(CollectedClientData.registrationType, request: request, origin: origin)
        var flags = flags(settings, credential: credential, request: request)
        flags.insert(.attestedCredentialData)
        let authenticatorData = AuthenticatorData(
            rpIdHash: Array(SHA256.hash(data: Array(rpId.utf8))), flags: flags, signCount: signCount,
            attestedCredential: AttestedCredentialData(
                aaguid: credential.aaguid, credentialId: credential.id, publicKey: try key.publicKey()))
        let authData = authenticatorData.encoded()
        let attestation: AttestationObject
        switch settings.attestation {
        case .none:
            attestation = .none(authData)
        case .packed:
            let signature = try key.sign(authData + Array(SHA256.hash(data: Array(clientData.utf8))))
            attestation = .packedSelf(authData, algorithm: algorithm, signature: signature)
        }
        return Registration(
            credential: credential, clientDataJSON: clientData, authenticatorData: authenticatorData,
            attestationObject: attestation.encoded())
    }

    static func authenticate(
        _ request: WebAuthnRequest, with credential: PasskeyCredential, origin: String, rpId: String,
        settings: AuthenticatorSettings
    ) throws -> Assertion {
        var credential = credential
        if let backupEligible = settings.backupEligible { credential.backupEligible = backupEligible }
        if let backupState = settings.backupState { credential.backupState = backupState }
        switch settings.counter ?? .mode(credential.counter) {
        case .mode(.increment): credential.signCount &+= 1
        case .mode(.zero): credential.signCount = 0
        case .value(let value): credential.signCount = value
        }
        let clientData = clientDataJSON(CollectedClientData.authenticationType, request: request, origin: origin)
        let authenticatorData = AuthenticatorData(
            rpIdHash: Array(SHA256.hash(data: Array(rpId.utf8))),
            flags: flags(settings, credential: credential, request: request), signCount: credential.signCount)
        let authData = authenticatorData.encoded()
        let signature = try credential.key.sign(authData + Array(SHA256.hash(data: Array(clientData.utf8))))
        return Assertion(
            credential: credential, clientDataJSON: clientData, authenticatorData: authenticatorData,
            authenticatorDataBytes: authData, signature: signature)
    }

    /// The client data JSON a browser writes for this ceremony.
    static func clientDataJSON(_ type: String, request: WebAuthnRequest, origin: String) -> String {
        CollectedClientData(type: type, challenge: Base64URL.encode(request.challenge), origin: origin).json
    }

    private static func flags(
        _ settings: AuthenticatorSettings, credential: PasskeyCredential, request: WebAuthnRequest
    ) -> AuthenticatorFlags {
        var flags: AuthenticatorFlags = []
        if settings.userPresent { flags.insert(.userPresent) }
        if settings.userVerified(for: request) { flags.insert(.userVerified) }
        if credential.backupEligible { flags.insert(.backupEligible) }
        if credential.backupState { flags.insert(.backupState) }
        return flags
    }
}
