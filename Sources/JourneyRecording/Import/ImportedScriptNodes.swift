import Synchronization
import Yams

/// The shapes of YAML node the importer writes a script with (see `ScriptImporter`).
extension Node {
    /// A scalar written as is (`NameCallback`, `3`, `true`); Yams quotes it when it must.
    /// Only for the importer's own literals: recorded text could read back as a bool or a number.
    static func plain(_ text: String) -> Node { Node(text, .implicit, .any) }

    /// Text from the recording (a callback type, an input or variable name): plain when it
    /// reads back as a string, else single-quoted (`'true'`, `'1'`), by Yams' own String representer.
    static func text(_ text: String) -> Node {
        // As `represented()`, whose regex-based tag resolution was 9% of capture's stop: keys and
        // names repeat in every script, so whether each reads back as a string is remembered.
        let readsAsString =
            plainReadsAsString.withLock { $0[text] }
            ?? {
                let answer = text.represented().style != .singleQuoted
                plainReadsAsString.withLock { known in if known.count < 4096 { known[text] = answer } }
                return answer
            }()
        return .scalar(readsAsString ? Node.Scalar(text) : Node.Scalar(text, Tag(.str), .singleQuoted))
    }

    private static let plainReadsAsString = Mutex<[String: Bool]>([:])

    /// This node with every implicit scalar tag made `!!str`, for Yams to write. Yams emits each
    /// scalar as implicit both plain and quoted, so libyaml never writes its tag; yet Yams first
    /// resolves an implicit tag by regular expressions (11% of a capture's stop). Same text out.
    var withScalarTagsResolved: Node {
        switch self {
        case .scalar(var scalar):
            if scalar.tag == .implicit { scalar.tag = Tag(.str) }
            return .scalar(scalar)
        case .mapping(let mapping):
            return .mapping(
                Node.Mapping(
                    mapping.map { ($0.key.withScalarTagsResolved, $0.value.withScalarTagsResolved) }, mapping.tag,
                    mapping.style, mapping.mark, mapping.anchor))
        case .sequence(let sequence):
            return .sequence(
                Node.Sequence(
                    sequence.map(\.withScalarTagsResolved), sequence.tag, sequence.style, sequence.mark, sequence.anchor
                ))
        case .alias:
            return self
        }
    }

    /// `"{{ name }}"`: a read of the script variable `name`.
    static func reference(to variable: String) -> Node { Node("{{ \(variable) }}", .implicit, .doubleQuoted) }

    /// A one-line mapping: `{ env: JOURNEY_OTP, secret: true }`.
    static func flow(_ pairs: [(String, Node)]) -> Node { mapping(pairs, style: .flow) }

    /// A mapping of one key per line.
    static func block(_ pairs: [(String, Node)]) -> Node { mapping(pairs, style: .block) }

    /// A one-line list: `[NameCallback, PasswordCallback]`.
    static func flow(_ items: [Node]) -> Node { Node(items, Tag(.seq), .flow) }

    /// A list of one item per line.
    static func blockList(_ items: [Node]) -> Node { Node(items, Tag(.seq), .block) }

    private static func mapping(_ pairs: [(String, Node)], style: Mapping.Style) -> Node {
        Node(pairs.map { (Node.text($0.0), $0.1) }, Tag(.map), style)
    }
}
