import JourneyCore

/// Walks a tree file's YAML and builds a `SimulatorTree`, reporting every problem to the reader.
final class TreeParser {
    let reader: YAMLReader
    /// Reads numbers, enumerations and optional mappings with their checks.
    let values: TreeValues

    init(reader: YAMLReader) {
        self.reader = reader
        self.values = TreeValues(reader: reader)
    }

    static var topLevelKeys: [String] { TreeKeys.file.names }
    static var oauthKeys: [String] { TreeKeys.oauth.names }
    static var oauthKeyKeys: [String] { TreeKeys.oauthKey.names }
    static var oauthLifetimeKeys: [String] { TreeKeys.oauthLifetimes.names }
    static var oauthClientKeys: [String] { TreeKeys.oauthClient.names }

    func parseFile(_ root: YNode) -> SimulatorTree? {
        guard let top = root.mapping("a simulator tree file") else { return nil }
        top.allowOnly(TreeKeys.file)
        if let kind = top.required("kind", in: "a simulator tree file") {
            if let text = kind.string("kind"), text != "simulator" {
                reader.error(
                    "kind must be 'simulator' in a tree file, found '\(text)'", at: kind,
                    hint: "scripts have no kind or 'kind: journey'; trees say 'kind: simulator'")
            }
        }
        if let version = top.required("version", in: "a simulator tree file"), let number = version.int("version"),
            number != 1
        {
            reader.error("unsupported version \(number); this simulator reads version 1", at: version)
        }
        if let description = top["description"] { _ = description.string("description") }
        var tree = SimulatorTree(files: [reader.file])
        if let settings = top["settings"] { tree.settings = parseSettings(settings) }
        if let users = top["users"] { tree.users = parseUsers(users) }
        if let mobileFirst = top["mobilefirst"] {
            tree.mobileFirst = MobileFirstTreeParser(reader: reader, values: values).parseMobileFirst(mobileFirst)
        }
        if let rakuten = top["rakuten"] {
            tree.rakuten = RakutenTreeParser(reader: reader, values: values).parseRakuten(rakuten)
        }
        // A MobileFirst-only or Rakuten-only tree needs no journeys.
        let mobileFirstOnly = (top["mobilefirst"] != nil || top["rakuten"] != nil) && top["journeys"] == nil
        if !mobileFirstOnly, let journeys = top.required("journeys", in: "a simulator tree file") {
            tree.journeys = parseJourneys(journeys)
        }
        if let resources = top["resources"] { tree.resources = parseResources(resources) }
        if let oauth = top["oauth"] {
            tree.oauth = OAuthTreeParser(reader: reader, values: values).parseOAuth(oauth)
        }
        if let settings = top["settings"], settings.isMapping, let node = settings.mapping()?["defaultJourney"],
            top["journeys"] != nil
        {
            checkDefaultJourneys(node, declared: tree.journeyNames)
        }
        return tree
    }

    // MARK: settings

    static var settingsKeys: [String] { TreeKeys.settings.names }

    func parseSettings(_ node: YNode) -> SimulatorSettings {
        var settings = SimulatorSettings()
        guard let map = node.mapping("settings") else { return settings }
        map.allowOnly(TreeKeys.settings)
        if let value = map["cookieName"]?.string("cookieName") {
            if !SimulatorSettings.isCookieName(value) {
                reader.error("cookieName must be a non-empty cookie name", at: map["cookieName"] ?? node)
            } else {
                settings.cookieName = value
            }
        }
        if let value = map["realms"]?.stringList("realms") { settings.realms = value.map(Realm.normalize) }
        if let value = values.integer(map, TreeKeys.authIdLifetime) { settings.authIdLifetime = value }
        if let value = values.integer(map, TreeKeys.sessionLifetime) { settings.sessionLifetime = value }
        if let value = values.integer(map, TreeKeys.maxPendingJourneys) { settings.maxPendingJourneys = value }
        if let value = map["secret"]?.string("secret") {
            if value.count < 8 {
                reader.error("secret must be at least 8 characters", at: map["secret"] ?? node)
            } else {
                settings.secret = value
            }
        }
        if let value = map["successUrl"]?.string("successUrl") { settings.successUrl = value }
        if let value = map["failureUrl"]?.string("failureUrl") { settings.failureUrl = value }
        if let node = map["inputNumbering"], let value = node.string("inputNumbering") {
            if let numbering = SimulatorSettings.InputNumbering(rawValue: value) {
                settings.inputNumbering = numbering
            } else {
                reader.error("inputNumbering must be 'inputs' or 'position'", at: node)
            }
        }
        if let value = map["amlbCookie"]?.string("amlbCookie") { settings.amlbCookie = value }
        if let value = map["serverTiming"]?.bool("serverTiming") { settings.serverTiming = value }
        if let node = map["defaultJourney"] { parseDefaultJourney(node, into: &settings) }
        if let node = map["quirks"] { settings.quirks = parseQuirks(node) }
        return settings
    }

    /// `defaultJourney: Login` (every realm) or `defaultJourney: { root: Login, alpha: ZeroPage }`.
    private func parseDefaultJourney(_ node: YNode, into settings: inout SimulatorSettings) {
        if node.isScalar {
            if let name = node.string("defaultJourney") { settings.defaultJourney = name }
            return
        }
        guard let map = node.mapping("defaultJourney (a journey name, or realm: journey)") else { return }
        for entry in map.entries {
            if let name = entry.value.string("defaultJourney.\(entry.key)") {
                settings.defaultJourneyByRealm[Realm.normalize(entry.key)] = name
            }
        }
    }

    /// Every journey `defaultJourney` names is declared in the file.
    private func checkDefaultJourneys(_ node: YNode, declared: [String]) {
        let named: [YNode] = node.isScalar ? [node] : node.isMapping ? (node.mapping()?.entries.map(\.value) ?? []) : []
        for value in named {
            guard let name = value.scalarText, !declared.contains(name) else { continue }
            reader.error(
                "defaultJourney names unknown journey '\(name)'", at: value,
                hint: DidYouMean.hint(for: name, among: declared))
        }
    }

    // MARK: users

    static var userKeys: [String] { TreeKeys.user.names }

    func parseUsers(_ node: YNode) -> [SimulatedUser] {
        guard let items = node.sequence("users") else { return [] }
        var users: [SimulatedUser] = []
        var seen: Set<String> = []
        for item in items {
            guard let map = item.mapping("a user") else { continue }
            map.allowOnly(TreeKeys.user)
            guard let usernameNode = map.required("username", in: "a user"),
                let username = usernameNode.string("username"),
                let password = map.required("password", in: "a user")?.string("password")
            else { continue }
            if !seen.insert(username).inserted {
                reader.error("user '\(username)' is declared twice", at: usernameNode)
            }
            var user = SimulatedUser(username: username, password: password)
            if let attributes = map["attributes"]?.mapping("attributes") {
                for entry in attributes.entries { user.attributes[entry.key] = entry.value.json }
            }
            if let kba = map["kba"]?.sequence("kba") {
                for entry in kba {
                    guard let pair = entry.mapping("a kba entry") else { continue }
                    pair.allowOnly(TreeKeys.kbaEntry)
                    if let question = pair.required("question", in: "a kba entry")?.string("question"),
                        let answer = pair.required("answer", in: "a kba entry")?.string("answer")
                    {
                        user.kba.append(KBAEntry(question: question, answer: answer))
                    }
                }
            }
            if let secret = map["oathSecret"]?.string("oathSecret") { user.oathSecret = secret }
            users.append(user)
        }
        return users
    }

    // MARK: journeys

    static var journeyKeys: [String] { TreeKeys.journey.names }

    func parseJourneys(_ node: YNode) -> [String: JourneyDefinition] {
        guard let map = node.mapping("journeys") else { return [:] }
        var journeys: [String: JourneyDefinition] = [:]
        for entry in map.entries {
            if entry.key.isEmpty || entry.key.contains("/") || entry.key.contains(":") {
                reader.error("a journey name must not be empty or contain '/' or ':'", at: entry.keyNode)
                continue
            }
            if let journey = parseJourney(name: entry.key, entry.value) { journeys[entry.key] = journey }
        }
        return journeys
    }

    func parseJourney(name: String, _ node: YNode) -> JourneyDefinition? {
        guard let map = node.mapping("journey '\(name)'") else { return nil }
        map.allowOnly(TreeKeys.journey.names, in: "journey '\(name)'")
        _ = map["description"]?.string("description")
        let realms = map["realms"]?.stringList("realms")?.map(Realm.normalize)
        let startNode = map.required("start", in: "journey '\(name)'")
        let start = startNode?.string("start") ?? ""
        let successUrl = map["successUrl"]?.string("successUrl")
        var nodes: [String: NodeDefinition] = [:]
        var targets: [(from: String, outcome: String, target: String, node: YNode)] = []
        if let nodesMap = map.required("nodes", in: "journey '\(name)'")?.mapping("nodes") {
            for entry in nodesMap.entries {
                if let parsed = parseNode(id: entry.key, entry.value) {
                    nodes[entry.key] = parsed.definition
                    targets += parsed.targets.map { (entry.key, $0.outcome, $0.target, $0.node) }
                }
            }
        }
        // Implicit terminal nodes: outcomes may lead to `success` / `failure` without declaring them.
        for implicit in ["success", "failure"] where nodes[implicit] == nil {
            if targets.contains(where: { $0.target == implicit }) || start == implicit {
                let kind: NodeKind =
                    implicit == "success"
                    ? .success(SuccessSpec(successUrl: nil))
                    : .failure(FailureSpec(code: 401, message: "Login failure", detail: .settingsFailureUrl))
                nodes[implicit] = NodeDefinition(id: implicit, kind: kind, outcomes: [:], fault: nil, location: nil)
            }
        }
        for target in targets where nodes[target.target] == nil {
            reader.error(
                "outcome '\(target.outcome)' of node '\(target.from)' leads to unknown node '\(target.target)'",
                at: target.node,
                hint: DidYouMean.hint(for: target.target, among: nodes.keys.sorted()))
        }
        if let startNode, !start.isEmpty, nodes[start] == nil {
            reader.error(
                "start node '\(start)' is not declared in journey '\(name)'", at: startNode,
                hint: DidYouMean.hint(for: start, among: nodes.keys.sorted()))
        }
        let journey = JourneyDefinition(
            name: name, realms: realms, start: start, nodes: nodes, successUrl: successUrl, location: node.location)
        warnUnreachable(journey)
        return journey
    }

    private func warnUnreachable(_ journey: JourneyDefinition) {
        guard journey.nodes[journey.start] != nil else { return }
        var seen: Set<String> = [journey.start]
        var queue = [journey.start]
        while let id = queue.popLast() {
            for target in journey.nodes[id]?.outcomes.values.sorted() ?? [] where seen.insert(target).inserted {
                queue.append(target)
            }
        }
        for (id, node) in journey.nodes.sorted(by: { $0.key < $1.key }) where !seen.contains(id) && node.location != nil
        {
            reader.warning("node '\(id)' of journey '\(journey.name)' is never reached", at: node.location)
        }
    }
}
