import JourneyCore

/// Reads a `protocol: rakuten` script's `rakuten:` section and `expect.challenge`.
extension ScriptLoadContext {
    func rakuten(_ node: YNode?, at root: YNode) -> RakutenSpec? {
        guard let node else {
            reader.error(
                "a protocol: rakuten script needs a 'rakuten:' section with its client", at: root.location,
                hint: "for example: rakuten: { clientId: my_app, clientSecret: { env: RAE_SECRET }, scope: [...] }")
            return nil
        }
        guard let mapping = node.mapping("rakuten") else { return nil }
        mapping.allowOnly(ScriptKeys.rakuten)
        let clientId = required("clientId", in: mapping, "rakuten", accepted: ScriptKeys.rakuten.names).flatMap {
            templates.template($0, "rakuten.clientId")
        }
        let secret = required("clientSecret", in: mapping, "rakuten", accepted: ScriptKeys.rakuten.names).flatMap {
            valueSpec($0, "rakuten.clientSecret")
        }
        guard let clientId, var secret else { return nil }
        secret.secret = true
        var spec = RakutenSpec(clientId: clientId, clientSecret: secret, location: node.location)
        if let grant = mapping["grant"] {
            spec.grant =
                oneOf(RakutenSpec.Grant.allCases.map(\.rawValue), grant, "rakuten.grant").flatMap(
                    RakutenSpec.Grant.init(rawValue:)) ?? spec.grant
        }
        if let scope = mapping["scope"] { spec.scope = scopeList(scope, "rakuten.scope") }
        spec.serviceId = mapping["serviceId"].flatMap { templates.template($0, "rakuten.serviceId") }
        spec.challenger = templates.reading(for: .challenger) {
            mapping["challenger"].flatMap { templates.template($0, "rakuten.challenger") }
        }
        if let page = mapping["pageId"]?.string("rakuten.pageId") { spec.pageId = page }
        if let device = mapping["device"] { spec.device = rakutenDevice(device) }
        if let challenge = mapping["challenge"] { spec.challenge = rakutenChallenge(challenge) }
        spec.refresh = mapping["refresh"]?.bool("rakuten.refresh") ?? false
        switch spec.grant {
        case .password:
            spec.username = required("username", in: mapping, "rakuten", accepted: ScriptKeys.rakuten.names).flatMap {
                valueSpec($0, "rakuten.username")
            }
            spec.password = required("password", in: mapping, "rakuten", accepted: ScriptKeys.rakuten.names).flatMap {
                valueSpec($0, "rakuten.password")
            }
            spec.password?.secret = true
        case .clientCredentials:
            for key in ["username", "password", "serviceId", "challenger", "pageId", "challenge"] {
                if let entry = mapping.entries.first(where: { $0.key == key }) {
                    error(
                        "rakuten.\(key) has no effect with grant: clientCredentials (an anonymous login has no user and no challenge)",
                        at: entry.keyNode)
                }
            }
        }
        return spec
    }

    private func rakutenDevice(_ node: YNode) -> RakutenDevice {
        var device = RakutenDevice()
        guard let mapping = node.mapping("rakuten.device") else { return device }
        mapping.allowOnly(ScriptKeys.rakutenDevice)
        if let value = mapping["app"]?.scalarText { device.app = value }
        if let value = mapping["appVersion"]?.scalarText { device.appVersion = value }
        if let value = mapping["os"]?.scalarText { device.os = value }
        if let value = mapping["osVersion"]?.scalarText { device.osVersion = value }
        if let value = mapping["model"]?.scalarText { device.model = value }
        if let value = mapping["timeZone"]?.scalarText { device.timeZone = value }
        return device
    }

    private func rakutenChallenge(_ node: YNode) -> RakutenChallengeOptions {
        var options = RakutenChallengeOptions()
        guard let mapping = node.mapping("rakuten.challenge") else { return options }
        mapping.allowOnly(ScriptKeys.rakutenChallenge)
        if let timeout = mapping["timeout"].flatMap({
            int($0, "rakuten.challenge.timeout", in: NumberRanges.rakutenSolveMilliseconds)
        }) {
            options.timeoutMilliseconds = timeout
        }
        if let retries = mapping["retries"].flatMap({
            int($0, "rakuten.challenge.retries", in: NumberRanges.rakutenRetries)
        }) {
            options.retries = retries
        }
        options.result = mapping["result"].flatMap { valueSpec($0, "rakuten.challenge.result") }
        options.sendWithout = mapping["sendWithout"]?.bool("rakuten.challenge.sendWithout") ?? true
        return options
    }

    /// `expect.challenge: { solved, ctype, maxTries }`.
    func challengeExpectation(_ node: YNode) -> ChallengeExpectation? {
        guard let mapping = node.mapping("expect.challenge") else { return nil }
        mapping.allowOnly(ScriptKeys.challengeExpectation)
        var expectation = ChallengeExpectation(location: node.location)
        expectation.solved = mapping["solved"]?.bool("expect.challenge.solved")
        expectation.ctype = mapping["ctype"].flatMap {
            int($0, "expect.challenge.ctype", in: NumberRanges.challengeType)
        }
        expectation.maxTries = mapping["maxTries"].flatMap {
            int($0, "expect.challenge.maxTries", in: NumberRanges.proofOfWorkTries)
        }
        return expectation
    }
}
