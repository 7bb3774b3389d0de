import JourneyCore

/// One step being answered. Special forms (Protect, WebAuthn) are answered first, because they
/// write into their paired HiddenValueCallbacks; then every other callback in order; then the
/// Polling Wait node's ConfirmationCallback, which depends on the PollingWaitCallback's handler.
struct StepAnswering {
    private let layout: StepLayout
    private let selection: HandlerSelection
    private let environment: any AnswerEnvironment
    private var drafts: [CallbackDraft]
    /// Positions answered by a handler of their own (not by a default or a special form).
    private var answeredByHandler: Set<Int> = []
    private var unhandled: [Int] = []
    /// The SDK whose posts the answers take the form of (`SDKProfileAnswers`), if any.
    private let sdk: SDKProfile?

    init(
        step: AMStep, stepNumber: Int, handlers: HandlerChain, environment: any AnswerEnvironment,
        sdk: SDKProfile? = nil
    ) {
        self.sdk = sdk
        let layout = StepLayout(step: step, number: stepNumber)
        self.layout = layout
        self.selection = HandlerSelection(handlers: handlers.handlers, layout: layout)
        self.environment = environment
        self.drafts = step.callbacks.enumerated().map { CallbackDraft($0.element, index: $0.offset) }
    }

    mutating func run() async throws(RunError) -> StepAnswer {
        let indices = Array(drafts.indices)
        let specialForms = indices.filter { layout.forms[$0] != nil }
        var formsWithoutHandler: [Int] = []
        for index in specialForms + indices.filter({ layout.forms[$0] == nil }) {
            if drafts[index].answeredBy != nil { continue }
            if let handler = selection.handler(forCallbackAt: index) {
                try await answer(index, with: handler)
            } else if let builtIn = BuiltInDefault(callbackAt: index, in: layout) {
                drafts[index].answeredBy = builtIn.label
            } else if layout.forms[index] != nil {
                formsWithoutHandler.append(index)
            } else {
                unhandled.append(index)
            }
        }
        for index in formsWithoutHandler {
            // A script may answer WebAuthn or Protect through the HiddenValueCallback itself.
            let hidden = layout.pairedHiddenIndices(of: index)
            if !hidden.isEmpty, hidden.allSatisfy(answeredByHandler.contains) {
                drafts[index].answeredBy = "built-in: echo (answered through its HiddenValueCallback)"
            } else if let builtIn = BuiltInDefault(formWithoutHandlerAt: index, in: layout, sdk: sdk) {
                drafts[index].answeredBy = builtIn.label
            } else {
                unhandled.append(index)
            }
        }
        let exitPolling = try answerPollingConfirmation()
        if let sdk {
            for index in drafts.indices where !unhandled.contains(index) {
                SDKProfileAnswers.apply(sdk, to: &drafts[index], redactor: environment.redactor)
            }
        }
        return finish(exitPolling: exitPolling)
    }

    /// Answers the callback at `index` with `handler`: `echo` leaves it as received; otherwise
    /// `…validateOnly` inputs default to false (`keep` fills the pre-filled values instead; a Ping
    /// profile leaves them to `SDKProfileAnswers`, which posts the `validateOnly` output, as those
    /// SDKs' classes start from it), then the type's answerer writes the answer into the input
    /// `input:` names or the usual one.
    private mutating func answer(_ index: Int, with handler: ActiveHandler) async throws(RunError) {
        var draft = drafts[index]
        let context = AnswerContext(handler: handler, environment: environment, stepNumber: layout.number, sdk: sdk)
        draft.answeredBy = handler.label
        answeredByHandler.insert(index)
        if let input = handler.answer.input { draft.mainInput = try draft.inputName(named: input.value, context) }
        if handler.answer.echo?.value != true {
            if context.keeps {
                KeepOption.prefill(&draft, sdk: sdk, redactor: environment.redactor)
            } else if sdk?.isPingSDK != true {
                ValidateOnlyOption.applyDefault(to: &draft, redactor: environment.redactor)
            }
            let answerer = handler.answerer(for: draft)
            if let clientError = handler.answer.clientError, !answerer.handlesClientError {
                try await context.writeClientError(clientError, into: &draft)
            }
            try await answerer.answer(&draft, context)
        }
        drafts[index] = draft
        try writePaired(from: index, context: context)
    }

    /// Puts a special form's answers into its paired HiddenValueCallbacks.
    private mutating func writePaired(from owner: Int, context: AnswerContext) throws(RunError) {
        let paired = layout.pairedHiddenIndices(of: owner)
        for write in drafts[owner].pairedWrites {
            guard
                let target = paired.first(where: {
                    (drafts[$0].original.output("id")?.stringValue ?? "").contains(write.hiddenId)
                })
            else {
                throw context.error(
                    "\(drafts[owner].subject) has no HiddenValueCallback with id '\(write.hiddenId)' beside it in this step"
                )
            }
            try drafts[target].write(
                .string(write.value), suffix: "", secretName: write.secretName, redactor: environment.redactor,
                context: context)
            drafts[target].answeredBy = "paired with \(drafts[owner].type) #\(owner + 1) (\(context.handler.label))"
        }
    }

    /// The ConfirmationCallback beside a PollingWaitCallback: a handler's own choice stands;
    /// else the "Exit" option when the PollingWaitCallback's handler says `exit: true`; else 100.
    /// Returns whether an option (rather than "nothing chosen") is sent.
    private mutating func answerPollingConfirmation() throws(RunError) -> Bool {
        guard let polling = layout.pollingIndex else { return false }
        let exitRequested = drafts[polling].exitRequested
        guard let confirmation = layout.pollingConfirmationIndex else {
            if exitRequested {
                throw RunError(
                    .script,
                    "PollingWaitCallback has no ConfirmationCallback beside it: there is no Exit option to take",
                    step: layout.number)
            }
            return false
        }
        if !answeredByHandler.contains(confirmation) {
            let value: Int
            if exitRequested {
                let options = ChoiceAnswerer.optionLabels(of: drafts[confirmation].original)
                value = options.firstIndex(where: { $0.lowercased() == "exit" }) ?? 0
                drafts[confirmation].answeredBy = "built-in: polling exit (\(drafts[polling].answeredBy ?? "handler"))"
            } else {
                value = 100
                drafts[confirmation].answeredBy = BuiltInDefault.keepPolling.label
            }
            if let name = drafts[confirmation].callback.inputName(suffix: "") {
                drafts[confirmation].write(
                    .int(value), inputNamed: name, secretName: nil, redactor: environment.redactor)
            }
        }
        return (drafts[confirmation].inputValue(suffix: "")?.intValue ?? 100) != 100
    }

    private func finish(exitPolling: Bool) -> StepAnswer {
        let redactor = environment.redactor
        // One snapshot of the secrets for the step's texts: every secret its answers wrote is registered by now.
        let secrets = redactor.snapshot
        var step = layout.step
        step.callbacks = drafts.filter { !$0.omittedFromRequest }.map(\.callback)
        let unanswered = Set(unhandled)
        let traces = drafts.map { draft in
            CallbackTrace(
                type: draft.type,
                prompt: draft.original.prompt.map {
                    // A `prompt` labels the callback (handlers match on it); a `message` is the server's text.
                    draft.original.output("prompt") != nil
                        ? redactor.redact(label: $0, with: secrets) : redactor.redact($0, with: secrets)
                },
                answeredBy: draft.answeredBy,
                inputs: unanswered.contains(draft.index) ? [] : draft.inputTraces(redactor: redactor, with: secrets),
                notes: (Self.standingNotes(for: draft) + draft.notes).map {
                    ($0.key, redactor.redact($0.value, with: secrets))
                }, unanswered: unanswered.contains(draft.index))
        }
        let failures = unhandled.sorted().map { index in
            ExpectationFailure(
                UnhandledCallback(draft: drafts[index], layout: layout, selection: selection).message(
                    redactor: redactor),
                step: layout.number)
        }
        return StepAnswer(step: step, callbacks: traces, unhandled: failures, exitPolling: exitPolling)
    }

    /// Notes every callback of a kind gets, however it was answered.
    private static func standingNotes(for draft: CallbackDraft) -> [(key: String, value: String)] {
        var notes: [(key: String, value: String)] = []
        if let form = draft.form { notes.append(("form", form.summary)) }
        if let failed = FailedPolicies.note(for: draft.original) { notes.append(("failedPolicies", failed)) }
        if draft.type == CallbackType.pollingWait.wireName, let wait = draft.original.output("waitTime") {
            notes.append(("waitTime", "\(wait.displayText) ms"))
        }
        return notes
    }
}
