import Foundation
import JourneyCore
import JourneyFormat

/// Answers a WebAuthn callback with the software authenticator: reads the relying party's
/// options from the callback, registers a credential or signs an assertion, and writes AM's
/// outcome text (or its JSON wrapper when the node supports it) for the `webAuthnOutcome`
/// HiddenValueCallback. The trace notes what was signed: client data, rp id, flags, counter,
/// credential id; never a private key. What a browser would refuse (an excluded credential,
/// no credential for the rp id, no supported algorithm) is answered with the browser's error.
enum PasskeyAuthenticator {
    /// The placeholder of the outcome text: like a device-binding JWS, it is a signed proof.
    static let outcomeSecretName = "webauthn-outcome"

    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        let ceremony: WebAuthnRequest.Ceremony = draft.form == .webAuthnRegistration ? .registration : .authentication
        let request: WebAuthnRequest
        do {
            request = try WebAuthnRequestReader.read(draft.original, ceremony: ceremony)
        } catch {
            throw context.error("cannot read the WebAuthn options of \(draft.subject): \(error.message)")
        }
        let spec = context.answer.passkey
        var settings = settings(spec)
        // Registration: the new passkey's name; authentication: the passkey to sign with.
        settings.name = try await text(spec.credential, context)
        let origin = try await origin(spec, context)
        let rpId = try await text(spec.rpId, context) ?? request.rpId ?? host(of: origin)
        draft.notes.append(("origin", origin))
        draft.notes.append(("rpId", rpId))
        let outcome: String
        switch ceremony {
        case .registration:
            outcome = try await register(request, origin: origin, rpId: rpId, settings: settings, &draft, context)
        case .authentication:
            outcome = try await authenticate(request, origin: origin, rpId: rpId, settings: settings, &draft, context)
        }
        // A refusal is the browser's error text, not a proof: it stays readable.
        let refused = outcome.hasPrefix("ERROR::")
        draft.pairedWrites.append(
            PairedWrite(
                hiddenId: HiddenId.webAuthnOutcome, value: outcome, secretName: refused ? nil : outcomeSecretName))
    }

    // MARK: Registration

    private static func register(
        _ request: WebAuthnRequest, origin: String, rpId: String, settings: AuthenticatorSettings,
        _ draft: inout CallbackDraft, _ context: AnswerContext
    ) async throws(RunError) -> String {
        let environment = context.environment
        let store = environment.deviceState.passkeys
        var deviceName: String?
        if let spec = context.answer.deviceName {
            deviceName = ValueConversion.text(try await context.resolve(spec).json)
        }
        var settings = settings
        if settings.name == nil { settings.name = deviceName }
        if let excluded = store.credentials.first(where: { $0.rpId == rpId && request.credentialIds.contains($0.id) }) {
            return refuse(
                "InvalidStateError",
                because: "the device already holds \(excluded.summary), which the relying party excludes",
                &draft)
        }
        let registration: SoftwareAuthenticator.Registration
        do {
            // Not the run's seeded bytes: a seed repeats, and a passkey must not (the server
            // refuses a credential id it holds). The outcome is a secret, so replays need no repeat.
            registration = try SoftwareAuthenticator.register(
                request, origin: origin, rpId: rpId, settings: settings,
                randomBytes: { count in (0..<count).map { _ in UInt8.random(in: .min ... .max) } })
        } catch let refusal as SoftwareAuthenticator.Refusal {
            return refuse(refusal.name, because: refusal.reason, &draft)
        } catch {
            throw context.error("the software authenticator could not make a credential: \(error)")
        }
        let credential = registration.credential
        context.redactor.register(credential.key.exported, name: PasskeyPrivateKey.secretName)
        store.add(credential)
        draft.notes.append(
            ("passkey", "registered \(credential.summary)\(credential.resident ? ", discoverable" : "")"))
        draft.notes.append(("clientDataJSON", registration.clientDataJSON))
        draft.notes.append(("flags", registration.authenticatorData.flags.summary))
        draft.notes.append(("signCount", String(registration.authenticatorData.signCount)))
        draft.notes.append(("attestation", settings.attestation.rawValue))
        let outcome = AMWebAuthnOutcome.registration(
            clientDataJSON: registration.clientDataJSON, attestationObject: registration.attestationObject,
            credentialId: credential.idText, deviceName: deviceName)
        return text(of: outcome, request)
    }

    // MARK: Authentication

    private static func authenticate(
        _ request: WebAuthnRequest, origin: String, rpId: String, settings: AuthenticatorSettings,
        _ draft: inout CallbackDraft, _ context: AnswerContext
    ) async throws(RunError) -> String {
        let store = context.environment.deviceState.passkeys
        let credential: PasskeyCredential
        if let reference = settings.name {
            guard let named = store.credential(named: reference) else {
                let known = store.credentials.map { $0.name ?? $0.idText }
                throw context.error(
                    "the device holds no passkey named '\(reference)'; it holds: "
                        + (known.isEmpty ? "none" : known.joined(separator: ", ")))
            }
            credential = named
        } else if let found = store.candidates(rpId: rpId, allowed: request.credentialIds).first {
            credential = found
        } else {
            let wanted = request.credentialIds.isEmpty ? "a discoverable passkey" : "one of the allowed credentials"
            return refuse(
                "NotAllowedError",
                because:
                    "the device has no passkey for rp id '\(rpId)' (\(wanted); it holds \(store.credentials.count))",
                &draft)
        }
        let assertion: SoftwareAuthenticator.Assertion
        do {
            assertion = try SoftwareAuthenticator.authenticate(
                request, with: credential, origin: origin, rpId: rpId, settings: settings)
        } catch {
            throw context.error("the software authenticator could not sign: \(error)")
        }
        store.setSignCount(assertion.authenticatorData.signCount, forId: credential.id)
        var userHandle = credential.resident ? credential.userHandle : nil
        if let spec = context.answer.passkey.userHandle {
            let text = ValueConversion.text(try await context.resolve(spec).json)
            userHandle = text.isEmpty ? nil : text
        }
        draft.notes.append(("passkey", "signed with \(credential.summary)"))
        draft.notes.append(("clientDataJSON", assertion.clientDataJSON))
        draft.notes.append(("flags", assertion.authenticatorData.flags.summary))
        draft.notes.append(("signCount", String(assertion.authenticatorData.signCount)))
        if let userHandle { draft.notes.append(("userHandle", userHandle)) }
        let outcome = AMWebAuthnOutcome.authentication(
            clientDataJSON: assertion.clientDataJSON, authenticatorData: assertion.authenticatorDataBytes,
            signature: assertion.signature, credentialId: credential.idText, userHandle: userHandle)
        return text(of: outcome, request)
    }

    // MARK: Helpers

    /// The browser's error instead of a credential, noted with why.
    private static func refuse(
        _ name: String, because reason: String, _ draft: inout CallbackDraft
    ) -> String {
        let outcome = WebAuthnOutcome.clientError(name)
        draft.notes.append(("clientError", "\(outcome) (\(reason))"))
        return outcome
    }

    /// AM's text form, or the JSON form when the node supports it (`supportsJsonResponse`).
    private static func text(of outcome: AMWebAuthnOutcome, _ request: WebAuthnRequest) -> String {
        guard request.supportsJsonResponse else { return outcome.text }
        let attachment = request.authenticatorAttachment == "cross-platform" ? "cross-platform" : "platform"
        return outcome.jsonText(attachment: attachment)
    }

    /// The handler's options as authenticator settings (the credential name is resolved apart: it may be a template).
    private static func settings(_ spec: PasskeyAnswerSpec) -> AuthenticatorSettings {
        var settings = AuthenticatorSettings()
        settings.algorithm = spec.algorithm.flatMap { COSEAlgorithm(name: $0.value) }
        settings.attestation =
            spec.attestation.flatMap { AuthenticatorSettings.AttestationFormat(rawValue: $0.value) } ?? .none
        settings.resident = spec.residentKey?.value
        settings.userPresent = spec.userPresence?.value ?? true
        settings.userVerified = spec.userVerification?.value
        settings.backupEligible = spec.backupEligible?.value
        settings.backupState = spec.backupState?.value
        switch spec.signCount?.value {
        case .increment: settings.counter = .mode(.increment)
        case .zero: settings.counter = .mode(.zero)
        case .value(let value): settings.counter = .value(UInt32(clamping: value))
        case nil: break
        }
        settings.aaguid = spec.aaguid.flatMap { PasskeyDeviceFile.uuidBytes($0.value) }
        return settings
    }

    /// The script's origin, else the server's.
    private static func origin(_ spec: PasskeyAnswerSpec, _ context: AnswerContext) async throws(RunError) -> String {
        if let given = try await text(spec.origin, context) { return given }
        guard let origin = context.environment.serverOrigin, !origin.isEmpty else {
            throw context.error("no server origin is known for WebAuthn; give the handler an origin")
        }
        return origin
    }

    private static func text(_ spec: ValueSpec?, _ context: AnswerContext) async throws(RunError) -> String? {
        guard let spec else { return nil }
        return ValueConversion.text(try await context.resolve(spec).json)
    }

    /// The host of an origin, the rp id a browser uses when the relying party names none.
    static func host(of origin: String) -> String {
        URLComponents(string: origin)?.host ?? origin
    }
}
