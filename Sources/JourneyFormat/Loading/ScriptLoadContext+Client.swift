import JourneyCore

/// Reads `client:` — the SDK whose requests the run reproduces.
extension ScriptLoadContext {
    func client(_ node: YNode) -> ClientSpec? {
        guard let mapping = node.mapping("client") else { return nil }
        mapping.allowOnly(ScriptKeys.client)
        guard let sdkNode = required(ScriptKeys.Client.sdk, in: mapping, "client", accepted: ScriptKeys.client.names),
            let name = sdkNode.strictString("client.sdk (an SDK name)")
        else { return nil }
        switch SDKProfile.named(name) {
        case .success(let profile):
            return ClientSpec(sdk: Located(profile, at: sdkNode.location))
        case .failure(let failure):
            error(
                "unknown SDK '\(name)' in client.sdk; one of \(SDKProfile.names.joined(separator: ", "))",
                at: sdkNode, hint: failure.hint)
            return nil
        }
    }
}

extension ScriptLoadContext {
    /// A handler for a type the script's SDK has no class for answers nothing that app could:
    /// the run would stop at that callback (see `SDKProfile.unanswered`).
    func warnUnanswerable(_ handlers: [HandlerSpec], by client: ClientSpec) {
        let sdk = client.sdk.value
        for handler in handlers {
            guard let type = handler.matcher.type, let known = CallbackType(wireName: type.value), !sdk.answers(known)
            else { continue }
            reader.warning(
                "\(sdk.cannotAnswerMessage(known.wireName)); a run stops at such a callback", at: type.location,
                length: type.value.count)
        }
    }
}
