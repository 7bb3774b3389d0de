import JourneyCore

/// Reads `rakuten:` — token clients, members, Challenger's policy, greyness and lifetimes.
extension TreeParser {
    static let rakutenKeys = [
        "clients", "users", "challenger", "challengeAfter", "blockAfter", "blockedAddresses", "accessLifetime",
    ]
    static let rakutenClientKeys = ["secret", "scopes", "challenge"]
    static let rakutenUserKeys = ["password", "firstName", "lastName", "easyId"]
    static let challengerKeys = ["default", "pages", "pow", "unsupportedCtype", "challengeLifetime"]
    static let powKeys = ["key", "seed", "mask"]

    func parseRakuten(_ node: YNode) -> RakutenDefinition? {
        guard let map = node.mapping("rakuten") else { return nil }
        map.allowOnly(Self.rakutenKeys, in: "rakuten")
        var definition = RakutenDefinition(location: node.location)
        if let clients = map.required("clients", in: "rakuten")?.mapping("rakuten.clients") {
            for entry in clients.entries {
                let what = "rakuten client '\(entry.key)'"
                guard let fields = entry.value.mapping(what) else { continue }
                fields.allowOnly(Self.rakutenClientKeys, in: what)
                guard let secret = fields.required("secret", in: what)?.scalarText else { continue }
                let scopes = fields["scopes"].flatMap { $0.stringList("\(what).scopes") } ?? []
                let challenge =
                    enumValue(fields["challenge"], RakutenDefinition.ChallengeRequirement.self, "\(what).challenge")
                    ?? .always
                definition.clients[entry.key] = .init(secret: secret, scopes: scopes, challenge: challenge)
            }
        }
        if let users = map["users"]?.mapping("rakuten.users") {
            for entry in users.entries {
                let what = "rakuten user '\(entry.key)'"
                guard let fields = entry.value.mapping(what) else { continue }
                fields.allowOnly(Self.rakutenUserKeys, in: what)
                guard let password = fields.required("password", in: what)?.scalarText else { continue }
                definition.users[entry.key] = .init(
                    password: password, firstName: fields["firstName"]?.scalarText,
                    lastName: fields["lastName"]?.scalarText,
                    easyId: fields["easyId"]?.scalarText ?? "easy-\(entry.key)")
            }
        }
        if let challenger = map["challenger"] { parseChallenger(challenger, into: &definition) }
        definition.challengeAfter = nonNegativeInt(map["challengeAfter"], "rakuten.challengeAfter")
        definition.blockAfter = nonNegativeInt(map["blockAfter"], "rakuten.blockAfter")
        definition.blockedAddresses =
            map["blockedAddresses"].flatMap { $0.stringList("rakuten.blockedAddresses") } ?? []
        if let value = positiveInt(map["accessLifetime"], "rakuten.accessLifetime", in: TreeRanges.seconds) {
            definition.accessLifetime = value
        }
        return definition
    }

    private func parseChallenger(_ node: YNode, into definition: inout RakutenDefinition) {
        guard let map = node.mapping("rakuten.challenger") else { return }
        map.allowOnly(Self.challengerKeys, in: "rakuten.challenger")
        if let kind = enumValue(map["default"], RakutenDefinition.ChallengeKind.self, "rakuten.challenger.default") {
            definition.defaultChallenge = kind
        }
        if let pages = map["pages"]?.mapping("rakuten.challenger.pages") {
            for entry in pages.entries {
                if let kind = enumValue(entry.value, RakutenDefinition.ChallengeKind.self, "page '\(entry.key)'") {
                    definition.pages[entry.key] = kind
                }
            }
        }
        if let pow = map["pow"]?.mapping("rakuten.challenger.pow") {
            pow.allowOnly(Self.powKeys, in: "rakuten.challenger.pow")
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
        if let value = nonNegativeInt(map["unsupportedCtype"], "rakuten.challenger.unsupportedCtype") {
            definition.unsupportedCtype = value
        }
        if let value = positiveInt(
            map["challengeLifetime"], "rakuten.challenger.challengeLifetime", in: TreeRanges.seconds)
        {
            definition.challengeLifetime = value
        }
    }
}
