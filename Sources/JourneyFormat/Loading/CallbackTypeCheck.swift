import JourneyCore

/// The callback types a script names, checked against the catalogue. Unknown names are allowed
/// (custom callbacks) with a warning; a handler's unknown type is an error unless the script
/// declares it a custom type, which is known only once every handler is read.
final class CallbackTypeCheck {
    private let reader: YAMLReader
    /// The script's protocol: a MobileFirst script names security checks where PingAM names callback types.
    var protocolKind = ProtocolKind.pingam
    /// The handler keys and `match: type` values naming a type the catalogue does not know.
    private var handlerTypeNodes: [YNode] = []

    init(reader: YAMLReader) {
        self.reader = reader
    }

    /// A callback type name; unknown names are allowed (custom callbacks) with a warning.
    /// A handler's type (`ofHandler`) is checked once every handler is read (``checkHandlerTypes(_:)``).
    func callbackType(_ node: YNode, _ what: String, ofHandler: Bool = false) -> Located<String>? {
        guard let name = node.strictString(what) else { return nil }
        if ofHandler {
            if protocolKind == .pingam, !KnownCallbackTypes.isKnown(name) { handlerTypeNodes.append(node) }
        } else {
            warnIfUnknown(callbackType: name, at: node)
        }
        return Located(name, at: node.location)
    }

    func warnIfUnknown(callbackType name: String, at node: YNode) {
        guard protocolKind == .pingam, !KnownCallbackTypes.isKnown(name) else { return }
        reader.warning(
            "unknown callback type '\(name)' (custom types are answered by input name)", at: node,
            hint: DidYouMean.hint(for: name, among: KnownCallbackTypes.all))
    }

    /// An unknown type a handler names is an error (a typo would otherwise surface at run time
    /// as "no handler"), unless the script declares it a custom type: some handler for it answers
    /// its inputs by name (`inputs:`) or solves it (`solve:`). A declared one close to a known
    /// type is still a warning.
    func checkHandlerTypes(_ specs: [HandlerSpec]) -> [HandlerSpec] {
        let declared = Set(
            specs.filter { !$0.answer.inputs.isEmpty || $0.answer.solve != nil }.compactMap(\.matcher.type?.value))
        let known = KnownCallbackTypes.all + KnownCallbackTypes.derived + KnownCallbackTypes.custom
        for node in handlerTypeNodes {
            guard let name = node.scalarText else { continue }
            let suggestion = DidYouMean.hint(for: name, among: known)
            if !declared.contains(name) {
                reader.error("unknown callback type '\(name)'", at: node, hint: suggestion ?? Self.customTypeHint)
            } else if let suggestion {
                reader.warning(
                    "custom callback type '\(name)' is close to a known type", at: node, hint: suggestion)
            }
        }
        handlerTypeNodes = []
        return specs
    }

    static let customTypeHint =
        "a custom callback type is declared by a handler that answers its inputs by name (inputs: { IDToken1: ... }) or solves it (solve:)"
}
