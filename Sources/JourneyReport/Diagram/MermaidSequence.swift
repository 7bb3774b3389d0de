import Foundation

/// A ``SequenceDiagram`` as Mermaid `sequenceDiagram` text, for a Markdown viewer to draw.
///
/// Participants get identifiers of the renderer's own (`C`, `P1`...); every text taken from a
/// run is written after `as` or after the message's `:`, where Mermaid reads to the end of the
/// line, and only `#`, `;` and the line break end it there. Those, and the characters Mermaid or
/// its HTML output would read as markup (`< > & " % \``), are written as Mermaid's entity codes
/// (`#59;`), so a label such as `a;b -->> C: x` stays one label.
package enum MermaidSequence {
    package static func render(_ diagram: SequenceDiagram) -> String {
        var lines = ["sequenceDiagram"]
        for participant in diagram.participants {
            let name = participant.detail.isEmpty ? participant.title : "\(participant.title) · \(participant.detail)"
            lines.append("    participant \(participant.id) as \(escaped(name))")
        }
        for event in diagram.events {
            switch event {
            case .message(let message):
                guard diagram.participants.indices.contains(message.from),
                    diagram.participants.indices.contains(message.to)
                else { continue }
                let from = diagram.participants[message.from].id
                let to = diagram.participants[message.to].id
                let mark = message.failed ? "✗ " : ""
                lines.append("    \(from)\(arrow(message))\(to): \(escaped(mark + message.label))")
            case .note(let note):
                guard diagram.participants.indices.contains(note.first),
                    diagram.participants.indices.contains(note.last)
                else { continue }
                let span =
                    note.first == note.last
                    ? diagram.participants[note.first].id
                    : "\(diagram.participants[note.first].id),\(diagram.participants[note.last].id)"
                lines.append("    Note over \(span): \(escaped(note.text))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `->>` a request, `-->>` a response, `-x` a request that got no response, `--x` a failed response.
    static func arrow(_ message: SequenceDiagram.Message) -> String {
        switch (message.isResponse, message.lost || message.failed) {
        case (false, false): return "->>"
        case (false, true): return "-x"
        case (true, false): return "-->>"
        case (true, true): return "--x"
        }
    }

    /// `text` with the characters that end a Mermaid text or read as markup written as `#N;`.
    /// The text is already on one line (``DiagramText``); a line break is still written out.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "#", ";", "<", ">", "&", "\"", "%", "`", "\\", "{", "}", "¶", "\n", "\r":
                result += "#\(scalar.value);"
            default:
                if scalar.properties.generalCategory == .control {
                    continue
                }
                result.unicodeScalars.append(scalar)
            }
        }
        // Mermaid trims a label: a text that is only spaces would vanish, and `Note over C:` with nothing fails.
        return result.trimmingCharacters(in: .whitespaces).isEmpty ? "-" : result
    }
}
