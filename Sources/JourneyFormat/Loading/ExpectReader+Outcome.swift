import JourneyCore

/// Reads `expect.outcome`: a bare name (`success`) or a single-key mapping with checks.
extension ExpectReader {
    func outcome(_ node: YNode) -> OutcomeExpectation? {
        if node.isScalar, !node.isNull {
            guard let name = outcomeName(node) else { return nil }
            return outcome(named: name, options: nil)
        }
        guard node.isMapping, let mapping = node.mapping("expect.outcome") else {
            context.error(
                "expect.outcome must be an outcome name or a mapping, found \(node.kindDescription)", at: node)
            return nil
        }
        guard mapping.entries.count == 1, let entry = mapping.entries.first else {
            context.error(
                "expect.outcome must have exactly one key, the outcome's name (\(ScriptKeys.outcome.names.joined(separator: ", ")))",
                at: node)
            return nil
        }
        guard let name = outcomeName(entry.keyNode) else { return nil }
        return outcome(named: name, options: entry.value.isNull ? nil : entry.value)
    }

    private func outcomeName(_ node: YNode) -> String? {
        guard let name = node.string("expect.outcome") else { return nil }
        guard ScriptKeys.outcome.names.contains(name) else {
            context.error(
                "unknown outcome '\(name)'", at: node,
                hint: DidYouMean.hint(for: name, among: ScriptKeys.outcome.names)
                    ?? "outcomes: \(ScriptKeys.outcome.names.joined(separator: ", "))")
            return nil
        }
        return name
    }

    private func outcome(named name: String, options: YNode?) -> OutcomeExpectation? {
        let what = "expect.outcome.\(name)"
        let mapping = options.flatMap { $0.mapping(what) }
        if options != nil, mapping == nil { return nil }
        switch ScriptKeys.Outcome(rawValue: name) {
        case .success:
            var check = SuccessCheck()
            if let mapping {
                mapping.allowOnly(ScriptKeys.successOutcome, in: what)
                check.realm = mapping[ScriptKeys.SuccessOutcome.realm].flatMap { context.pattern($0, "\(what).realm") }
                check.successUrl = mapping[ScriptKeys.SuccessOutcome.successUrl].flatMap {
                    context.pattern($0, "\(what).successUrl")
                }
                check.session = mapping[ScriptKeys.SuccessOutcome.session].flatMap { $0.bool("\(what).session") }
            }
            return .success(check)
        case .failure:
            return .failure(mapping.map { failureCheck($0, what) } ?? FailureCheck())
        case .suspended:
            mapping?.allowOnly(ScriptKeys.suspendedOutcome, in: what)
            return .suspended(
                message: mapping?[ScriptKeys.SuspendedOutcome.message].flatMap {
                    context.pattern($0, "\(what).message")
                })
        case .redirect:
            mapping?.allowOnly(ScriptKeys.redirectOutcome, in: what)
            return .redirect(
                url: mapping?[ScriptKeys.RedirectOutcome.url].flatMap { context.pattern($0, "\(what).url") })
        case .timeout:
            mapping?.allowOnly([], in: "\(what) (which takes no options)")
            return .timeout
        case .authorized:
            return .authorized(mapping.map { resourceCheck($0, what) } ?? ResourceCheck())
        case .denied:
            return .denied(mapping.map { resourceCheck($0, what) } ?? ResourceCheck())
        case .token:
            var check = TokenCheck()
            if let mapping {
                mapping.allowOnly(ScriptKeys.tokenOutcome, in: what)
                check.scope = mapping[ScriptKeys.TokenOutcome.scope].flatMap { context.pattern($0, "\(what).scope") }
                if let resource = mapping[ScriptKeys.TokenOutcome.resource],
                    let fields = resource.mapping("\(what).resource")
                {
                    check.resource = resourceCheck(fields, "\(what).resource", keys: ScriptKeys.tokenResource)
                }
            }
            return .token(check)
        case .blocked:
            var check = BlockedCheck()
            mapping?.allowOnly(ScriptKeys.blockedOutcome, in: what)
            check.check = mapping?[ScriptKeys.BlockedOutcome.check].flatMap { context.pattern($0, "\(what).check") }
            check.message = mapping?[ScriptKeys.BlockedOutcome.message].flatMap {
                context.pattern($0, "\(what).message")
            }
            return .blocked(check)
        default:
            return nil
        }
    }

    /// `status`, `body` (a mapping: members that must be equal; a string: a pattern on the text) and `advice`.
    private func resourceCheck(
        _ mapping: YMapping, _ what: String, keys: MappingDeclaration = ScriptKeys.authorizedOutcome
    )
        -> ResourceCheck
    {
        mapping.allowOnly(keys, in: what)
        var check = ResourceCheck()
        check.status = mapping[ScriptKeys.ResourceOutcome.status].flatMap {
            context.int($0, "\(what).status", in: NumberRanges.httpStatus)
        }
        if let body = mapping[ScriptKeys.ResourceOutcome.body] {
            if body.isMapping || body.isSequence {
                check.body = .json(body.json)
            } else {
                check.body = context.pattern(body, "\(what).body").map { .text($0) }
            }
        }
        check.advice = mapping[ScriptKeys.ResourceOutcome.advice].flatMap { context.pattern($0, "\(what).advice") }
        return check
    }

    private func failureCheck(_ mapping: YMapping, _ what: String) -> FailureCheck {
        mapping.allowOnly(ScriptKeys.failureOutcome, in: what)
        var check = FailureCheck()
        check.code = mapping[ScriptKeys.FailureOutcome.code].flatMap {
            context.int($0, "\(what).code", in: NumberRanges.httpStatus)
        }
        check.reason = mapping[ScriptKeys.FailureOutcome.reason].flatMap { context.pattern($0, "\(what).reason") }
        check.message = mapping[ScriptKeys.FailureOutcome.message].flatMap { context.pattern($0, "\(what).message") }
        check.error = mapping[ScriptKeys.FailureOutcome.error].flatMap { context.pattern($0, "\(what).error") }
        check.errorDescription = mapping[ScriptKeys.FailureOutcome.errorDescription].flatMap {
            context.pattern($0, "\(what).errorDescription")
        }
        if let detail = mapping[ScriptKeys.FailureOutcome.detail], let detailMapping = detail.mapping("\(what).detail")
        {
            check.detail = detailMapping.entries.compactMap { entry in
                context.pattern(entry.value, "\(what).detail.\(entry.key)").map { (entry.key, $0) }
            }
        }
        return check
    }
}
