import JourneyCore

/// Reads `limits:` — max steps, max polls, fast polling, the run's deadline, the bodies it keeps.
extension ScriptLoadContext {
    func limits(_ node: YNode) -> Limits {
        var limits = Limits()
        guard let mapping = node.mapping("limits") else { return limits }
        mapping.allowOnly(ScriptKeys.limits)
        if let value = mapping[ScriptKeys.Limits.maxSteps].flatMap({
            int($0, "limits.maxSteps", in: NumberRanges.steps)
        }) {
            limits.maxSteps = value
        }
        if let value = mapping[ScriptKeys.Limits.maxPolls].flatMap({
            int($0, "limits.maxPolls", in: NumberRanges.polls)
        }) {
            limits.maxPolls = value
        }
        if let value = mapping[ScriptKeys.Limits.fastPolling]?.bool("limits.fastPolling") {
            limits.fastPolling = value
        }
        if let value = mapping[ScriptKeys.Limits.keptBodyBytes].flatMap({
            int($0, "limits.keptBodyBytes", in: NumberRanges.keptBodyBytes)
        }) {
            limits.keptBodyBytes = value
        }
        if let node = mapping[ScriptKeys.Limits.deadline] {
            limits.deadlineSeconds = durationSeconds(
                node, "limits.deadline", maximum: NumberRanges.maximumDeadlineSeconds)
        }
        return limits
    }
}
