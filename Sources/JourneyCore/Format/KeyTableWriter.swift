/// Writes declared mappings as Markdown tables for the docs, and puts generated text between the
/// docs' markers: `<!-- generated: NAME -->` … `<!-- end generated -->`.
package enum KeyTableWriter {
    /// A table of `mapping`'s keys: name, type, default (or "required", as written: a value or
    /// words), doc. `definitions` name
    /// the `.defined` values the table may meet, so it shows their type instead of their name.
    package static func table(
        _ mapping: MappingDeclaration, keyHeader: String = "key", definitions: [String: ValueDeclaration] = [:]
    ) -> String {
        var lines = ["| \(keyHeader) | type | default | what it does |", "|---|---|---|---|"]
        for key in mapping.keys {
            let defaultText = key.isRequired ? "required" : key.defaultText ?? ""
            let cells = ["`\(key.name)`", typeText(key.value, definitions: definitions), defaultText, key.doc]
            lines.append("| " + cells.map(cell).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value's type as a docs table shows it: "integer 1–300", "list of string".
    package static func typeText(_ value: ValueDeclaration, definitions: [String: ValueDeclaration] = [:]) -> String {
        switch value {
        case .string(let rule):
            var text = rule.minLength == 1 && rule.maxLength == nil ? "non-empty string" : "string"
            if let minLength = rule.minLength, let maxLength = rule.maxLength {
                text += " of \(minLength)–\(maxLength) characters"
            } else if let minLength = rule.minLength, minLength > 1 {
                text += " of \(minLength) or more characters"
            }
            if let pattern = rule.pattern { text += " matching `\(pattern)`" }
            return text
        case .strings(let names): return names.map { "`\($0)`" }.joined(separator: " or ")
        case .constant(let constant): return "`\(constant.scalarDescription)`"
        case .integer(let range): return "integer \(range.lowerBound)–\(range.upperBound)"
        case .number(let range): return range.map { "number \($0.lowerBound)–\($0.upperBound)" } ?? "number"
        case .bool: return "boolean"
        case .scalar: return "string, number or boolean"
        case .textOrNumber: return "string or number"
        case .null: return "nothing"
        case .seconds(let maximum):
            return "seconds or a duration (`30s`, `500ms`, `2m`) up to \(durationText(maximum))"
        case .list(let item, _): return "list of \(typeText(item, definitions: definitions))"
        case .mapping: return "mapping"
        case .map(let item, _): return "name → \(typeText(item, definitions: definitions))"
        case .oneOf(let alternatives), .anyOf(let alternatives):
            return alternatives.map { typeText($0, definitions: definitions) }.joined(separator: " or ")
        case .json: return "any JSON"
        case .object: return "mapping"
        case .defined(let name):
            if let definition = definitions[name] { return typeText(definition, definitions: definitions) }
            return name
        }
    }

    /// `text` with each generated section replaced by `sections[name]`. Throws when a section has
    /// no end marker, when the text names a section not given, or when a given one is missing.
    package static func replacingGeneratedSections(in text: String, with sections: [String: String]) throws
        -> String
    {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        var found: Set<String> = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            out.append(line)
            index += 1
            guard let name = sectionName(line) else { continue }
            guard let body = sections[name] else { throw GeneratedSectionError.unknown(name) }
            guard let end = lines[index...].firstIndex(of: endMarker) else { throw GeneratedSectionError.unended(name) }
            found.insert(name)
            out.append(
                contentsOf: body.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
            out.append(endMarker)
            index = end + 1
        }
        if let missing = Set(sections.keys).subtracting(found).sorted().first {
            throw GeneratedSectionError.missing(missing)
        }
        return out.joined(separator: "\n")
    }

    /// `3600` as `1h`, `86400` as `24h`, other values in seconds.
    private static func durationText(_ seconds: Double) -> String {
        seconds.truncatingRemainder(dividingBy: 3_600) == 0 ? "\(Int(seconds / 3_600))h" : "\(Int(seconds))s"
    }

    package static let endMarker = "<!-- end generated -->"

    /// The name of a `<!-- generated: NAME -->` line, or nil.
    private static func sectionName(_ line: String) -> String? {
        let prefix = "<!-- generated: "
        let suffix = " -->"
        guard line.hasPrefix(prefix), line.hasSuffix(suffix), line.count > prefix.count + suffix.count else {
            return nil
        }
        return String(line.dropFirst(prefix.count).dropLast(suffix.count))
    }

    private static func cell(_ text: String) -> String {
        String(text.flatMap { $0 == "|" ? ["\\", "|"] : [$0] })
    }
}

/// A docs file whose generated sections do not match what is generated for it.
package enum GeneratedSectionError: Error, CustomStringConvertible, Equatable {
    case unknown(String)
    case unended(String)
    case missing(String)

    package var description: String {
        switch self {
        case .unknown(let name): "<!-- generated: \(name) --> names no generated section"
        case .unended(let name): "<!-- generated: \(name) --> has no \(KeyTableWriter.endMarker) after it"
        case .missing(let name): "no <!-- generated: \(name) --> marker: the section has nowhere to go"
        }
    }
}

extension JSONValue {
    /// A scalar as a table shows it: text bare, other values as JSON.
    fileprivate var scalarDescription: String {
        if case .string(let text) = self { return text }
        return JSONWriter.pretty(self)
    }
}
