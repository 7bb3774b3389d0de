import Foundation
import JourneyCore

/// AM's WebAuthn Registration and Authentication nodes: the options go out in the node's form; the
/// `webAuthnOutcome` that comes back is verified as a relying party does (`WebAuthnVerifier`).
extension NodeExecutor {
    var webAuthnKey: String { "webauthn.\(node.id)" }
    /// The credential id of the device this journey registered last: the device recovery codes are made for.
    static let registeredDeviceKey = "webauthn.registered"

    /// Notes why the node took an outcome: in the request's log line and the edge trace.
    func note(_ reason: String, _ state: inout JourneyState) {
        state.notes.append("\(node.id): \(reason)")
        env.trace?.note(journey: engine.journey.name, node: node.id, reason)
    }

    /// `host` of the request's `scheme://host[:port]`: the rp id when the node names none.
    var requestHost: String {
        let afterScheme = engine.baseURL.components(separatedBy: "://").last ?? engine.baseURL
        let authority = afterScheme.split(separator: "/").first.map(String.init) ?? afterScheme
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        return (authority.split(separator: ":").first.map(String.init) ?? authority).lowercased()
    }

    func ceremony(_ common: WebAuthnCommonSpec, credentials: [[UInt8]]) -> WebAuthnCeremony {
        WebAuthnCeremony(
            challenge: env.random.bytes(32), configuredRpId: common.relyingParty.id, rpName: common.relyingParty.name,
            userVerification: common.userVerification, timeout: common.timeout, credentials: credentials,
            supportsJsonResponse: common.supportsJsonResponse && common.form == .metadata)
    }

    /// What the answer is checked against, kept in the journey until the answer comes (once).
    func remember(_ ceremony: WebAuthnCeremony, _ common: WebAuthnCommonSpec, extra: [String: JSONValue] = [:])
        -> JSONValue
    {
        var memory = extra
        memory["challenge"] = .string(Base64URL.encode(ceremony.challenge))
        memory["rpId"] = .string(common.relyingParty.id ?? requestHost)
        let origins = common.relyingParty.origins.isEmpty ? [engine.baseURL] : common.relyingParty.origins
        memory["origins"] = .array(origins.map(JSONValue.string))
        return .object(memory)
    }

    func expectation(
        _ memory: JSONValue, _ common: WebAuthnCommonSpec, algorithms: [Int], directAttestation: Bool = false
    ) -> WebAuthnExpectation? {
        guard let challenge = memory["challenge"]?.stringValue.flatMap({ Base64URL.decode($0) }),
            let rpId = memory["rpId"]?.stringValue
        else { return nil }
        return WebAuthnExpectation(
            challenge: [UInt8](challenge), rpId: rpId,
            origins: (memory["origins"]?.arrayValue ?? []).compactMap(\.stringValue),
            userVerificationRequired: common.userVerification == .required, algorithms: algorithms,
            directAttestation: directAttestation)
    }

    /// The user's id as AM sends it (`userId`): the base64 of the profile's `_id`, or of the username.
    static func userHandle(of user: SimulatedUser) -> String {
        Data((user.attributes["_id"]?.displayText ?? user.username).utf8).base64EncodedString()
    }

    /// The text in the hidden `webAuthnOutcome` input, nil when the client left the id there.
    func webAuthnOutcome(_ answers: EchoValidator.Answers, form: WebAuthnForm) -> String? {
        let text = EchoValidator.value(answers, WebAuthnPage.hiddenIndex(form), suffix: "")?.stringValue ?? ""
        return text.isEmpty || text == HiddenId.webAuthnOutcome ? nil : text
    }

    // MARK: registration

    func enterWebAuthnRegistration(_ spec: WebAuthnRegistrationSpec, _ state: inout JourneyState) -> NodeStep {
        let username = account(spec.common.username, state)
        guard let user = env.users.user(username) else {
            note("no user '\(username)' to register a device for", &state)
            return .outcome("failure")
        }
        let existing = env.webAuthnDevices.devices(of: username).compactMap { Base64URL.decode($0.credentialId) }
        let ceremony = ceremony(spec.common, credentials: existing.map { [UInt8]($0) })
        let handle = Self.userHandle(of: user)
        let display = spec.displayName.map { account($0, state) }.flatMap { $0.isEmpty ? nil : $0 } ?? username
        state.memory[webAuthnKey] = remember(
            ceremony, spec.common, extra: ["username": .string(username), "userHandle": .string(handle)])
        let entity = WebAuthnUserEntity(userId: handle, name: username, displayName: display)
        return .page(
            renderer.render(WebAuthnPage.registration(spec, ceremony, entity), text: spec.common.text, emitIds: false))
    }

    func submitWebAuthnRegistration(
        _ spec: WebAuthnRegistrationSpec, _ state: inout JourneyState, _ answers: EchoValidator.Answers
    ) -> NodeStep {
        guard let memory = state.memory[webAuthnKey],
            let expected = expectation(
                memory, spec.common, algorithms: spec.algorithms, directAttestation: spec.attestation == .direct),
            let username = memory["username"]?.stringValue, let handle = memory["userHandle"]?.stringValue
        else { return enter(&state) }
        // The challenge is used once, whatever the answer.
        state.memory[webAuthnKey] = nil
        let verdict = WebAuthnVerifier.registration(webAuthnOutcome(answers, form: spec.common.form), expected)
        switch verdict {
        case .unsupported, .clientError, .rejected:
            return unverified(verdict, &state)
        case .verified(let credential):
            let name =
                spec.acceptDeviceName ? (credential.deviceName ?? spec.defaultDeviceName) : spec.defaultDeviceName
            let device = WebAuthnDevice(
                credentialId: credential.credentialId, publicKey: credential.publicKey,
                algorithm: credential.algorithm, signCount: credential.signCount, deviceName: name, userHandle: handle,
                backupEligible: credential.backupEligible, backupState: credential.backupState,
                attestationFormat: credential.attestationFormat, created: env.clock.now())
            switch env.webAuthnDevices.register(device, for: username, limit: spec.maxDevices) {
            case .added:
                state.values["webAuthnDeviceName"] = .string(name)
                state.memory[Self.registeredDeviceKey] = .string(credential.credentialId)
                return .outcome("success")
            case .duplicate:
                note("credential \(credential.credentialId) is registered already", &state)
                return .outcome("failure")
            case .limitReached:
                note("'\(username)' holds \(spec.maxDevices) device(s) already", &state)
                return .outcome("exceedsDeviceLimit")
            }
        }
    }

    // MARK: authentication

    func enterWebAuthnAuthentication(_ spec: WebAuthnAuthenticationSpec, _ state: inout JourneyState) -> NodeStep {
        var extra: [String: JSONValue] = [:]
        var credentials: [[UInt8]] = []
        if !spec.usernameless {
            let username = account(spec.common.username, state)
            let devices = env.webAuthnDevices.devices(of: username)
            guard env.users.user(username) != nil, !devices.isEmpty else {
                note("'\(username)' has no WebAuthn device", &state)
                return .outcome("noDevice")
            }
            credentials = devices.compactMap { Base64URL.decode($0.credentialId).map { [UInt8]($0) } }
            extra["username"] = .string(username)
        }
        let ceremony = ceremony(spec.common, credentials: credentials)
        state.memory[webAuthnKey] = remember(ceremony, spec.common, extra: extra)
        return .page(
            renderer.render(WebAuthnPage.authentication(spec, ceremony), text: spec.common.text, emitIds: false))
    }

    func submitWebAuthnAuthentication(
        _ spec: WebAuthnAuthenticationSpec, _ state: inout JourneyState, _ answers: EchoValidator.Answers
    ) -> NodeStep {
        guard let memory = state.memory[webAuthnKey], let expected = expectation(memory, spec.common, algorithms: [])
        else { return enter(&state) }
        state.memory[webAuthnKey] = nil
        if spec.allowRecoveryCode,
            EchoValidator.value(answers, WebAuthnPage.hiddenIndex(spec.common.form) + 1, suffix: "")?.intValue == 0
        {
            return .outcome("recoveryCode")
        }
        let named = memory["username"]?.stringValue
        let verdict = WebAuthnVerifier.authentication(
            webAuthnOutcome(answers, form: spec.common.form), expected,
            lookup: { credentialId, userHandle in
                lookupDevice(credentialId: credentialId, userHandle: userHandle, named: named)
            })
        switch verdict {
        case .unsupported, .clientError, .rejected:
            return unverified(verdict, &state)
        case .verified(let assertion):
            switch env.webAuthnDevices.recordAssertion(
                credentialId: assertion.credentialId, for: assertion.username, signCount: assertion.signCount,
                backupState: assertion.backupState)
            {
            case .updated: break
            case .notIncreasing(let stored, let received):
                note(
                    "signature counter \(received) does not increase on the stored \(stored) (a cloned authenticator or a replay)",
                    &state)
                return .outcome("failure")
            case .unknown:
                note("credential \(assertion.credentialId) was deleted meanwhile", &state)
                return .outcome("failure")
            }
            if let user = env.users.user(assertion.username) {
                state.values["username"] = .string(user.username)
                state.values["user"] = user.stateValue
            }
            return .outcome("success")
        }
    }

    /// The device an assertion names, and why it is refused when it is: unknown credential, another
    /// user's credential, a user handle that is not the device's.
    func lookupDevice(credentialId: String, userHandle: String?, named: String?) -> Result<
        (username: String, device: WebAuthnDevice), WebAuthnRejection
    > {
        guard let (owner, device) = env.webAuthnDevices.find(credentialId: credentialId) else {
            return .failure(WebAuthnRejection("unknown credential \(credentialId)"))
        }
        if let named, owner != named {
            return .failure(WebAuthnRejection("credential \(credentialId) belongs to another user, not '\(named)'"))
        }
        if let userHandle, !userHandle.isEmpty, userHandle != device.userHandle {
            return .failure(WebAuthnRejection("the user handle is not the one the credential was registered for"))
        }
        if named == nil, (userHandle ?? "").isEmpty {
            return .failure(WebAuthnRejection("a usernameless login needs the user handle (a discoverable credential)"))
        }
        return .success((owner, device))
    }

    /// The outcome of a ceremony that did not verify: `unsupported`, `error` (the client's
    /// DOMException kept in the journey's values) or `failure`, with the reason in the edge trace.
    private func unverified<Value>(_ verdict: WebAuthnVerdict<Value>, _ state: inout JourneyState) -> NodeStep {
        switch verdict {
        case .unsupported:
            note("the client does not support WebAuthn", &state)
            return .outcome("unsupported")
        case .clientError(let error):
            state.values["WebAuthenticationDOMException"] = .string(error)
            note("client error: \(error)", &state)
            return .outcome("error")
        case .rejected(let reason):
            note(reason, &state)
            return .outcome("failure")
        case .verified:
            return .outcome("success")
        }
    }
}
