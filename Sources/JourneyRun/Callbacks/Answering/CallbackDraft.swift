import Foundation
import JourneyCore

/// One callback while it is being answered: the callback with the input values written so
/// far, which of those inputs hold secrets, and the notes and attribution for its trace.
package struct CallbackDraft: Sendable {
    /// The callback as received.
    let original: AMCallback
    /// The callback with the answers written so far; only input values ever change.
    private(set) var callback: AMCallback
    /// 0-based position in the step.
    let index: Int
    /// The special form recognised in it, if any.
    let form: SpecialForm?
    /// Input name → secret placeholder name, for every input written with a secret.
    private(set) var secretInputs: [String: String] = [:]
    /// Facts shown in the trace (site key, failed policies, client error...).
    var notes: [(key: String, value: String)] = []
    /// Who answered: a handler label or a `built-in: …` text. `nil` while unanswered.
    var answeredBy: String?
    /// Answers a special form sends through its paired HiddenValueCallbacks.
    var pairedWrites: [PairedWrite] = []
    /// Set by a PollingWaitCallback handler that takes the "Exit" option.
    var exitRequested = false
    /// The inputs an answer wrote (the others are as received), for an SDK profile's rules.
    private(set) var writtenInputs: Set<String> = []
    /// Set by an SDK profile whose SDK leaves this callback out of the request it posts.
    var omittedFromRequest = false
    /// The input a handler's `input:` names for the callback's main answer, if it names one.
    var mainInput: String?

    init(_ callback: AMCallback, index: Int) {
        self.original = callback
        self.callback = callback
        self.index = index
        self.form = SpecialForm(callback)
    }

    var type: String { callback.type }

    /// `ChoiceCallback (prompt "SecondFactorChoice")`, `MetadataCallback (WebAuthn registration)`: the callback in messages.
    var subject: String {
        if let form { return "\(VisibleText.escaped(type)) (\(form.summary))" }
        if let prompt = original.prompt, !prompt.isEmpty {
            return "\(VisibleText.escaped(type)) (prompt \"\(Self.shortened(prompt))\")"
        }
        if type == CallbackType.hiddenValue.wireName, let id = original.output("id")?.stringValue {
            return "\(VisibleText.escaped(type)) (id \"\(Self.shortened(id))\")"
        }
        return VisibleText.escaped(type)
    }

    /// The input names, for messages.
    var inputNames: [String] { (callback.input ?? []).map(\.name) }

    /// The input a script names, in full (`IDToken1token`) or by suffix (`token`); an error that
    /// lists the callback's inputs when there is none.
    func inputName(named name: String, _ context: AnswerContext) throws(RunError) -> String {
        guard let inputName = inputNames.first(where: { $0 == name }) ?? self.inputName(suffix: name) else {
            throw context.error("\(subject) has no input '\(name)'; inputs: \(inputNames.joined(separator: ", "))")
        }
        return inputName
    }

    /// True when the callback has an input with this suffix (`""` is the main input).
    func hasInput(suffix: String) -> Bool { inputName(suffix: suffix) != nil }

    /// The current value of the input with this suffix.
    func inputValue(suffix: String) -> JSONValue? {
        guard let name = inputName(suffix: suffix) else { return nil }
        return callback.input?.first(where: { $0.name == name })?.value
    }

    /// The input with this suffix after `IDToken<N>`, or named so (`token`). The main input (`""`)
    /// is the one the handler's `input:` names, else the bare `IDToken<N>`; when no input is named
    /// `IDToken…`, it is the first, as ping-ios fills a callback's inputs by position
    /// (JourneyPlugin/JourneyPlugin/AbstractCallback.swift, `input(_:)`).
    func inputName(suffix: String) -> String? {
        if suffix.isEmpty, let mainInput { return mainInput }
        if let name = callback.inputName(suffix: suffix) { return name }
        guard suffix.isEmpty, let inputs = callback.input,
            !inputs.contains(where: { $0.name.utf8.starts(with: "IDToken".utf8) })
        else { return nil }
        return inputs.first?.name
    }

    /// Writes `value` into the input with `suffix`. A secret is registered with `redactor`
    /// before anything can show it. Throws when the callback has no such input.
    mutating func write(
        _ value: JSONValue, suffix: String, secretName: String? = nil, redactor: Redactor, context: AnswerContext
    ) throws(RunError) {
        guard let name = inputName(suffix: suffix) else {
            let wanted = suffix.isEmpty ? "IDToken<N>" : "IDToken<N>\(suffix)"
            let inputs = inputNames.isEmpty ? "none" : inputNames.joined(separator: ", ")
            throw context.error("\(subject) has no \(wanted) input; inputs: \(inputs)")
        }
        write(value, inputNamed: name, secretName: secretName, redactor: redactor)
    }

    /// Writes `value` into the input at `position` (from 0), whatever its name, as an SDK that
    /// rebuilds the inputs by position does. Throws, naming `rule`, when the callback has no such input.
    mutating func write(
        _ value: JSONValue, position: Int, secretName: String? = nil, rule: String, context: AnswerContext
    ) throws(RunError) {
        let names = inputNames
        guard names.indices.contains(position) else {
            let inputs = names.isEmpty ? "none" : names.joined(separator: ", ")
            throw context.error("\(subject) has no input \(position + 1): \(rule); inputs: \(inputs)")
        }
        write(value, inputNamed: names[position], secretName: secretName, redactor: context.redactor)
    }

    /// Writes `value` into the input named exactly `name` (which must exist).
    mutating func write(_ value: JSONValue, inputNamed name: String, secretName: String?, redactor: Redactor) {
        if let secretName {
            redactor.register(value.displayText, name: secretName)
            secretInputs[name] = secretName
        } else {
            secretInputs[name] = nil
        }
        callback.setInput(name, to: value)
        writtenInputs.insert(name)
    }

    /// Drops every input an answer did not write (an SDK that posts only the inputs the app set).
    mutating func keepOnlyWrittenInputs() {
        callback.input = callback.input?.filter { writtenInputs.contains($0.name) }
    }

    /// Keeps the first `count` inputs (an SDK that rebuilds the inputs by position from fewer values).
    mutating func keepFirstInputs(_ count: Int) {
        callback.input = callback.input.map { Array($0.prefix(count)) }
    }

    /// Puts every input back as received.
    mutating func restoreInputs() {
        callback = original
        secretInputs = [:]
        writtenInputs = []
    }

    /// The inputs as the trace shows them: secrets as their placeholder, everything else redacted
    /// text (`secrets`: the redactor's snapshot, one for the whole step).
    func inputTraces(redactor: Redactor, with secrets: Redactor.Secrets) -> [InputTrace] {
        let choice = choiceInput
        return (callback.input ?? []).map { input in
            if let secret = secretInputs[input.name] {
                return InputTrace(name: input.name, value: Redactor.placeholder(secret), redacted: true)
            }
            let text = input.value.displayText
            let shown = redactor.redact(text, with: secrets)
            var label: String?
            if input.name == choice, let index = input.value.intValue {
                let labels = ChoiceAnswerer.optionLabels(of: original)
                if labels.indices.contains(index) { label = redactor.redact(labels[index], with: secrets) }
            }
            return InputTrace(name: input.name, value: shown, redacted: shown != text, label: label)
        }
    }

    /// The input holding a ChoiceCallback's or ConfirmationCallback's chosen index, if this is one.
    private var choiceInput: String? {
        guard CallbackRegistry.definition(wireName: type)?.choicesOutput != nil else { return nil }
        return callback.inputName(suffix: "")
    }

    /// Server text on one line, escaped (control characters never raw), cut to 80 characters.
    private static func shortened(_ text: String) -> String {
        let oneLine = VisibleText.escaped(text.replacingOccurrences(of: "\n", with: " "))
        return oneLine.count > 80 ? String(oneLine.prefix(77)) + "..." : oneLine
    }
}

/// A value a special form sends through the paired HiddenValueCallback whose `id` contains `hiddenId`.
struct PairedWrite: Sendable, Hashable {
    var hiddenId: String
    var value: String
    var secretName: String?
}
