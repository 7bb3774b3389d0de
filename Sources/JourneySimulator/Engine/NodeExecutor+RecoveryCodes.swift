import JourneyCore

/// AM's Recovery Code Display node and Recovery Code Collector Decision node.
extension NodeExecutor {
    func enterRecoveryCodeDisplay(_ spec: RecoveryCodeDisplaySpec, _ state: inout JourneyState) -> NodeStep {
        let username = account(spec.username, state)
        // AM shows nothing and moves on when there is no one to make codes for.
        guard env.users.user(username) != nil else {
            note("no user '\(username)' to make recovery codes for", &state)
            return .outcome("next")
        }
        // The codes belong to a device (AM keeps them in its profile): the one this journey just
        // registered, else the user's newest.
        let devices = env.webAuthnDevices.devices(of: username)
        let registered = state.memory[Self.registeredDeviceKey]?.stringValue
        guard let device = devices.last(where: { $0.credentialId == registered }) ?? devices.last else {
            note("'\(username)' has no WebAuthn device to make recovery codes for", &state)
            return .outcome("next")
        }
        let codes = (0..<spec.count).map { _ in env.random.token(spec.length) }
        guard env.webAuthnDevices.addRecoveryCodes(codes, credentialId: device.credentialId, of: username) else {
            note("the WebAuthn device of '\(username)' was deleted meanwhile", &state)
            return .outcome("next")
        }
        let deviceName = state.values["webAuthnDeviceName"]?.stringValue ?? device.deviceName
        let script = AMScripts.recoveryCodes(codes, deviceName: WebAuthnPage.jsEscaped(deviceName))
        return .page(
            renderer.render(
                [PageRenderer.spec(.textOutput, ["message": .string(script), "messageType": "4"])], text: spec.text,
                emitIds: false))
    }

    func enterRecoveryCodeCollector(_ spec: RecoveryCodeCollectorSpec) -> NodeStep {
        .page(
            renderer.render(
                [PageRenderer.spec(.name, ["prompt": .string(spec.prompt)])], text: spec.text, emitIds: false))
    }

    func submitRecoveryCodeCollector(
        _ spec: RecoveryCodeCollectorSpec, _ state: inout JourneyState, _ answers: EchoValidator.Answers
    ) -> NodeStep {
        let code = EchoValidator.value(answers, 0, suffix: "")?.displayText.trimmingCharacters(in: .whitespaces) ?? ""
        let username = account(spec.username, state)
        guard env.webAuthnDevices.redeemRecoveryCode(code, for: username) else {
            note("not an unused recovery code of '\(username)'", &state)
            return .outcome("false")
        }
        if let user = env.users.user(username) { state.values["user"] = user.stateValue }
        return .outcome("true")
    }
}
