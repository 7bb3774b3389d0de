import JourneyCore

/// Reads how the journey starts: `journey: Login` or the full `start:` mapping.
struct StartReader {
    let context: ScriptLoadContext

    /// `journey: Login`, the shorthand for `start: { service: Login }`.
    func journeyShorthand(_ node: YNode) -> StartSpec? {
        guard let service = context.templates.template(node, "journey (a service name)") else { return nil }
        return StartSpec(authIndexType: "service", authIndexValue: service, location: node.location)
    }

    func start(_ node: YNode) -> StartSpec? {
        guard let mapping = node.mapping("start") else { return nil }
        mapping.allowOnly(ScriptKeys.start)
        var start = StartSpec(authIndexType: nil, authIndexValue: nil, location: node.location)

        let service = mapping[ScriptKeys.Start.service]
        let indexType = mapping[ScriptKeys.Start.authIndexType]
        let indexValue = mapping[ScriptKeys.Start.authIndexValue]
        if let service {
            if let indexType {
                context.error(
                    "start has both 'service' and 'authIndexType'; 'service: X' means authIndexType service",
                    at: indexType)
            }
            if let indexValue {
                context.error("start has both 'service' and 'authIndexValue'", at: indexValue)
            }
            start.authIndexType = "service"
            start.authIndexValue = context.templates.template(service, "start.service")
        } else if let indexType {
            start.authIndexType = indexType.strictString("start.authIndexType")
            if let indexValue {
                start.authIndexValue = context.templates.template(indexValue, "start.authIndexValue")
            } else {
                context.error("start.authIndexType needs an authIndexValue", at: indexType)
            }
        } else if let indexValue {
            context.error("start.authIndexValue needs an authIndexType (or write 'service: NAME')", at: indexValue)
        }
        if let resume = mapping[ScriptKeys.Start.resume] {
            start.resume = context.valueSpec(resume, "start.resume")
        }
        if let link = mapping[ScriptKeys.Start.resumeUrl] {
            start.resumeURL = context.valueSpec(link, "start.resumeUrl")
            if let resume = mapping[ScriptKeys.Start.resume] {
                context.error("start has both 'resume' and 'resumeUrl'; the link holds the suspendedId", at: resume)
            }
            for key in [ScriptKeys.Start.service, .authIndexType, .authIndexValue] {
                if let other = mapping[key] {
                    context.error(
                        "start has both 'resumeUrl' and '\(key.rawValue)'; the link says which journey resumes",
                        at: other)
                }
            }
        }
        if let zeroPage = mapping[ScriptKeys.Start.zeroPage] {
            start.zeroPage = self.zeroPage(zeroPage)
        }
        if service == nil, indexType == nil, indexValue == nil,
            ![ScriptKeys.Start.resume, .resumeUrl, .zeroPage].contains(where: { mapping[$0] != nil })
        {
            context.error(
                "start needs 'service', 'authIndexType' and 'authIndexValue', 'resume', 'resumeUrl' or 'zeroPage'",
                at: node)
        }
        start.forceAuth = mapping[ScriptKeys.Start.forceAuth].flatMap { $0.bool("start.forceAuth") } ?? false
        start.noSession = mapping[ScriptKeys.Start.noSession].flatMap { $0.bool("start.noSession") } ?? false
        if let query = mapping[ScriptKeys.Start.query] {
            start.query = context.namedTemplates(query, "start.query")
        }
        start.acceptLanguage = mapping[ScriptKeys.Start.acceptLanguage].flatMap { $0.string("start.acceptLanguage") }
        return start
    }

    /// `zeroPage: { username, password, usernameHeader?, passwordHeader? }`; the password is a secret.
    private func zeroPage(_ node: YNode) -> ZeroPageSpec? {
        guard let mapping = node.mapping("start.zeroPage") else { return nil }
        mapping.allowOnly(ScriptKeys.zeroPage)
        let username = context.required(
            ScriptKeys.ZeroPage.username, in: mapping, "start.zeroPage", accepted: ScriptKeys.zeroPage.names
        ).flatMap {
            context.valueSpec($0, "start.zeroPage.username")
        }
        let password = context.required(
            ScriptKeys.ZeroPage.password, in: mapping, "start.zeroPage", accepted: ScriptKeys.zeroPage.names
        ).flatMap {
            context.valueSpec($0, "start.zeroPage.password")
        }
        guard let username, let password else { return nil }
        var spec = ZeroPageSpec(username: username, password: password, location: node.location)
        if let name = mapping[ScriptKeys.ZeroPage.usernameHeader].flatMap({
            headerName($0, "start.zeroPage.usernameHeader")
        }) {
            spec.usernameHeader = name
        }
        if let name = mapping[ScriptKeys.ZeroPage.passwordHeader].flatMap({
            headerName($0, "start.zeroPage.passwordHeader")
        }) {
            spec.passwordHeader = name
        }
        return spec
    }

    private func headerName(_ node: YNode, _ what: String) -> String? {
        guard let name = node.strictString(what) else { return nil }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) })
        else {
            context.error("\(what) must be an HTTP header name (letters, digits, '-' and '_')", at: node)
            return nil
        }
        return name
    }
}
