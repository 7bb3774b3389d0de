import Foundation
import JourneyCore

extension NodeExecutor {
    func submit(_ state: inout JourneyState, answers: EchoValidator.Answers) -> NodeStep {
        switch node.kind {
        case .page(let spec): return submitPage(spec, &state, answers)
        case .recaptcha(let spec):
            return assess(spec, inputsBySuffix(answers, 0), &state)
        case .choice(let spec):
            guard let index = EchoValidator.value(answers, 0, suffix: "")?.intValue,
                spec.choices.indices.contains(index)
            else { return .page(choicePage(spec)) }
            if let store = spec.store { state.values[store] = .int(index) }
            return .outcome(spec.choices[index])
        case .confirmation(let spec):
            guard let index = EchoValidator.value(answers, 0, suffix: "")?.intValue,
                spec.options.indices.contains(index)
            else { return .page(confirmationPage(spec)) }
            return .outcome(spec.options[index])
        case .pollingWait(let spec): return poll(spec, &state, answers)
        case .otpVerify(let spec):
            let answer = EchoValidator.value(answers, 0, suffix: "")?.displayText ?? ""
            let sent = ValuePath.resolve(spec.from, in: state.values)
            let unexpired = (sent?["expires"]?.doubleValue ?? .infinity) > env.clock.now().timeIntervalSince1970
            let matches = !answer.isEmpty && sent?["code"]?.stringValue == answer && unexpired
            if matches { state.values[spec.from] = nil }
            return bool(matches)
        case .kbaVerify(let spec):
            let answer = EchoValidator.value(answers, 0, suffix: "")?.displayText ?? ""
            guard let expected = kbaEntry(spec, state)?.answer else { return .outcome("false") }
            return bool(Self.normalized(answer) == Self.normalized(expected))
        case .message(let spec):
            guard !spec.options.isEmpty else { return .outcome("next") }
            guard let index = EchoValidator.value(answers, 1, suffix: "")?.intValue,
                spec.options.indices.contains(index)
            else { return .page(messagePage(spec)) }
            return .outcome(spec.options[index])
        case .oathRegistration(let spec):
            return ChallengeNodeExecutor(executor: self).submitOATHRegistration(spec, &state)
        case .oathVerify(let spec): return ChallengeNodeExecutor(executor: self).submitOATHVerify(spec, &state, answers)
        case .proofOfWork(let spec):
            return ChallengeNodeExecutor(executor: self).submitProofOfWork(spec, &state, answers)
        case .mathCaptcha: return ChallengeNodeExecutor(executor: self).submitMathCaptcha(&state, answers)
        case .webAuthnRegistration(let spec): return submitWebAuthnRegistration(spec, &state, answers)
        case .webAuthnAuthentication(let spec): return submitWebAuthnAuthentication(spec, &state, answers)
        case .recoveryCodeDisplay: return .outcome("next")
        case .recoveryCodeCollector(let spec): return submitRecoveryCodeCollector(spec, &state, answers)
        case .decision, .credentials, .identify, .retryLimit, .createUser, .emailSuspend, .otpSend, .zeroPageLogin,
            .set, .success, .failure:
            // Nodes without a page never wait for answers; re-enter to be safe.
            return enter(&state)
        }
    }

    static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// The answers of the callback at `index` by input suffix; an input sent under a declared
    /// `name` (`spec.inputNames`) counts as its suffix.
    func inputsBySuffix(_ answers: EchoValidator.Answers, _ index: Int, spec: CallbackSpec? = nil) -> [String:
        JSONValue]
    {
        let suffixes = Dictionary(
            (spec?.inputNames ?? [:]).map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        var values: [String: JSONValue] = [:]
        for (name, value) in answers[index] ?? [:] { values[suffixes[name] ?? AMCallback.suffix(of: name)] = value }
        return values
    }

    private func poll(_ spec: PollingWaitSpec, _ state: inout JourneyState, _ answers: EchoValidator.Answers)
        -> NodeStep
    {
        if EchoValidator.value(answers, 1, suffix: "")?.intValue == 0 { return .outcome("exit") }
        let key = "poll.\(node.id)"
        let start = state.memory[key]?["start"]?.doubleValue ?? env.clock.now().timeIntervalSince1970
        let count = (state.memory[key]?["count"]?.intValue ?? 0) + 1
        state.memory[key] = ["start": .double(start), "count": .int(count)]
        let done: Bool
        if let polls = spec.polls {
            done = count >= polls
        } else {
            done = env.clock.now().timeIntervalSince1970 - start >= Double(spec.waitTimeMs) / 1000
        }
        return done ? .outcome("done") : .page(pollingPage(spec))
    }

    /// Stores every answer, checks policies; re-prompts on failures or `validateOnly`, else `next`.
    private func submitPage(_ spec: PageSpec, _ state: inout JourneyState, _ answers: EchoValidator.Answers)
        -> NodeStep
    {
        var validateOnly = false
        for (index, callback) in spec.callbacks.enumerated() where callback.hasInputs {
            let inputs = inputsBySuffix(answers, index, spec: callback)
            if inputs["validateOnly"]?.boolValue == true || inputs["validateOnly"]?.stringValue == "true" {
                validateOnly = true
            }
            guard let store = callback.store else { continue }
            state.values[store] = storedValue(callback, inputs)
        }
        let checker = PolicyChecker(users: env.users)
        var overrides: [Int: PageRenderer.Overrides] = [:]
        var failed = false
        for (index, callback) in spec.callbacks.enumerated() where callback.isValidated {
            let inputs = inputsBySuffix(answers, index, spec: callback)
            let failures = checker.failures(
                callback.policies, value: inputs[""], attribute: callback.attributeName, state: state.values)
            failed = failed || !failures.isEmpty
            var override = PageRenderer.Overrides(inputs: answers[index] ?? [:], failedPolicies: failures)
            if callback.output("value") != nil { override.value = inputs[""] }
            overrides[index] = override
        }
        failed = failed || refusesUserDefinedQuestion(spec, answers)
        if failed || validateOnly {
            // Keep every answer on the re-rendered page, as AM does.
            for (index, values) in answers where overrides[index] == nil {
                overrides[index] = PageRenderer.Overrides(inputs: values)
            }
            for (index, callback) in spec.callbacks.enumerated() where callback.isValidated {
                for (name, _) in overrides[index]?.inputs ?? [:] where AMCallback.suffix(of: name) == "validateOnly" {
                    overrides[index]?.inputs[name] = false
                }
            }
            return .page(renderer.render(spec.callbacks, text: spec.text, emitIds: spec.emitIds, overrides: overrides))
        }
        return .outcome("next")
    }

    /// True when a KbaCreateCallback that says `allowUserDefinedQuestions: false` got a question
    /// that is not one of its `predefinedQuestions`: the page is asked again.
    private func refusesUserDefinedQuestion(_ spec: PageSpec, _ answers: EchoValidator.Answers) -> Bool {
        guard !env.settings.quirks.kbaWithoutAllowUserDefinedQuestions else { return false }
        return spec.callbacks.enumerated().contains { index, callback in
            guard callback.hasType(.kbaCreate), callback.output("allowUserDefinedQuestions")?.boolValue == false
            else { return false }
            let question = inputsBySuffix(answers, index)["question"]?.displayText ?? ""
            let predefined = (callback.output("predefinedQuestions")?.arrayValue ?? []).map(\.displayText)
            return !predefined.contains(question)
        }
    }

    /// The value a callback stores: its main input, or an object of its inputs by suffix.
    private func storedValue(_ callback: CallbackSpec, _ inputs: [String: JSONValue]) -> JSONValue {
        // A pick from a list (Choice, Confirmation) stores the index.
        if CallbackRegistry.definition(wireName: callback.type)?.choicesOutput != nil {
            return inputs[""].flatMap { $0.intValue.map(JSONValue.int) } ?? inputs[""] ?? .null
        }
        let meaningful = inputs.filter { $0.key != "validateOnly" }
        if meaningful.count == 1, let only = meaningful.first { return only.value }
        return .object(meaningful)
    }
}
