import Foundation
import Yams

/// A YAML node that knows where it is and reports type errors to its reader.
package struct YNode {
    package let node: Yams.Node
    package let reader: YAMLReader

    init(_ node: Yams.Node, reader: YAMLReader) {
        self.node = node
        self.reader = reader
    }

    package var location: SourceLocation { reader.location(node.mark) }

    /// The YAML 1.1 core type of the node (`str`, `int`, `bool`...). The reader composes with
    /// Yams' basic resolver and types plain scalars here: Yams' default resolver runs several
    /// regular expressions on every tag lookup, which was most of `lint`'s time.
    var tagName: Tag.Name {
        guard let scalar = node.scalar else { return node.mapping != nil ? .map : .seq }
        guard scalar.style == .plain else { return .str }
        return ScalarTyping.tag(of: scalar.string)
    }

    /// The caret width for this node: a scalar's text, or 1.
    package var caretLength: Int {
        if let scalar = node.scalar { return max(1, scalar.string.unicodeScalars.count) }
        return 1
    }

    /// True for a plain scalar YAML types as an integer (`3`, not `"3"`).
    package var isIntegerScalar: Bool { node.scalar != nil && tagName == .int }

    package var isNull: Bool {
        guard let scalar = node.scalar, scalar.style == .plain else { return false }
        return scalar.string.isEmpty || ScalarTyping.tag(of: scalar.string) == .null
    }

    package var isMapping: Bool { node.mapping != nil }
    package var isSequence: Bool { node.sequence != nil }
    package var isScalar: Bool { node.scalar != nil }

    /// What the node is, for messages: "a mapping", "a list", "a string", "a number"...
    package var kindDescription: String {
        if node.mapping != nil { return "a mapping" }
        if node.sequence != nil { return "a list" }
        if isNull { return "nothing (null)" }
        switch tagName {
        case .bool: return "a boolean"
        case .int, .float: return "a number"
        default: return "a string"
        }
    }

    /// The raw text of a scalar (whatever its type), or nil.
    package var scalarText: String? { node.scalar?.string }

    /// True for a scalar that is a string: quoted, or plain text YAML does not type as a number,
    /// a boolean or null.
    package var isStringScalar: Bool {
        // One look at the scalar: a quoted one is a string, a plain one is what its text types as
        // (an empty plain scalar types as null, not as a string). Every value of a script asks this.
        guard let scalar = node.scalar else { return false }
        return scalar.style != .plain || ScalarTyping.tag(of: scalar.string) == .str
    }

    package func mapping(_ what: String = "this") -> YMapping? {
        guard let mapping = node.mapping else {
            reader.error("\(what) must be a mapping, found \(kindDescription)", at: self)
            return nil
        }
        return YMapping(mapping, node: self)
    }

    package func sequence(_ what: String = "this") -> [YNode]? {
        guard let sequence = node.sequence else {
            reader.error("\(what) must be a list, found \(kindDescription)", at: self)
            return nil
        }
        return sequence.map { YNode($0, reader: reader) }
    }

    /// A string; numbers and booleans are accepted as their text, since YAML users write `code: 1234`.
    package func string(_ what: String = "this") -> String? {
        guard let scalar = node.scalar, !isNull else {
            reader.error("\(what) must be a string, found \(kindDescription)", at: self)
            return nil
        }
        return scalar.string
    }

    /// A string only when the YAML text is string-typed (quoted or a plain word).
    package func strictString(_ what: String = "this") -> String? {
        guard isStringScalar, let text = scalarText else {
            reader.error("\(what) must be a string, found \(kindDescription)", at: self)
            return nil
        }
        return text
    }

    package func int(_ what: String = "this") -> Int? {
        let tag = tagName
        guard node.scalar != nil, tag == .int || tag == .str, let value = ScalarTyping.int(scalarText ?? "")
        else {
            reader.error("\(what) must be a whole number, found \(kindDescription)", at: self)
            return nil
        }
        return value
    }

    package func double(_ what: String = "this") -> Double? {
        let tag = tagName
        guard node.scalar != nil, tag == .int || tag == .float,
            let value = ScalarTyping.double(scalarText ?? "")
        else {
            reader.error("\(what) must be a number, found \(kindDescription)", at: self)
            return nil
        }
        return value
    }

    package func bool(_ what: String = "this") -> Bool? {
        guard node.scalar != nil, tagName == .bool, let value = ScalarTyping.bool(scalarText ?? "") else {
            reader.error("\(what) must be true or false, found \(kindDescription)", at: self)
            return nil
        }
        return value
    }

    /// A string or a list of strings, as a list.
    package func stringList(_ what: String = "this") -> [String]? {
        if node.sequence != nil {
            let items = sequence(what) ?? []
            let strings = items.compactMap { $0.string("each item of \(what)") }
            return strings.count == items.count ? strings : nil
        }
        return string(what).map { [$0] }
    }

    /// The node as JSON: mappings become objects, lists arrays, scalars typed by YAML's core schema.
    package var json: JSONValue {
        if let mapping = node.mapping {
            var object: [String: JSONValue] = [:]
            for (key, value) in mapping {
                object[key.string ?? key.scalar?.string ?? ""] = YNode(value, reader: reader).json
            }
            return .object(object)
        }
        if let sequence = node.sequence {
            return .array(sequence.map { YNode($0, reader: reader).json })
        }
        if isNull { return .null }
        switch tagName {
        case .bool: return ScalarTyping.bool(scalarText ?? "").map(JSONValue.bool) ?? .string(scalarText ?? "")
        case .int: return ScalarTyping.int(scalarText ?? "").map(JSONValue.int) ?? .string(scalarText ?? "")
        case .float: return ScalarTyping.double(scalarText ?? "").map(JSONValue.double) ?? .string(scalarText ?? "")
        default: return .string(scalarText ?? "")
        }
    }
}

/// A YAML mapping with string keys, in file order.
package struct YMapping {
    package struct Entry {
        package let key: String
        package let keyNode: YNode
        package let value: YNode
    }

    package let entries: [Entry]
    package let node: YNode

    init(_ mapping: Yams.Node.Mapping, node: YNode) {
        self.node = node
        self.entries = mapping.map { key, value in
            Entry(
                key: key.scalar?.string ?? "",
                keyNode: YNode(key, reader: node.reader),
                value: YNode(value, reader: node.reader))
        }
    }

    package var keys: [String] { entries.map(\.key) }
    package var isEmpty: Bool { entries.isEmpty }

    package subscript(key: String) -> YNode? { entry(key)?.value }

    /// The entry of `key` (its key's node, for a message about the key itself), if the mapping has it.
    package func entry(_ key: String) -> Entry? { entries.first(where: { $0.key == key }) }

    package func has(_ key: String) -> Bool { self[key] != nil }

    /// Reports every key not in `allowed`, with a "did you mean" for near misses.
    package func allowOnly(_ allowed: [String], in context: String) {
        for entry in entries where !allowed.contains(entry.key) {
            node.reader.error(
                "unknown key '\(entry.key)' in \(context)", at: entry.keyNode,
                hint: DidYouMean.hint(for: entry.key, among: allowed)
                    ?? "expected one of: \(allowed.joined(separator: ", "))")
        }
    }

    /// The value of a key that must be present; reports its absence at the mapping.
    package func required(_ key: String, in context: String) -> YNode? {
        if let value = self[key] { return value }
        node.reader.error("missing required key '\(key)' in \(context)", at: node.location)
        return nil
    }
}
