import JourneyCore

/// Reads a `protocol: rakuten` script's `rakuten:` section and `expect.challenge`.
struct RakutenReader {
    let context: ScriptLoadContext

    func rakuten(_ node: YNode?, at root: YNode) -> RakutenSpec? {
        guard let node else {
            context.reader.error(
                "a protocol: rakuten script needs a 'rakuten:' section with its client", at: root.location,
                hint: "for example: rakuten: { clientId: my_app, clientSecret: { env: RAE_SECRET }, scope: [...] }")
            return nil
        }
        guard let mapping = node.mapping("rakuten") else { return nil }
        mapping.allowOnly(ScriptKeys.rakuten)
        let clientId = context.required(
            ScriptKeys.Rakuten.clientId, in: mapping, "rakuten", accepted: ScriptKeys.rakuten.names
        )
        .flatMap {
            context.templates.template($0, "rakuten.clientId")
        }
        let secret = context.required(
            ScriptKeys.Rakuten.clientSecret, in: mapping, "rakuten", accepted: ScriptKeys.rakuten.names
        ).flatMap {
            context.valueSpec($0, "rakuten.clientSecret")
        }
        guard let clientId, var secret else { return nil }
        secret.secret = true
        var spec = RakutenSpec(clientId: clientId, clientSecret: secret, location: node.location)
        if let grant = mapping[ScriptKeys.Rakuten.grant] {
            spec.grant =
                context.oneOf(RakutenSpec.Grant.allCases.map(\.rawValue), grant, "rakuten.grant").flatMap(
                    RakutenSpec.Grant.init(rawValue:)) ?? spec.grant
        }
        if let scope = mapping[ScriptKeys.Rakuten.scope] { spec.scope = context.scopeList(scope, "rakuten.scope") }
        spec.serviceId = mapping[ScriptKeys.Rakuten.serviceId].flatMap {
            context.templates.template($0, "rakuten.serviceId")
        }
        spec.challenger = context.templates.reading(for: .challenger) {
            mapping[ScriptKeys.Rakuten.challenger].flatMap { context.templates.template($0, "rakuten.challenger") }
        }
        if let page = mapping[ScriptKeys.Rakuten.pageId]?.string("rakuten.pageId") { spec.pageId = page }
        if let device = mapping[ScriptKeys.Rakuten.device] { spec.device = rakutenDevice(device) }
        if let challenge = mapping[ScriptKeys.Rakuten.challenge] { spec.challenge = rakutenChallenge(challenge) }
        spec.refresh = mapping[ScriptKeys.Rakuten.refresh]?.bool("rakuten.refresh") ?? false
        switch spec.grant {
        case .password:
            spec.username = context.required(
                ScriptKeys.Rakuten.username, in: mapping, "rakuten", accepted: ScriptKeys.rakuten.names
            ).flatMap {
                context.valueSpec($0, "rakuten.username")
            }
            spec.password = context.required(
                ScriptKeys.Rakuten.password, in: mapping, "rakuten", accepted: ScriptKeys.rakuten.names
            ).flatMap {
                context.valueSpec($0, "rakuten.password")
            }
            spec.password?.secret = true
        case .clientCredentials:
            for key in [ScriptKeys.Rakuten.username, .password, .serviceId, .challenger, .pageId, .challenge] {
                if let entry = mapping.entry(key) {
                    context.error(
                        "rakuten.\(key.rawValue) has no effect with grant: clientCredentials (an anonymous login has no user and no challenge)",
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
        if let value = mapping[ScriptKeys.RakutenDevice.app]?.scalarText { device.app = value }
        if let value = mapping[ScriptKeys.RakutenDevice.appVersion]?.scalarText { device.appVersion = value }
        if let value = mapping[ScriptKeys.RakutenDevice.os]?.scalarText { device.os = value }
        if let value = mapping[ScriptKeys.RakutenDevice.osVersion]?.scalarText { device.osVersion = value }
        if let value = mapping[ScriptKeys.RakutenDevice.model]?.scalarText { device.model = value }
        if let value = mapping[ScriptKeys.RakutenDevice.timeZone]?.scalarText { device.timeZone = value }
        return device
    }

    private func rakutenChallenge(_ node: YNode) -> RakutenChallengeOptions {
        var options = RakutenChallengeOptions()
        guard let mapping = node.mapping("rakuten.challenge") else { return options }
        mapping.allowOnly(ScriptKeys.rakutenChallenge)
        if let timeout = mapping[ScriptKeys.RakutenChallenge.timeout].flatMap({
            context.int($0, "rakuten.challenge.timeout", in: NumberRanges.rakutenSolveMilliseconds)
        }) {
            options.timeoutMilliseconds = timeout
        }
        if let retries = mapping[ScriptKeys.RakutenChallenge.retries].flatMap({
            context.int($0, "rakuten.challenge.retries", in: NumberRanges.rakutenRetries)
        }) {
            options.retries = retries
        }
        options.result = mapping[ScriptKeys.RakutenChallenge.result].flatMap {
            context.valueSpec($0, "rakuten.challenge.result")
        }
        options.sendWithout =
            mapping[ScriptKeys.RakutenChallenge.sendWithout]?.bool("rakuten.challenge.sendWithout") ?? true
        return options
    }

    /// `expect.challenge: { solved, ctype, maxTries }`.
    func challengeExpectation(_ node: YNode) -> ChallengeExpectation? {
        guard let mapping = node.mapping("expect.challenge") else { return nil }
        mapping.allowOnly(ScriptKeys.challengeExpectation)
        var expectation = ChallengeExpectation(location: node.location)
        expectation.solved = mapping[ScriptKeys.ChallengeExpectation.solved]?.bool("expect.challenge.solved")
        expectation.ctype = mapping[ScriptKeys.ChallengeExpectation.ctype].flatMap {
            context.int($0, "expect.challenge.ctype", in: NumberRanges.challengeType)
        }
        expectation.maxTries = mapping[ScriptKeys.ChallengeExpectation.maxTries].flatMap {
            context.int($0, "expect.challenge.maxTries", in: NumberRanges.proofOfWorkTries)
        }
        return expectation
    }
}
