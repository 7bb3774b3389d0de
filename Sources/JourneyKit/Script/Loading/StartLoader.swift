import JourneyCore

/// Reads how the journey starts: `journey: Login` or the full `start:` mapping.
extension LoadContext {
    /// `journey: Login`, the shorthand for `start: { service: Login }`.
    func journeyShorthand(_ node: YNode) -> StartSpec? {
        guard let service = template(node, "journey (a service name)") else { return nil }
        return StartSpec(authIndexType: "service", authIndexValue: service, location: node.location)
    }

    func start(_ node: YNode) -> StartSpec? {
        guard let mapping = node.mapping("start") else { return nil }
        mapping.allowOnly(FormatKeys.start, in: "start")
        var start = StartSpec(authIndexType: nil, authIndexValue: nil, location: node.location)

        let service = mapping["service"]
        let indexType = mapping["authIndexType"]
        let indexValue = mapping["authIndexValue"]
        if let service {
            if let indexType {
                error(
                    "start has both 'service' and 'authIndexType'; 'service: X' means authIndexType service",
                    at: indexType)
            }
            if let indexValue {
                error("start has both 'service' and 'authIndexValue'", at: indexValue)
            }
            start.authIndexType = "service"
            start.authIndexValue = template(service, "start.service")
        } else if let indexType {
            start.authIndexType = indexType.strictString("start.authIndexType")
            if let indexValue {
                start.authIndexValue = template(indexValue, "start.authIndexValue")
            } else {
                error("start.authIndexType needs an authIndexValue", at: indexType)
            }
        } else if let indexValue {
            error("start.authIndexValue needs an authIndexType (or write 'service: NAME')", at: indexValue)
        }
        if let resume = mapping["resume"] {
            start.resume = valueSpec(resume, "start.resume")
        }
        if service == nil, indexType == nil, indexValue == nil, mapping["resume"] == nil {
            error("start needs 'service', 'authIndexType' and 'authIndexValue', or 'resume'", at: node)
        }
        start.forceAuth = mapping["forceAuth"].flatMap { $0.bool("start.forceAuth") } ?? false
        start.noSession = mapping["noSession"].flatMap { $0.bool("start.noSession") } ?? false
        if let query = mapping["query"] {
            start.query = namedTemplates(query, "start.query")
        }
        start.acceptLanguage = mapping["acceptLanguage"].flatMap { $0.string("start.acceptLanguage") }
        return start
    }
}
