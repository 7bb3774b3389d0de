import JourneyCore

/// The one-line doc of each answer option of a handler, from its key declaration: what
/// `journey mcp`'s `describe_callback` tells an assistant, the same text as the schema's.
package enum AnswerOptionDocs {
    package static func doc(of option: String) -> String? { byName[option] }

    private static let byName: [String: String] = Dictionary(
        (ScriptKeys.answer.keys).map { ($0.name, $0.docWithDefault) }, uniquingKeysWith: { first, _ in first })
}
