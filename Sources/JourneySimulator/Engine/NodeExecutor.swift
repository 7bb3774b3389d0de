import Foundation
import JourneyCore

/// Executes one node: `enter` when the journey reaches it, `submit` when the client answers its page.
struct NodeExecutor {
    let node: NodeDefinition
    let engine: Engine

    var env: EngineEnvironment { engine.env }
    var renderer: PageRenderer { engine.renderer }

    func enter(_ state: inout JourneyState) -> NodeStep {
        switch node.kind {
        case .page(let spec): return .page(renderer.render(spec.callbacks, text: spec.text, emitIds: spec.emitIds))
        case .decision(let condition): return bool(ValuePath.evaluate(condition, in: state.values))
        case .credentials(let spec): return checkCredentials(spec, &state)
        case .identify(let spec):
            let value = ValuePath.resolve(spec.value, in: state.values)?.displayText ?? ""
            guard let user = env.users.find(value: value, attribute: spec.attribute) else { return .outcome("false") }
            state.values["user"] = user.stateValue
            return .outcome("true")
        case .retryLimit(let spec):
            let key = "retry.\(node.id)"
            let count = (state.memory[key]?.intValue ?? 0) + 1
            state.memory[key] = .int(count)
            return .outcome(count <= spec.limit ? "retry" : "reject")
        case .createUser(let spec): return createUser(spec, &state)
        case .recaptcha(let spec):
            if let from = spec.from {
                let stored = ValuePath.resolve(from, in: state.values)?.objectValue ?? [:]
                return assess(spec, stored, &state)
            }
            return .page(recaptchaPage(spec))
        case .choice(let spec): return .page(choicePage(spec))
        case .confirmation(let spec): return .page(confirmationPage(spec))
        case .pollingWait(let spec):
            state.memory["poll.\(node.id)"] = [
                "start": .double(env.clock.now().timeIntervalSince1970), "count": 0,
            ]
            return .page(pollingPage(spec))
        case .emailSuspend(let spec): return suspend(spec, &state)
        case .otpSend(let spec): return sendOTP(spec, &state)
        case .otpVerify(let spec): return .page(passwordPage(prompt: spec.prompt, text: spec.text))
        case .kbaVerify(let spec):
            guard let question = kbaEntry(spec, state)?.question else { return .outcome("false") }
            return .page(passwordPage(prompt: question, text: spec.text))
        case .message(let spec): return .page(messagePage(spec))
        case .oathRegistration(let spec):
            return ChallengeNodeExecutor(executor: self).enterOATHRegistration(spec, &state)
        case .oathVerify(let spec): return ChallengeNodeExecutor(executor: self).enterOATHVerify(spec, &state)
        case .proofOfWork(let spec): return ChallengeNodeExecutor(executor: self).enterProofOfWork(spec, &state)
        case .mathCaptcha(let spec): return ChallengeNodeExecutor(executor: self).enterMathCaptcha(spec, &state)
        case .zeroPageLogin(let spec): return collectZeroPage(spec, &state)
        case .webAuthnRegistration(let spec): return enterWebAuthnRegistration(spec, &state)
        case .webAuthnAuthentication(let spec): return enterWebAuthnAuthentication(spec, &state)
        case .recoveryCodeDisplay(let spec): return enterRecoveryCodeDisplay(spec, &state)
        case .recoveryCodeCollector(let spec): return enterRecoveryCodeCollector(spec)
        case .set(let spec):
            for (name, value) in spec.values { state.values[name] = value }
            return .outcome("next")
        case .success(let spec): return .success(spec)
        case .failure(let spec): return .failure(spec)
        }
    }

    func bool(_ flag: Bool) -> NodeStep { .outcome(flag ? "true" : "false") }

    /// The text at `path` in the journey's values (a user name for a device or an account), or "".
    func account(_ path: String, _ state: JourneyState) -> String {
        ValuePath.resolve(path, in: state.values)?.displayText ?? ""
    }

    // MARK: pages

    func passwordPage(prompt: String, text: PageText) -> PageOutput {
        renderer.render(
            [PageRenderer.spec(.password, ["prompt": .string(prompt)])], text: text, emitIds: false)
    }

    func recaptchaPage(_ spec: RecaptchaSpec) -> PageOutput {
        let callback = PageRenderer.spec(
            .reCaptchaEnterprise,
            [
                "recaptchaSiteKey": .string(spec.siteKey), "captchaApiUri": .string(spec.apiUri),
                "captchaDivClass": .string(spec.divClass),
            ])
        return renderer.render([callback], text: spec.text, emitIds: false)
    }

    func choicePage(_ spec: ChoiceSpec) -> PageOutput {
        var callback = PageRenderer.spec(
            .choice,
            [
                "prompt": .string(spec.prompt), "choices": .array(spec.choices.map(JSONValue.string)),
                "defaultChoice": .int(spec.defaultChoice),
            ])
        callback.inputs = [("", .int(spec.defaultChoice))]
        return renderer.render([callback], text: spec.text, emitIds: false)
    }

    func confirmationPage(_ spec: ConfirmationSpec) -> PageOutput {
        let callback = PageRenderer.spec(
            .confirmation,
            [
                "prompt": .string(spec.prompt), "messageType": .int(spec.messageType),
                "options": .array(spec.options.map(JSONValue.string)), "optionType": .int(spec.optionType),
                "defaultOption": .int(spec.defaultOption),
            ])
        return renderer.render([callback], text: spec.text, emitIds: false)
    }

    func pollingPage(_ spec: PollingWaitSpec) -> PageOutput {
        let polling = PageRenderer.spec(
            .pollingWait, ["waitTime": .string(String(spec.waitTimeMs)), "message": .string(spec.message)])
        let exit = PageRenderer.spec(
            .confirmation,
            [
                "prompt": "", "messageType": 0, "options": [.string(spec.exitOption)], "optionType": -1,
                "defaultOption": 0,
            ])
        return renderer.render([polling, exit], text: spec.text, emitIds: false)
    }

    func messagePage(_ spec: MessageSpec) -> PageOutput {
        var callbacks = [
            PageRenderer.spec(
                .textOutput, ["message": .string(spec.message), "messageType": .string(spec.messageType)])
        ]
        if !spec.options.isEmpty {
            callbacks.append(
                PageRenderer.spec(
                    .confirmation,
                    [
                        "prompt": "", "messageType": 0, "options": .array(spec.options.map(JSONValue.string)),
                        "optionType": -1, "defaultOption": 0,
                    ]))
        }
        return renderer.render(callbacks, text: spec.text, emitIds: false)
    }
}
