import JourneyCore

/// Reads `capture:` — values pulled from steps into variables for later steps.
struct CaptureReader {
    let context: ScriptLoadContext

    func captures(_ node: YNode) -> [CaptureSpec] {
        guard let mapping = node.mapping("capture") else { return [] }
        return mapping.entries.compactMap { entry in
            context.checkVariableName(entry.key, at: entry.keyNode, "a capture")
            return capture(named: entry.key, entry.value, at: entry.keyNode)
        }
    }

    private func capture(named name: String, _ node: YNode, at keyNode: YNode) -> CaptureSpec? {
        let what = "capture.\(name)"
        guard let mapping = node.mapping(what) else { return nil }
        mapping.allowOnly(ScriptKeys.capture, in: what)
        let keep = mapping[ScriptKeys.Capture.regex].flatMap { context.regex($0, "\(what).regex") }
        let step = mapping[ScriptKeys.Capture.step].flatMap { context.int($0, "\(what).step", in: NumberRanges.steps) }
        let secret = mapping[ScriptKeys.Capture.secret].flatMap { $0.bool("\(what).secret") } ?? false
        guard
            let fromNode = context.required(
                ScriptKeys.Capture.from, in: mapping, what, accepted: ScriptKeys.capture.names),
            let from = context.oneOf(ScriptKeys.captureSources, fromNode, "\(what).from")
        else { return nil }
        checkOnlyFor(from, in: mapping, what)
        guard let source = captureSource(from, mapping, what) else { return nil }
        return CaptureSpec(
            name: name, source: source, regex: keep, step: step, secret: secret, location: keyNode.location)
    }

    private func captureSource(_ from: String, _ mapping: YMapping, _ what: String) -> CaptureSpec.Source? {
        switch from {
        case "output":
            let selector =
                mapping[ScriptKeys.Capture.callback].map { context.matcher($0, "\(what).callback") } ?? Matcher()
            let name = context.required(
                ScriptKeys.Capture.name, in: mapping, "\(what) (the output's name)", accepted: ScriptKeys.capture.names
            )
            .flatMap { $0.string("\(what).name") }
            guard let selector, let name else { return nil }
            return .output(matcher: selector, name: name)
        case "stage", "header", "description":
            return .stepField(from)
        case "response":
            return context.required(ScriptKeys.Capture.path, in: mapping, what, accepted: ScriptKeys.capture.names)
                .flatMap {
                    $0.string("\(what).path")
                }.map { .response(path: $0) }
        case "httpHeader":
            return context.required(
                ScriptKeys.Capture.name, in: mapping, "\(what) (the header's name)", accepted: ScriptKeys.capture.names
            )
            .flatMap { $0.string("\(what).name") }.map { .httpHeader($0) }
        case "registrationUri":
            return .registrationUri
        case "recoveryCodes":
            return .recoveryCodes
        default:
            return nil
        }
    }

    /// `callback`, `name` and `path` belong to particular sources.
    private func checkOnlyFor(_ from: String, in mapping: YMapping, _ what: String) {
        let owners: [(key: ScriptKeys.Capture, sources: [String])] = [
            (.callback, ["output"]), (.name, ["output", "httpHeader"]), (.path, ["response"]),
        ]
        for owner in owners where !owner.sources.contains(from) {
            guard let entry = mapping.entry(owner.key) else { continue }
            context.error(
                "'\(owner.key.rawValue)' applies only to captures from \(owner.sources.joined(separator: " or ")), not from \(from)",
                at: entry.keyNode)
        }
    }
}
