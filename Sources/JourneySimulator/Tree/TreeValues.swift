import JourneyCore

/// The values of a tree file read with their checks: numbers within their ``TreeRanges``, a
/// case of an enumeration (with a did-you-mean), a mapping that may be written empty.
struct TreeValues {
    let reader: YAMLReader

    /// The number of a declared integer key, checked against the key's range: from 1 (or 0, when
    /// the range starts there) to its end. `what` names the key in messages (default: its name).
    func integer(_ map: YMapping, _ key: KeyDeclaration, what: String? = nil) -> Int? {
        let range = key.integerRange ?? TreeRanges.count
        let what = what ?? key.name
        if range.lowerBound > 0 { return positiveInt(map[key.name], what, in: range) }
        return nonNegativeInt(map[key.name], what, in: range)
    }

    /// A number from 1 to the range's end (``TreeRanges``: every number of a tree has one).
    func positiveInt(_ node: YNode?, _ what: String, in range: ClosedRange<Int> = TreeRanges.count) -> Int? {
        guard let node, let value = node.int(what) else { return nil }
        guard value > 0 else {
            reader.error("\(what) must be greater than 0", at: node)
            return nil
        }
        guard range.contains(value) else {
            reader.error(
                "\(what) must be between \(range.lowerBound) and \(range.upperBound), found \(value)", at: node)
            return nil
        }
        return value
    }

    /// A number from 0 to the range's end.
    func nonNegativeInt(_ node: YNode?, _ what: String, in range: ClosedRange<Int> = TreeRanges.count) -> Int? {
        guard let node, let value = node.int(what) else { return nil }
        guard value >= 0 else {
            reader.error("\(what) must not be negative", at: node)
            return nil
        }
        guard value <= range.upperBound else {
            reader.error("\(what) must be between 0 and \(range.upperBound), found \(value)", at: node)
            return nil
        }
        return value
    }

    func enumValue<E: RawRepresentable & CaseIterable>(_ node: YNode?, _ type: E.Type, _ what: String) -> E?
    where E.RawValue == String {
        guard let node, let text = node.string(what) else { return nil }
        if let value = E(rawValue: text) { return value }
        let names = E.allCases.map(\.rawValue)
        reader.error(
            "\(what) must be one of: \(names.joined(separator: ", "))", at: node,
            hint: DidYouMean.hint(for: text, among: names))
        return nil
    }

    /// A mapping, or nothing for `{}` / an empty value.
    func optionalMapping(_ node: YNode, _ context: String) -> YMapping? {
        if node.isNull { return nil }
        return node.mapping(context)
    }

    /// The page text a node shows (`stage`, `header`, `description`; ``TreeParser/textKeys``).
    func pageText(_ map: YMapping) -> PageText {
        PageText(
            stage: map["stage"]?.string("stage"), header: map["header"]?.string("header"),
            description: map["description"]?.string("description"))
    }
}
