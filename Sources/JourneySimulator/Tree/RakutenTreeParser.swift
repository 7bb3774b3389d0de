import JourneyCore

/// Reads `rakuten:` — token clients, members, Challenger's policy, greyness and lifetimes.
struct RakutenTreeParser {
    let reader: YAMLReader
    let values: TreeValues

    func parseRakuten(_ node: YNode) -> RakutenDefinition? {
        guard let map = node.mapping("rakuten") else { return nil }
        map.allowOnly(TreeKeys.rakuten)
        var definition = RakutenDefinition(location: node.location)
        if let clients = map.required("clients", in: "rakuten")?.mapping("rakuten.clients") {
            for entry in clients.entries {
                let what = "rakuten client '\(entry.key)'"
                guard let fields = entry.value.mapping(what) else { continue }
                fields.allowOnly(TreeKeys.rakutenClient.names, in: what)
                guard let secret = fields.required("secret", in: what)?.scalarText else { continue }
                let scopes = fields["scopes"].flatMap { $0.stringList("\(what).scopes") } ?? []
                let challenge =
                    values.enumValue(
                        fields["challenge"], RakutenDefinition.ChallengeRequirement.self, "\(what).challenge")
                    ?? .always
                definition.clients[entry.key] = .init(secret: secret, scopes: scopes, challenge: challenge)
            }
        }
        if let users = map["users"]?.mapping("rakuten.users") {
            for entry in users.entries {
                let what = "rakuten user '\(entry.key)'"
                guard let fields = entry.value.mapping(what) else { continue }
                fields.allowOnly(TreeKeys.rakutenUser.names, in: what)
                guard let password = fields.required("password", in: what)?.scalarText else { continue }
                definition.users[entry.key] = .init(
                    password: password, firstName: fields["firstName"]?.scalarText,
                    lastName: fields["lastName"]?.scalarText,
                    easyId: fields["easyId"]?.scalarText ?? "easy-\(entry.key)")
            }
        }
        if let challenger = map["challenger"] { parseChallenger(challenger, into: &definition) }
        definition.challengeAfter = values.integer(map, TreeKeys.challengeAfter, what: "rakuten.challengeAfter")
        definition.blockAfter = values.integer(map, TreeKeys.blockAfter, what: "rakuten.blockAfter")
        definition.blockedAddresses =
            map["blockedAddresses"].flatMap { $0.stringList("rakuten.blockedAddresses") } ?? []
        if let value = values.integer(map, TreeKeys.accessLifetime, what: "rakuten.accessLifetime") {
            definition.accessLifetime = value
        }
        return definition
    }

    private func parseChallenger(_ node: YNode, into definition: inout RakutenDefinition) {
        guard let map = node.mapping("rakuten.challenger") else { return }
        map.allowOnly(TreeKeys.challenger)
        if let kind = values.enumValue(
            map["default"], RakutenDefinition.ChallengeKind.self, "rakuten.challenger.default")
        {
            definition.defaultChallenge = kind
        }
        if let pages = map["pages"]?.mapping("rakuten.challenger.pages") {
            for entry in pages.entries {
                if let kind = values.enumValue(entry.value, RakutenDefinition.ChallengeKind.self, "page '\(entry.key)'")
                {
                    definition.pages[entry.key] = kind
                }
            }
        }
        if let pow = map["pow"]?.mapping("rakuten.challenger.pow") {
            pow.allowOnly(TreeKeys.rakutenPow)
            if let keyNode = pow["key"], let key = keyNode.scalarText {
                if (1...13).contains(key.utf8.count) {
                    definition.pow.key = key
                } else {
                    reader.error(
                        "rakuten.challenger.pow.key must have 1 to 13 characters (the SDK's limit)", at: keyNode)
                }
            }
            if let seedNode = pow["seed"], let seed = seedNode.int("rakuten.challenger.pow.seed") {
                if let value = UInt32(exactly: seed) {
                    definition.pow.seed = value
                } else {
                    reader.error("rakuten.challenger.pow.seed must be an unsigned 32-bit number", at: seedNode)
                }
            }
            if let maskNode = pow["mask"], let mask = maskNode.scalarText {
                if (1...4).contains(mask.count), mask.allSatisfy(\.isHexDigit) {
                    definition.pow.mask = mask
                } else {
                    reader.error("rakuten.challenger.pow.mask must be 1 to 4 hex digits", at: maskNode)
                }
            }
        }
        if let value = values.integer(map, TreeKeys.unsupportedCtype, what: "rakuten.challenger.unsupportedCtype") {
            definition.unsupportedCtype = value
        }
        if let value = values.integer(map, TreeKeys.challengeLifetime, what: "rakuten.challenger.challengeLifetime") {
            definition.challengeLifetime = value
        }
    }
}
