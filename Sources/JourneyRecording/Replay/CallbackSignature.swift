import Foundation
import JourneyCore
import JourneyRun

/// What identifies a callback across runs: its type, prompt, input names, a HiddenValueCallback's
/// `id`, a MetadataCallback's `data._type` / `data._action`. Never values that change every run
/// (authId, challenges, nonces, timestamps).
package struct CallbackSignature: Sendable, Hashable, CustomStringConvertible {
    package var type: String
    package var prompt: String?
    package var inputNames: [String]
    package var hiddenId: String?
    package var metadataType: String?
    package var metadataAction: String?

    package init(_ callback: AMCallback) {
        type = callback.type
        prompt = callback.prompt
        inputNames = (callback.input ?? []).map(\.name)
        hiddenId = callback.hasType(.hiddenValue) ? callback.output("id")?.stringValue : nil
        if callback.hasType(.metadata), let data = callback.output("data") {
            metadataType = data["_type"]?.stringValue
            metadataAction = data["_action"]?.stringValue
        }
    }

    /// `PasswordCallback "Password" [IDToken2]`, `HiddenValueCallback id=webAuthnOutcome`.
    package var description: String {
        var text = type
        if let prompt { text += " \"\(prompt)\"" }
        if let hiddenId { text += " id=\(hiddenId)" }
        if let metadataType { text += " _type=\(metadataType)" }
        if let metadataAction { text += " _action=\(metadataAction)" }
        if !inputNames.isEmpty { text += " [\(inputNames.joined(separator: ", "))]" }
        return text
    }

    /// The first way `other` differs, as a phrase (`prompt "Password" became "PIN"`); nil when equal.
    package func difference(from other: CallbackSignature) -> String? {
        if type != other.type { return "type \(type) became \(other.type)" }
        if prompt != other.prompt { return "prompt \(Self.quote(prompt)) became \(Self.quote(other.prompt))" }
        if inputNames != other.inputNames {
            return "inputs [\(inputNames.joined(separator: ", "))] became [\(other.inputNames.joined(separator: ", "))]"
        }
        if hiddenId != other.hiddenId { return "id \(Self.quote(hiddenId)) became \(Self.quote(other.hiddenId))" }
        if metadataType != other.metadataType {
            return "_type \(Self.quote(metadataType)) became \(Self.quote(other.metadataType))"
        }
        if metadataAction != other.metadataAction {
            return "_action \(Self.quote(metadataAction)) became \(Self.quote(other.metadataAction))"
        }
        return nil
    }

    static func quote(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "none" }
}

/// The structure of one step a server sent: its callbacks' signatures and stage; or how the journey ended.
package enum StepShape: Sendable, Hashable, CustomStringConvertible {
    case callbacks([CallbackSignature], stage: String?)
    /// `success`, `failure 401`, `timeout`...
    case end(String)
    /// The response is not an AM body (HTML, empty, a 5xx).
    case other(Int)

    package init(status: Int, json: JSONValue?) {
        self.init(status: status, body: json.flatMap { AMResponseBody(status: status, json: $0) })
    }

    /// The shape of a recorded response, from the AM body read when the recording was loaded.
    package init(_ exchange: RecordedExchange) {
        self.init(status: exchange.status, body: exchange.amResponse)
    }

    init(status: Int, body: AMResponseBody?) {
        guard let body else {
            self = .other(status)
            return
        }
        switch body {
        case .step(let step): self = .callbacks(step.callbacks.map(CallbackSignature.init), stage: step.stage)
        case .success: self = .end("success")
        case .failure(let error): self = .end(error.isSessionTimeout ? "timeout" : "failure \(error.code)")
        }
    }

    package var description: String {
        switch self {
        case .callbacks(let callbacks, let stage):
            return "[\(callbacks.map(\.type).joined(separator: ", "))]" + (stage.map { " stage \($0)" } ?? "")
        case .end(let outcome): return outcome
        case .other(let status): return "HTTP \(status) (not an AM body)"
        }
    }

    /// The first way `other` differs (nil when the structure is the same).
    package func difference(from other: StepShape) -> String? {
        switch (self, other) {
        case (.callbacks(let mine, let myStage), .callbacks(let theirs, let theirStage)):
            if mine.map(\.type) != theirs.map(\.type) { return "callbacks \(self) became \(other)" }
            for (index, (a, b)) in zip(mine, theirs).enumerated() {
                if let change = a.difference(from: b) { return "callback \(index + 1) (\(a.type)): \(change)" }
            }
            if myStage != theirStage {
                return "stage \(CallbackSignature.quote(myStage)) became \(CallbackSignature.quote(theirStage))"
            }
            return nil
        default:
            return self == other ? nil : "\(self) became \(other)"
        }
    }
}

/// A callback's input values as a replay compares them: secrets as their placeholder.
enum InputValues {
    /// `(input name, value text)` for each input of `callback`. With `catalogue`, inputs the
    /// catalogue knows to be secret (passwords, OTPs, tokens) become their placeholder, as a
    /// recording from another tool holds them raw; `redact` hides the run's own secrets (a run
    /// registers every secret input it writes, so its side needs no catalogue lookup).
    static func of(_ callback: AMCallback, catalogue: Bool = true, redact: (String) -> String) -> [(
        name: String, value: String
    )] {
        (callback.input ?? []).map { input in
            let suffix = AMCallback.suffix(of: input.name)
            let text = input.value.displayText
            if catalogue, !text.isEmpty, let secret = CallbackCatalogue.secretName(forInputSuffix: suffix, in: callback)
            {
                return (input.name, Placeholder.isWhole(text) ? text : Redactor.placeholder(secret))
            }
            return (input.name, redact(text))
        }
    }

    /// Values match when equal, or when either is a placeholder: a secret is never compared.
    /// A placeholder inside a value (`«code»@example.com`, `{"answer":"-«pin»"}`) stands for any
    /// text there: one side may know a secret the other did not (`withPlaceholders`).
    static func match(_ sent: String, _ recorded: String) -> Bool {
        sent == recorded || Placeholder.isWhole(sent) || Placeholder.isWhole(recorded)
            || Placeholder.matches(sent, withPlaceholders: recorded)
            || Placeholder.matches(recorded, withPlaceholders: sent)
    }
}
