import JourneyCore
import JourneyRun

/// The lines for the callbacks a step received and how they were answered, e.g.
/// `NameCallback "User Name" ← demo`.
struct ConsoleCallbacks {
    var style: ConsoleStyle
    var verbose: Bool

    /// Note values longer than this are cut in the normal view (never in verbose).
    static let noteLimit = 80

    func lines(for callback: CallbackTrace) -> [String] {
        var line = callback.type
        if let prompt = callback.prompt, !prompt.isEmpty { line += " \"\(prompt)\"" }
        if callback.unanswered {
            line += " (not answered)"
        } else if let answer = Self.answer(callback.inputs) {
            line += " ← \(answer)"
        }
        var lines = [VisibleText.escaped(line)]
        if !callback.notes.isEmpty {
            let notes = callback.notes.map { "\($0.key)=\(verbose ? $0.value : Self.cut($0.value))" }
            lines.append("  " + style.paint(notes.joined(separator: " "), .dim))
        }
        if verbose, let by = callback.answeredBy {
            lines.append("  " + style.paint("answered by \(by)", .dim))
        }
        return lines
    }

    /// What was sent: the value alone for one input, `name=value` pairs for several, with the
    /// shared `IDTokenN` prefix left out (`token=«recaptcha» action=login`). `nil` without inputs.
    static func answer(_ inputs: [InputTrace]) -> String? {
        guard let first = inputs.first else { return nil }
        if inputs.count == 1 { return display(first) }
        let prefix = sharedTokenPrefix(inputs.map(\.name))
        return inputs.map { input in
            let name = prefix.map { String(input.name.dropFirst($0.count)) } ?? input.name
            return "\(name)=\(display(input))"
        }.joined(separator: " ")
    }

    /// The value, `""` when empty (so it is visible), and a chosen option's label: `1 (SMS)`.
    static func display(_ input: InputTrace) -> String {
        let value = input.value.isEmpty ? "\"\"" : input.value
        return input.label.map { "\(value) (\($0))" } ?? value
    }

    /// The `IDTokenN` prefix every name starts with and none equals, if any.
    static func sharedTokenPrefix(_ names: [String]) -> String? {
        guard let first = names.first, first.hasPrefix("IDToken") else { return nil }
        let digits = first.dropFirst("IDToken".count).prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        let prefix = "IDToken" + digits
        let shared = names.allSatisfy { name in
            guard name.hasPrefix(prefix), name.count > prefix.count else { return false }
            let next = name[name.index(name.startIndex, offsetBy: prefix.count)]
            return !(next.isASCII && next.isNumber)
        }
        return shared ? prefix : nil
    }

    static func cut(_ value: String) -> String {
        value.count > noteLimit ? value.prefix(noteLimit - 1) + "…" : value
    }
}
