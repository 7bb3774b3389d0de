import JourneyCore

/// Reads `limits:` — max steps, max polls, fast polling, the run's deadline.
extension LoadContext {
    func limits(_ node: YNode) -> Limits {
        var limits = Limits()
        guard let mapping = node.mapping("limits") else { return limits }
        mapping.allowOnly(FormatKeys.limits, in: "limits")
        if let value = mapping["maxSteps"].flatMap({ int($0, "limits.maxSteps", minimum: 1) }) {
            limits.maxSteps = value
        }
        if let value = mapping["maxPolls"].flatMap({ int($0, "limits.maxPolls", minimum: 1) }) {
            limits.maxPolls = value
        }
        if let value = mapping["fastPolling"]?.bool("limits.fastPolling") {
            limits.fastPolling = value
        }
        if let node = mapping["deadline"], let seconds = durationSeconds(node, "limits.deadline") {
            if seconds > Limits.maxDeadlineSeconds {
                error("limits.deadline must be at most 24h (86400 s), found '\(node.scalarText ?? "")'", at: node)
            } else {
                limits.deadlineSeconds = seconds
            }
        }
        return limits
    }
}
