import Foundation
import JourneyCore
import JourneyFormat
import JourneyRecording
import JourneyReport
import JourneyRun
import Synchronization

/// Shows each step of a walk and asks the person for the answers, as handlers the runner's own
/// answerers then write: a typed value, a choice by label, a yes or no. What the runner answers by
/// itself (hidden values, polling, a device profile, a passkey) is offered as the default.
final class WalkAdvisor: StepAdvisor {
    let terminal: WalkTerminal
    /// Walking a simulator: a one-time code may be read from its outbox.
    let simulating: Bool
    /// Types answered by an empty handler, for the script (``WalkedScriptOptions/bareTypes``).
    let bareTypes = Mutex<Set<String>>([])
    /// A code was computed from a TOTP secret: the script reads the secret, not the code.
    let totpAnswered = Mutex(false)
    /// The steps shown so far.
    let stepsShown = Mutex(0)
    /// The `otpauth://` URI of the last OATH registration step and its step number, if any.
    let registration = Mutex<(uri: String, step: Int)?>(nil)
    /// A code was computed from that registration: the script captures its URI.
    let totpFromRegistration = Mutex(false)
    /// Why the walk stopped asking (input that ended early), for the command's exit code.
    let stop = Mutex<WalkStop?>(nil)

    init(terminal: WalkTerminal, simulating: Bool) {
        self.terminal = terminal
        self.simulating = simulating
    }

    var style: ConsoleStyle { terminal.style }

    func handlers(for step: AMStep, number: Int) async throws(RunError) -> [HandlerSpec] {
        do {
            return try await ask(step, number: number)
        } catch {
            stop.withLock { $0 = error }
            throw RunError(.script, error.description, step: number)
        }
    }

    private func ask(_ step: AMStep, number: Int) async throws(WalkStop) -> [HandlerSpec] {
        stepsShown.withLock { $0 += 1 }
        for callback in step.callbacks where callback.hasType(.hiddenValue) {
            if let value = callback.output("value")?.stringValue, value.lowercased().hasPrefix("otpauth://") {
                registration.withLock { $0 = (value, number) }
            }
        }
        var title = "Step \(number)"
        if let stage = step.stage, !stage.isEmpty { title += " · " + stage }
        if let header = step.header, !header.isEmpty { title += " · " + header }
        terminal.show("\n" + style.paint(title, .bold) + "\n")
        if let description = step.description, !description.isEmpty {
            terminal.show("  " + VisibleText.escaped(description) + "\n")
        }
        let forms = step.callbacks.map(SpecialForm.init)
        let webAuthn = forms.compactMap { $0 }.first(where: \.isWebAuthn)
        var handlers: [HandlerSpec] = []
        var seen: [String: Int] = [:]
        for (index, callback) in step.callbacks.enumerated() {
            seen[callback.type, default: 0] += 1
            let place = Place(type: callback.type, step: number, occurrence: seen[callback.type] ?? 1, index: index)
            if let form = forms[index] {
                if form.isWebAuthn {
                    handlers += try await askPasskey(form, place: place)
                } else {
                    show(callback, note: "\(form.summary): answered by the runner")
                }
                continue
            }
            if webAuthn != nil, callback.hasType(.hiddenValue) || callback.hasType(.textOutput) {
                continue  // The passkey's outcome and its script: the software authenticator answers.
            }
            if let handler = try await ask(callback, place: place, in: step) { handlers.append(handler) }
        }
        return handlers
    }

    /// Where a callback is: enough to match it alone in this step.
    struct Place {
        var type: String
        var step: Int
        var occurrence: Int
        var index: Int

        var location: SourceLocation { SourceLocation(file: "(walk)", line: step, column: index + 1) }

        func handler(_ answer: AnswerSpec) -> HandlerSpec {
            HandlerSpec(
                matcher: Matcher(type: Located(type, at: location), step: step, occurrence: occurrence),
                answer: answer, location: location)
        }

        func literal(_ json: JSONValue) -> ValueSpec { ValueSpec(.literal(json), at: location) }
    }

    func show(_ callback: AMCallback, note: String? = nil) {
        var line = "  " + VisibleText.escaped(callback.type)
        if let prompt = callback.prompt, !prompt.isEmpty { line += " \"" + VisibleText.escaped(prompt) + "\"" }
        if let note { line += " " + style.paint(note, .dim) }
        terminal.show(line + "\n")
    }

    /// The question for one callback, as a handler; nil when the runner answers it by itself.
    private func ask(_ callback: AMCallback, place: Place, in step: AMStep) async throws(WalkStop) -> HandlerSpec? {
        let type = CallbackType(wireName: callback.type)
        switch type {
        case .textOutput:
            showMessage(callback)
            return nil
        case .hiddenValue:
            show(
                callback,
                note:
                    "(hidden value \(VisibleText.escaped(callback.output("id")?.displayText ?? "")): sent back as received)"
            )
            return nil
        case .pollingWait:
            let seconds = (callback.output("waitTime")?.doubleValue ?? 0) / 1000
            show(callback, note: "(the runner waits \(Self.seconds(seconds)) s and asks again)")
            return nil
        case .confirmation where step.callbacks.contains(where: { $0.hasType(.pollingWait) }):
            show(callback, note: "(nothing chosen: keep waiting)")
            return nil
        case .deviceProfile:
            show(callback, note: "(the runner sends a device profile)")
            bareTypes.withLock { _ = $0.insert(callback.type) }
            return place.handler(AnswerSpec(location: place.location))
        case .name where Self.asksForACode(callback), .textInput where Self.asksForACode(callback):
            return try await askOneTimeCode(callback, place: place)
        case .reCaptcha, .reCaptchaEnterprise:
            return try await askReCaptcha(callback, place: place)
        case .selectIdP:
            return try await askSelectIdP(callback, place: place)
        case .deviceBinding, .deviceSigningVerifier, .appIntegrity:
            return try await askDeviceStep(callback, place: place)
        case .name, .textInput, .stringAttributeInput, .validatedCreateUsername, .password, .validatedCreatePassword:
            showPolicies(callback)
            return try await askText(callback, place: place)
        case .numberAttributeInput:
            return try await askNumber(callback, place: place)
        case .booleanAttributeInput:
            var answer = AnswerSpec(location: place.location)
            answer.value = place.literal(.bool(try await askYesNo(callback.prompt ?? callback.type, default: nil)))
            return place.handler(answer)
        case .choice, .confirmation:
            return try await askChoice(callback, place: place)
        case .kbaCreate:
            return try await askKba(callback, place: place)
        case .termsAndConditions, .consentMapping:
            showTerms(callback)
            var answer = AnswerSpec(location: place.location)
            let what = type == .termsAndConditions ? "Accept the terms?" : "Give consent?"
            answer.accept = Located(try await askYesNo(what, default: nil), at: place.location)
            return place.handler(answer)
        default:
            if !callback.hasInputs {
                show(callback)
                return nil
            }
            show(callback)
            throw cannotAsk(callback, place: place)
        }
    }

    private func showMessage(_ callback: AMCallback) {
        let message = callback.output("message")?.displayText ?? ""
        if callback.output("messageType")?.displayText == "4" {
            terminal.show("  " + style.paint("(a script for the browser, not shown)", .dim) + "\n")
            return
        }
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
            terminal.show("  " + VisibleText.escaped(String(line)) + "\n")
        }
    }

    private func showPolicies(_ callback: AMCallback) {
        let failed = (callback.output("failedPolicies")?.arrayValue ?? []).map(\.displayText)
        guard !failed.isEmpty else { return }
        let text = "the server refused the last answer: " + failed.joined(separator: ", ")
        terminal.show("  " + style.paint(VisibleText.escaped(text), .yellow) + "\n")
    }

    private func showTerms(_ callback: AMCallback) {
        let terms = (callback.output("terms") ?? callback.output("message"))?.displayText ?? ""
        show(callback)
        let lines = terms.split(separator: "\n").prefix(Self.termsLines)
        for line in lines { terminal.show("    " + VisibleText.escaped(String(line)) + "\n") }
        if terms.split(separator: "\n").count > Self.termsLines {
            terminal.show("    " + style.paint("…", .dim) + "\n")
        }
    }

    static let termsLines = 6

    /// A text input: as typed, or without echo when the input is a secret (a password, a one-time
    /// code, a KBA answer); a one-time code on the simulator may come from its outbox.
    private func askText(_ callback: AMCallback, place: Place) async throws(WalkStop) -> HandlerSpec {
        let secretName = CallbackCatalogue.secretName(forInputSuffix: "", in: callback)
        let label = Self.label(callback)
        var answer = AnswerSpec(location: place.location)
        if secretName == "otp", simulating {
            terminal.show("  " + style.paint("(Enter alone reads the code from the simulator's outbox)", .dim) + "\n")
            let typed = try await terminal.ask(label + style.paint(" (not shown)", .dim) + ": ", secret: true)
            if typed.isEmpty {
                let recipient = try await askNonEmpty("  Outbox of (e.g. alice@example.com): ")
                let escaped = ImportedText.escapingExpressions(recipient)
                guard let template = try? TemplateParser.parse(escaped, at: place.location) else {
                    throw WalkStop("cannot read '\(VisibleText.escaped(recipient))' as a recipient")
                }
                answer.value = ValueSpec(.outbox(recipient: template, field: "code"), secret: true, at: place.location)
                return place.handler(answer)
            }
            answer.value = place.literal(.string(typed))
            return place.handler(answer)
        }
        let secret = secretName != nil
        let typed = try await terminal.ask(
            label + (secret ? style.paint(" (not shown)", .dim) : "") + ": ", secret: secret)
        answer.value = place.literal(.string(typed))
        return place.handler(answer)
    }

    private func askNumber(_ callback: AMCallback, place: Place) async throws(WalkStop) -> HandlerSpec {
        while true {
            let typed = try await terminal.ask(Self.label(callback) + style.paint(" (a number)", .dim) + ": ")
            let trimmed = typed.trimmingCharacters(in: .whitespaces)
            var answer = AnswerSpec(location: place.location)
            if let whole = Int(trimmed) {
                answer.value = place.literal(.int(whole))
            } else if let number = Double(trimmed), number.isFinite {
                answer.value = place.literal(.double(number))
            } else {
                terminal.show("  " + style.paint("a number, please", .yellow) + "\n")
                continue
            }
            return place.handler(answer)
        }
    }

    /// A numbered menu: a number or a label picks the option; Enter alone the default, if any.
    private func askChoice(_ callback: AMCallback, place: Place) async throws(WalkStop) -> HandlerSpec {
        let labels = ((callback.output("choices") ?? callback.output("options"))?.arrayValue ?? []).map(\.displayText)
        let defaultIndex = (callback.output("defaultChoice") ?? callback.output("defaultOption"))?.intValue
        show(callback)
        for (index, label) in labels.enumerated() {
            let mark = index == defaultIndex ? style.paint(" (default)", .dim) : ""
            terminal.show("    \(index + 1)) " + VisibleText.escaped(label) + mark + "\n")
        }
        guard !labels.isEmpty else {
            throw WalkStop("\(VisibleText.escaped(callback.type)) offers no option to choose")
        }
        let hint = defaultIndex.map { " [\($0 + 1)]" } ?? ""
        while true {
            let typed = try await terminal.ask("  Choose 1-\(labels.count) or a label\(hint): ")
                .trimmingCharacters(in: .whitespaces)
            var chosen: Int?
            if typed.isEmpty {
                chosen = defaultIndex
            } else if let number = Int(typed), (1...labels.count).contains(number) {
                chosen = number - 1
            } else {
                chosen =
                    labels.firstIndex(of: typed) ?? labels.firstIndex(where: { $0.lowercased() == typed.lowercased() })
            }
            guard let index = chosen, labels.indices.contains(index) else {
                terminal.show("  " + style.paint("no such option", .yellow) + "\n")
                continue
            }
            var answer = AnswerSpec(location: place.location)
            // By label when the label names that option alone; else by its index.
            let selector: ChoiceSelector =
                labels.firstIndex(of: labels[index]) == index ? .label(labels[index]) : .index(index)
            answer.choose = Located(selector, at: place.location)
            return place.handler(answer)
        }
    }

    private func askKba(_ callback: AMCallback, place: Place) async throws(WalkStop) -> HandlerSpec {
        let questions = (callback.output("predefinedQuestions")?.arrayValue ?? []).map(\.displayText)
        let ownAllowed = callback.output("allowUserDefinedQuestions")?.boolValue ?? false
        show(callback)
        for (index, question) in questions.enumerated() {
            terminal.show("    \(index + 1)) " + VisibleText.escaped(question) + "\n")
        }
        var question = ""
        while question.isEmpty {
            let hint = ownAllowed ? "a number or your own question" : "1-\(questions.count)"
            let typed = try await terminal.ask("  Question (\(hint)): ").trimmingCharacters(in: .whitespaces)
            if let number = Int(typed), questions.indices.contains(number - 1) {
                question = questions[number - 1]
            } else if questions.contains(typed) || (ownAllowed && !typed.isEmpty) {
                question = typed
            } else {
                terminal.show("  " + style.paint("no such question", .yellow) + "\n")
            }
        }
        let typed = try await terminal.ask("  Answer" + style.paint(" (not shown)", .dim) + ": ", secret: true)
        var answer = AnswerSpec(location: place.location)
        answer.question = place.literal(.string(question))
        answer.answer = place.literal(.string(typed))
        return place.handler(answer)
    }

    /// A passkey step: the software authenticator answers (Enter), or the walk sends a client error.
    private func askPasskey(_ form: SpecialForm, place: Place) async throws(WalkStop) -> [HandlerSpec] {
        terminal.show("  " + VisibleText.escaped(form.typeName) + " " + style.paint("(\(form.summary))", .dim) + "\n")
        terminal.show(
            "  " + style.paint("(Enter alone: the software authenticator answers; or a client error)", .dim) + "\n")
        let typed = try await terminal.ask("  Client error (e.g. NotAllowedError) [none]: ")
            .trimmingCharacters(in: .whitespaces)
        var answer = AnswerSpec(location: place.location)
        if !typed.isEmpty {
            answer.clientError = place.literal(.string(typed))
        } else {
            bareTypes.withLock { _ = $0.insert(form.typeName) }
        }
        let location = place.location
        return [
            HandlerSpec(
                matcher: Matcher(type: Located(form.typeName, at: location), step: place.step), answer: answer,
                location: location)
        ]
    }

    private func askYesNo(_ question: String, default fallback: Bool?) async throws(WalkStop) -> Bool {
        let hint = fallback.map { $0 ? " [Y/n]" : " [y/N]" } ?? " [y/n]"
        while true {
            let typed = try await terminal.ask("  " + VisibleText.escaped(question) + hint + ": ")
                .trimmingCharacters(in: .whitespaces).lowercased()
            if typed.isEmpty, let fallback { return fallback }
            if ["y", "yes", "true"].contains(typed) { return true }
            if ["n", "no", "false"].contains(typed) { return false }
            terminal.show("  " + style.paint("yes or no, please", .yellow) + "\n")
        }
    }

    func askNonEmpty(_ prompt: String) async throws(WalkStop) -> String {
        while true {
            let typed = try await terminal.ask(prompt).trimmingCharacters(in: .whitespaces)
            if !typed.isEmpty { return typed }
        }
    }

    /// A text input whose prompt asks for a one-time code ("Enter verification code").
    static func asksForACode(_ callback: AMCallback) -> Bool {
        CallbackCatalogue.looksLikeOneTimeCode(callback.prompt ?? "")
    }

    /// `  NameCallback "User Name"`: the question for a callback's one input.
    static func label(_ callback: AMCallback) -> String {
        let prompt = callback.prompt.flatMap { $0.isEmpty ? nil : $0 }
        return "  " + VisibleText.escaped(callback.type) + (prompt.map { " \"" + VisibleText.escaped($0) + "\"" } ?? "")
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
