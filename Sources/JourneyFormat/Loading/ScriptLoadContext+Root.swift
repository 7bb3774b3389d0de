import JourneyCore

/// Reads the top level of a script and assembles the typed ``Script``.
extension ScriptLoadContext {
    /// The script in `root`, or nil when any error was found (all of them are in `reader.diagnostics`).
    func script(_ root: YNode) -> Script? {
        guard root.isMapping, let mapping = root.mapping("a script") else {
            error(
                "a script must be a mapping of keys (version, name, journey, handlers...), found \(root.kindDescription)",
                at: root)
            return nil
        }
        guard checkKind(mapping) else { return nil }
        let checks = CrossKeyChecks(context: self)
        mapping.allowOnly(ScriptKeys.file)

        let version = required(ScriptKeys.File.version, in: mapping, "the script", accepted: ScriptKeys.file.names)
            .flatMap(version)
        let name = required(ScriptKeys.File.name, in: mapping, "the script", accepted: ScriptKeys.file.names).flatMap {
            $0.string(ScriptKeys.File.name.rawValue)
        }
        let description = mapping[ScriptKeys.File.description].flatMap {
            $0.string(ScriptKeys.File.description.rawValue)
        }
        let tags = mapping[ScriptKeys.File.tags].flatMap(tags) ?? []
        let protocolKind = mapping[ScriptKeys.File.`protocol`].flatMap(protocolKind) ?? .pingam
        typeCheck.protocolKind = protocolKind
        let server = mapping[ScriptKeys.File.server].map(server) ?? ServerSpec()
        let uses = mapping[ScriptKeys.File.uses].flatMap(ResourcePhasesReader(context: self).uses)
        let oauth = mapping[ScriptKeys.File.oauth].flatMap(OAuthReader(context: self).oauth)
        let client = protocolKind == .pingam ? mapping[ScriptKeys.File.client].flatMap(client) : nil
        let body: Script.Body?
        if protocolKind == .mobilefirst {
            body = MobileFirstReader(context: self).mobileFirst(
                mapping[ScriptKeys.File.mobilefirst], handlers: mapping[ScriptKeys.File.handlers], at: root
            ).map {
                .mobileFirst($0)
            }
            checks.checkMobileFirstKeys(mapping)
        } else if protocolKind == .rakuten {
            body = RakutenReader(context: self).rakuten(mapping[ScriptKeys.File.rakuten], at: root).map { .rakuten($0) }
            checks.checkForeignKeys(
                mapping, protocol: "rakuten",
                keys: [.journey, .start, .uses, .oauth, .handlers, .mobilefirst, .device, .client])
        } else {
            if let node = mapping[ScriptKeys.File.mobilefirst] {
                error(
                    "'mobilefirst:' belongs to a protocol: mobilefirst script", at: node,
                    hint: "add protocol: mobilefirst")
            }
            if let node = mapping[ScriptKeys.File.rakuten] {
                error("'rakuten:' belongs to a protocol: rakuten script", at: node, hint: "add protocol: rakuten")
            }
            let start = startSpec(
                mapping, uses: mapping[ScriptKeys.File.uses] != nil, tokensOnly: oauth?.grant == .clientCredentials)
            let handlers = mapping[ScriptKeys.File.handlers].map(HandlersReader(context: self).handlers) ?? []
            if let client { warnUnanswerable(handlers, by: client) }
            body = start.map { .pingAM(PingAMBody(start: $0.spec, handlers: handlers)) }
        }
        let vars = mapping[ScriptKeys.File.vars].map(vars) ?? []
        let captures = mapping[ScriptKeys.File.capture].map(CaptureReader(context: self).captures) ?? []
        let request = mapping[ScriptKeys.File.request].flatMap(ResourcePhasesReader(context: self).request)
        let cleanup = mapping[ScriptKeys.File.cleanup].flatMap(ResourcePhasesReader(context: self).cleanup)
        var expect = mapping[ScriptKeys.File.expect].map(ExpectReader(context: self).expect) ?? ExpectSpec()
        let limits = mapping[ScriptKeys.File.limits].map(limits) ?? Limits()
        let deviceSpec = mapping[ScriptKeys.File.device].flatMap(device)
        switch protocolKind {
        case .mobilefirst: checks.checkMobileFirstOutcome(mapping, request: request, expect: &expect)
        case .rakuten: checks.checkRakutenOutcome(mapping, request: request, cleanup: cleanup, expect: expect)
        case .pingam: checks.checkResourcePhases(mapping, request: request, expect: &expect)
        }
        if protocolKind != .rakuten {
            checks.checkTokenKeys(mapping, oauth: oauth, request: request, cleanup: cleanup)
            if let entry = mapping.nestedMapping(ScriptKeys.File.expect)?.entries
                .first(where: {
                    $0.key == ScriptKeys.Expect.challenge.rawValue
                })
            {
                error(
                    "expect.challenge checks Challenger's challenge of a protocol: rakuten script", at: entry.keyNode,
                    hint: "add protocol: rakuten")
            }
        }
        checkVariables(
            vars: vars, declaredVars: varNames(mapping[ScriptKeys.File.vars]), captures: captures,
            outputs: uses?.outputs ?? [],
            builtins: protocolKind == .mobilefirst
                ? [Self.challengeVariable]
                : protocolKind == .rakuten ? RakutenSpec.variables : oauth != nil ? OAuthSpec.variables : [])

        guard !reader.hasErrors, let version, let name, let body else { return nil }
        var script = Script(
            file: file, version: version, name: name, description: description, tags: tags, server: server,
            body: body, vars: vars, captures: captures, expect: expect, limits: limits, uses: uses,
            request: request, cleanup: cleanup)
        script.oauth = oauth
        script.commands = templates.commands
        script.environmentReads = templates.environmentReads
        script.device = deviceSpec
        script.client = client
        return script
    }

    /// `kind: journey` or none; a simulator tree is a different kind of file.
    private func checkKind(_ mapping: YMapping) -> Bool {
        guard let node = mapping[ScriptKeys.File.kind], let kind = node.string(ScriptKeys.File.kind.rawValue) else {
            return true
        }
        if kind == "simulator" {
            error(
                "this is a simulator tree file (kind: simulator), not a journey script", at: node,
                hint:
                    "journey scripts have 'kind: journey' or no kind; simulator trees are checked by the simulator's loader"
            )
            return false
        }
        if kind != "journey" {
            error(
                "kind must be 'journey' for a script, found '\(kind)'", at: node,
                hint: DidYouMean.hint(for: kind, among: ["journey"]))
        }
        return true
    }

    private func version(_ node: YNode) -> Int? {
        guard let version = node.int(ScriptKeys.File.version.rawValue) else { return nil }
        guard version == 1 else {
            error("unsupported version \(version): this journey reads version 1 scripts", at: node)
            return nil
        }
        return version
    }

    private func tags(_ node: YNode) -> [String]? {
        guard let items = node.sequence(ScriptKeys.File.tags.rawValue) else { return nil }
        return items.compactMap { $0.string("each tag") }
    }

    private func protocolKind(_ node: YNode) -> ProtocolKind? {
        let names = ProtocolKind.allCases.map(\.rawValue)
        guard let name = node.string(ScriptKeys.File.`protocol`.rawValue) else { return nil }
        guard let kind = ProtocolKind(rawValue: name) else {
            error(
                "unsupported protocol '\(name)'; supported: \(names.joined(separator: ", "))", at: node,
                hint: DidYouMean.hint(for: name, among: names))
            return nil
        }
        return kind
    }

    /// Exactly one of `journey:` and `start:`; neither when the script `uses:` another one's
    /// session (then `spec` is nil: the script has no journey of its own).
    private func startSpec(_ mapping: YMapping, uses: Bool, tokensOnly: Bool = false) -> DeclaredStart? {
        let shorthand = mapping.entry(ScriptKeys.File.journey)
        let full = mapping.entry(ScriptKeys.File.start)
        switch (shorthand, full) {
        case (let shorthand?, nil):
            return StartReader(context: self).journeyShorthand(shorthand.value).map(DeclaredStart.journey)
        case (nil, let full?):
            return StartReader(context: self).start(full.value).map(DeclaredStart.journey)
        case (_?, let full?):
            error(
                "the script has both 'journey' and 'start'; 'journey: X' is short for 'start: { service: X }'",
                at: full.keyNode)
            return nil
        case (nil, nil):
            if uses || tokensOnly {
                return DeclaredStart.sessionFromUses
            }
            if isMisspelled(ScriptKeys.File.journey, in: mapping, accepted: ScriptKeys.file.names)
                || isMisspelled(ScriptKeys.File.start, in: mapping, accepted: ScriptKeys.file.names)
            {
                return nil
            }
            reader.error(
                "missing 'journey' (the service to start) or 'start' in the script", at: mapping.node.location,
                hint: "for example: journey: Login")
            return nil
        }
    }
}

/// What a PingAM script says about its start: a journey, or none (its session comes from `uses:`).
enum DeclaredStart {
    case journey(StartSpec)
    case sessionFromUses

    var spec: StartSpec? {
        if case .journey(let spec) = self { return spec }
        return nil
    }
}
