import HTTPTypes
import JourneyCore

extension TreeParser {
    static let nodeCommonKeys = ["next", "outcomes", "fault", "description"]

    struct ParsedNode {
        var definition: NodeDefinition
        var targets: [(outcome: String, target: String, node: YNode)]
    }

    func parseNode(id: String, _ node: YNode) -> ParsedNode? {
        guard let map = node.mapping("node '\(id)'") else { return nil }
        map.allowOnly(NodeKind.names + Self.nodeCommonKeys, in: "node '\(id)'")
        let kinds = map.entries.filter { NodeKind.names.contains($0.key) }
        guard let kindEntry = kinds.first else {
            reader.error(
                "node '\(id)' says nothing about what it does", at: node.location,
                hint: "add one of: \(NodeKind.names.joined(separator: ", "))")
            return nil
        }
        for extra in kinds.dropFirst() {
            reader.error("node '\(id)' has two kinds: '\(kindEntry.key)' and '\(extra.key)'", at: extra.keyNode)
        }
        _ = map["description"]?.string("description")
        guard let name = NodeKind.Name(rawValue: kindEntry.key),
            let kind = parseKind(name, kindEntry.value, nodeId: id)
        else { return nil }
        let fault = map["fault"].flatMap(parseFault)
        let (outcomes, targets) = parseOutcomes(map, kind: kind, nodeId: id)
        let definition = NodeDefinition(id: id, kind: kind, outcomes: outcomes, fault: fault, location: node.location)
        return ParsedNode(definition: definition, targets: targets)
    }

    private func parseOutcomes(_ map: YMapping, kind: NodeKind, nodeId: String)
        -> ([String: String], [(outcome: String, target: String, node: YNode)])
    {
        let expected = kind.outcomeNames
        var outcomes: [String: String] = [:]
        var targets: [(outcome: String, target: String, node: YNode)] = []
        if kind.isTerminal {
            for key in ["next", "outcomes"] {
                if let node = map[key] {
                    reader.error("node '\(nodeId)' ends the journey; it has no outcomes", at: node)
                }
            }
            return (outcomes, targets)
        }
        if let next = map["next"] {
            if expected == ["next"] {
                if let target = next.string("next") {
                    outcomes["next"] = target
                    targets.append(("next", target, next))
                }
            } else {
                reader.error(
                    "node '\(nodeId)' has several outcomes (\(expected.joined(separator: ", "))); use 'outcomes:'",
                    at: next)
            }
        }
        if let outcomesNode = map["outcomes"], let outcomeMap = outcomesNode.mapping("outcomes") {
            for entry in outcomeMap.entries {
                guard expected.contains(entry.key) else {
                    reader.error(
                        "node '\(nodeId)' has no outcome '\(entry.key)'", at: entry.keyNode,
                        hint: DidYouMean.hint(for: entry.key, among: expected)
                            ?? "its outcomes are: \(expected.joined(separator: ", "))")
                    continue
                }
                if let target = entry.value.string("outcome '\(entry.key)'") {
                    outcomes[entry.key] = target
                    targets.append((entry.key, target, entry.value))
                }
            }
        }
        let missing = expected.filter { outcomes[$0] == nil }
        if !missing.isEmpty {
            let how = expected == ["next"] ? "add 'next: <node>'" : "add them under 'outcomes:'"
            reader.error(
                "node '\(nodeId)' does not say where outcome\(missing.count == 1 ? "" : "s") "
                    + "\(missing.map { "'\($0)'" }.joined(separator: ", ")) lead\(missing.count == 1 ? "s" : "")",
                at: map.node.location, hint: how)
        }
        return (outcomes, targets)
    }

    func parseFault(_ node: YNode) -> FaultSpec? {
        if node.isScalar {
            guard let text = node.string("fault") else { return nil }
            if let fault = FaultSpec(headerValue: text) { return fault }
            reader.error(
                "unknown fault '\(text)'", at: node,
                hint: DidYouMean.hint(for: text, among: FaultSpec.kindNames)
                    ?? "expected one of: \(FaultSpec.kindNames.joined(separator: ", "))")
            return nil
        }
        guard let map = node.mapping("fault") else { return nil }
        map.allowOnly(["kind", "ms", "code", "plain", "value"], in: "a fault")
        if let fault = FaultSpec(json: node.json) { return fault }
        reader.error(
            "a fault needs a known 'kind' (\(FaultSpec.kindNames.joined(separator: ", "))); "
                + "delay needs 'ms', status needs 'code' (100-599), hangOnValue needs 'value'", at: node)
        return nil
    }

    static let textKeys = ["stage", "header", "description"]

    /// What a node of kind `name` says; nil (with an error reported) when it is not valid.
    func parseKind(_ name: NodeKind.Name, _ node: YNode, nodeId: String) -> NodeKind? {
        let context = "\(name.rawValue) node '\(nodeId)'"
        switch name {
        case .page:
            return PageTreeParser(reader: reader, values: values).parsePage(node, context: context).map(NodeKind.page)
        case .decision: return parseCondition(node, context: context).map(NodeKind.decision)
        case .credentials:
            let map = values.optionalMapping(node, context)
            map?.allowOnly(["username", "password"], in: context)
            return .credentials(
                CredentialsSpec(
                    username: map?["username"]?.string("username") ?? "username",
                    password: map?["password"]?.string("password") ?? "password"))
        case .identify:
            let map = values.optionalMapping(node, context)
            map?.allowOnly(["value", "attribute"], in: context)
            return .identify(
                IdentifySpec(
                    value: map?["value"]?.string("value") ?? "username",
                    attribute: map?["attribute"]?.string("attribute")))
        case .retryLimit:
            guard let map = node.mapping(context) else { return nil }
            map.allowOnly(["limit"], in: context)
            guard let limit = values.positiveInt(map.required("limit", in: context), "limit") else { return nil }
            return .retryLimit(RetryLimitSpec(limit: limit))
        case .createUser: return parseCreateUser(node, context: context).map(NodeKind.createUser)
        case .recaptcha: return parseRecaptcha(node, context: context).map(NodeKind.recaptcha)
        case .choice: return parseChoice(node, context: context).map(NodeKind.choice)
        case .confirmation: return parseConfirmation(node, context: context).map(NodeKind.confirmation)
        case .pollingWait: return parsePolling(node, context: context).map(NodeKind.pollingWait)
        case .emailSuspend: return parseSuspend(node, context: context).map(NodeKind.emailSuspend)
        case .otpSend: return parseOTPSend(node, context: context).map(NodeKind.otpSend)
        case .otpVerify:
            let map = values.optionalMapping(node, context)
            map?.allowOnly(Self.textKeys + ["prompt", "from"], in: context)
            return .otpVerify(
                OTPVerifySpec(
                    text: map.map(values.pageText) ?? PageText(stage: "OneTimePassword"),
                    prompt: map?["prompt"]?.string("prompt") ?? "One Time Password",
                    from: map?["from"]?.string("from") ?? "otp"))
        case .kbaVerify:
            let map = values.optionalMapping(node, context)
            map?.allowOnly(Self.textKeys + ["username", "question"], in: context)
            return .kbaVerify(
                KBAVerifySpec(
                    text: map.map(values.pageText) ?? PageText(),
                    username: map?["username"]?.string("username") ?? "username",
                    question: values.nonNegativeInt(map?["question"], "question") ?? 0))
        case .message: return parseMessage(node, context: context).map(NodeKind.message)
        case .oathRegistration: return .oathRegistration(parseOATHRegistration(node, context: context))
        case .oathVerify: return .oathVerify(parseOATHVerify(node, context: context))
        case .proofOfWork: return .proofOfWork(parseProofOfWork(node, context: context))
        case .mathCaptcha: return .mathCaptcha(parseMathCaptcha(node, context: context))
        case .zeroPageLogin: return parseZeroPageLogin(node, context: context).map(NodeKind.zeroPageLogin)
        case .webAuthnRegistration:
            return .webAuthnRegistration(
                WebAuthnTreeParser(reader: reader, values: values).parseWebAuthnRegistration(node, context: context))
        case .webAuthnAuthentication:
            return .webAuthnAuthentication(
                WebAuthnTreeParser(reader: reader, values: values).parseWebAuthnAuthentication(node, context: context))
        case .recoveryCodeDisplay:
            return .recoveryCodeDisplay(
                WebAuthnTreeParser(reader: reader, values: values).parseRecoveryCodeDisplay(node, context: context))
        case .recoveryCodeCollector:
            return .recoveryCodeCollector(
                WebAuthnTreeParser(reader: reader, values: values).parseRecoveryCodeCollector(node, context: context))
        case .set:
            guard let map = node.mapping(context) else { return nil }
            return .set(SetSpec(values: map.entries.map { ($0.key, $0.value.json) }))
        case .success:
            let map = values.optionalMapping(node, context)
            map?.allowOnly(["successUrl"], in: context)
            return .success(SuccessSpec(successUrl: map?["successUrl"]?.string("successUrl")))
        case .failure: return parseFailure(node, context: context).map(NodeKind.failure)
        }
    }

    private func parseCreateUser(_ node: YNode, context: String) -> CreateUserSpec? {
        let map = values.optionalMapping(node, context)
        map?.allowOnly(["username", "password", "attributes", "kba"], in: context)
        var attributes: [(name: String, path: String)] = []
        if let attributesNode = map?["attributes"] {
            if attributesNode.isSequence {
                attributes = (attributesNode.stringList("attributes") ?? []).map { ($0, $0) }
            } else if let attributeMap = attributesNode.mapping("attributes") {
                attributes = attributeMap.entries.compactMap { entry in
                    entry.value.string("attribute '\(entry.key)'").map { (entry.key, $0) }
                }
            }
        }
        return CreateUserSpec(
            username: map?["username"]?.string("username") ?? "username",
            password: map?["password"]?.string("password") ?? "password",
            attributes: attributes,
            kba: map?["kba"]?.stringList("kba") ?? [])
    }

    private func parseChoice(_ node: YNode, context: String) -> ChoiceSpec? {
        guard let map = node.mapping(context) else { return nil }
        map.allowOnly(Self.textKeys + ["prompt", "choices", "defaultChoice", "store"], in: context)
        guard let choices = nonEmptyList(map.required("choices", in: context), "choices") else { return nil }
        let defaultChoice = values.nonNegativeInt(map["defaultChoice"], "defaultChoice") ?? 0
        if let node = map["defaultChoice"], defaultChoice >= choices.count {
            reader.error("defaultChoice must be an index into choices (0..\(choices.count - 1))", at: node)
        }
        return ChoiceSpec(
            text: values.pageText(map), prompt: map["prompt"]?.string("prompt") ?? "", choices: choices,
            defaultChoice: defaultChoice, store: map["store"]?.string("store"))
    }

    private func parseConfirmation(_ node: YNode, context: String) -> ConfirmationSpec? {
        guard let map = node.mapping(context) else { return nil }
        map.allowOnly(
            Self.textKeys + ["prompt", "options", "messageType", "optionType", "defaultOption"], in: context)
        guard let options = nonEmptyList(map.required("options", in: context), "options") else { return nil }
        return ConfirmationSpec(
            text: values.pageText(map), prompt: map["prompt"]?.string("prompt") ?? "", options: options,
            messageType: map["messageType"]?.int("messageType") ?? 0,
            optionType: map["optionType"]?.int("optionType") ?? -1,
            defaultOption: map["defaultOption"]?.int("defaultOption") ?? 0)
    }

    func nonEmptyList(_ node: YNode?, _ what: String) -> [String]? {
        guard let node, let list = node.stringList(what) else { return nil }
        guard !list.isEmpty else {
            reader.error("\(what) must not be empty", at: node)
            return nil
        }
        if Set(list).count != list.count {
            reader.error("\(what) must not repeat a value (each names an outcome)", at: node)
        }
        return list
    }

    private func parsePolling(_ node: YNode, context: String) -> PollingWaitSpec? {
        let map = values.optionalMapping(node, context)
        map?.allowOnly(Self.textKeys + ["waitTime", "message", "polls", "exitOption"], in: context)
        return PollingWaitSpec(
            text: map.map(values.pageText) ?? PageText(),
            waitTimeMs: values.positiveInt(map?["waitTime"], "waitTime", in: TreeRanges.milliseconds) ?? 5000,
            message: map?["message"]?.string("message") ?? "Waiting for a response...",
            polls: values.positiveInt(map?["polls"], "polls"),
            exitOption: map?["exitOption"]?.string("exitOption") ?? "Exit")
    }

    private func parseSuspend(_ node: YNode, context: String) -> EmailSuspendSpec? {
        guard let map = node.mapping(context) else { return nil }
        map.allowOnly(["to", "message", "subject", "lifetime"], in: context)
        guard let to = map.required("to", in: context)?.string("to") else { return nil }
        return EmailSuspendSpec(
            to: to,
            message: map["message"]?.string("message")
                ?? "An email has been sent to the address you entered. Click the link in that email to proceed.",
            subject: map["subject"]?.string("subject") ?? "Continue signing in",
            lifetime: values.positiveInt(map["lifetime"], "lifetime", in: TreeRanges.seconds) ?? 900)
    }

    private func parseOTPSend(_ node: YNode, context: String) -> OTPSendSpec? {
        guard let map = node.mapping(context) else { return nil }
        map.allowOnly(["channel", "to", "length", "subject", "lifetime", "store"], in: context)
        var channel = OTPSendSpec.Channel.email
        if let channelNode = map["channel"], let text = channelNode.string("channel") {
            if let value = OTPSendSpec.Channel(rawValue: text) {
                channel = value
            } else {
                reader.error("channel must be 'email' or 'sms'", at: channelNode)
            }
        }
        guard let to = map.required("to", in: context)?.string("to") else { return nil }
        let length = values.positiveInt(map["length"], "length", in: TreeRanges.length) ?? 6
        if let lengthNode = map["length"], length > 12 {
            reader.error("length must be at most 12", at: lengthNode)
        }
        return OTPSendSpec(
            channel: channel, to: to, length: min(length, 12),
            subject: map["subject"]?.string("subject") ?? "Your one-time code",
            lifetime: values.positiveInt(map["lifetime"], "lifetime", in: TreeRanges.seconds) ?? 300,
            store: map["store"]?.string("store") ?? "otp")
    }

    private func parseMessage(_ node: YNode, context: String) -> MessageSpec? {
        guard let map = node.mapping(context) else { return nil }
        map.allowOnly(Self.textKeys + ["message", "messageType", "options"], in: context)
        guard let message = map.required("message", in: context)?.string("message") else { return nil }
        var messageType = "0"
        if let typeNode = map["messageType"], let text = typeNode.string("messageType") {
            if ["0", "1", "2", "4"].contains(text) {
                messageType = text
            } else {
                reader.error("messageType must be 0 (info), 1 (warning), 2 (error) or 4 (script)", at: typeNode)
            }
        }
        let options = map["options"].flatMap { nonEmptyList($0, "options") } ?? []
        return MessageSpec(text: values.pageText(map), message: message, messageType: messageType, options: options)
    }

    private func parseZeroPageLogin(_ node: YNode, context: String) -> ZeroPageLoginSpec? {
        let map = values.optionalMapping(node, context)
        map?.allowOnly(["usernameHeader", "passwordHeader", "allowWithoutReferer", "refererAllowlist"], in: context)
        var spec = ZeroPageLoginSpec(
            usernameHeader: "X-OpenAM-Username", passwordHeader: "X-OpenAM-Password", allowWithoutReferer: true,
            refererAllowlist: [])
        for key in ["usernameHeader", "passwordHeader"] {
            guard let valueNode = map?[key], let name = valueNode.string(key) else { continue }
            guard HTTPField.Name(name) != nil else {
                reader.error("\(key) must be an HTTP header name", at: valueNode)
                continue
            }
            if key == "usernameHeader" { spec.usernameHeader = name } else { spec.passwordHeader = name }
        }
        if let allow = map?["allowWithoutReferer"]?.bool("allowWithoutReferer") { spec.allowWithoutReferer = allow }
        if let list = map?["refererAllowlist"]?.stringList("refererAllowlist") { spec.refererAllowlist = list }
        return spec
    }

    private func parseFailure(_ node: YNode, context: String) -> FailureSpec? {
        let map = values.optionalMapping(node, context)
        map?.allowOnly(["code", "message", "failureUrl", "detail"], in: context)
        var spec = FailureSpec(code: 401, message: "Login failure", detail: .settingsFailureUrl)
        if let codeNode = map?["code"], let code = codeNode.int("code") {
            if (400..<600).contains(code) {
                spec.code = code
            } else {
                reader.error("code must be an HTTP error status (400-599)", at: codeNode)
            }
        }
        if let message = map?["message"]?.string("message") { spec.message = message }
        let detail = map?["detail"]?.bool("detail") ?? true
        if !detail {
            spec.detail = .none
        } else if let url = map?["failureUrl"]?.string("failureUrl") {
            spec.detail = .failureUrl(url)
        }
        return spec
    }
}
