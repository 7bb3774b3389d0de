import JourneyCore

/// A callback received in a step and how it was answered.
public struct CallbackTrace: Sendable {
    public var type: String
    package var prompt: String?
    /// Which handler answered, e.g. `handler #2 (ChoiceCallback, prompt /factor/i) at login.yaml:14:5`,
    /// or `built-in: echo` for defaults.
    package var answeredBy: String?
    package var inputs: [InputTrace]
    /// An input callback no handler answered (the run stopped there): it has no inputs to show.
    package var unanswered: Bool
    /// Facts worth showing: reCAPTCHA site key, action, payload, client error; failedPolicies; polling wait.
    public var notes: [(key: String, value: String)]

    package init(
        type: String, prompt: String?, answeredBy: String?, inputs: [InputTrace],
        notes: [(key: String, value: String)] = [], unanswered: Bool = false
    ) {
        self.type = type
        self.prompt = prompt.map(Self.capped)
        self.answeredBy = answeredBy
        self.inputs = inputs
        self.notes = notes
        self.unanswered = unanswered
    }

    /// Characters of a prompt a trace keeps: a server's text, shown on one line, and part of the
    /// run's bounded memory (a longer one is cut, saying how much was left out).
    static let maxPromptCharacters = 2048

    static func capped(_ prompt: String) -> String {
        guard prompt.utf8.count > maxPromptCharacters, prompt.count > maxPromptCharacters else { return prompt }
        let kept = prompt.prefix(maxPromptCharacters)
        return kept + "…[\(prompt.count - kept.count) characters not kept]"
    }
}
