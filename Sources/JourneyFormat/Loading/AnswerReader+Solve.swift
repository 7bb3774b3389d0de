import JourneyCore

/// Reads `solve: pow` or `solve: { scheme: altcha, challenge: "{{ c }}", timeout: 20000, maxCount: 1000000, input: "" }`.
extension AnswerReader {
    func solve(_ node: YNode, _ what: String) -> SolveSpec? {
        let schemes = SolveSpec.Scheme.allCases.map(\.rawValue)
        if node.isScalar {
            return context.oneOf(schemes, node, what).flatMap(SolveSpec.Scheme.init(rawValue:)).map {
                SolveSpec(scheme: $0, location: node.location)
            }
        }
        guard let mapping = node.mapping(what) else { return nil }
        mapping.allowOnly(ScriptKeys.solve, in: what)
        guard
            let schemeNode = context.required(
                ScriptKeys.Solve.scheme, in: mapping, what, accepted: ScriptKeys.solve.names),
            let scheme = context.oneOf(schemes, schemeNode, "\(what).scheme").flatMap(SolveSpec.Scheme.init(rawValue:))
        else { return nil }
        var spec = SolveSpec(scheme: scheme, location: node.location)
        spec.challenge = mapping[ScriptKeys.Solve.challenge].flatMap { context.valueSpec($0, "\(what).challenge") }
        spec.timeoutMilliseconds = mapping[ScriptKeys.Solve.timeout].flatMap {
            context.int($0, "\(what).timeout (milliseconds)", in: NumberRanges.milliseconds)
        }
        spec.maxCount = mapping[ScriptKeys.Solve.maxCount].flatMap {
            context.int($0, "\(what).maxCount", in: NumberRanges.proofOfWorkCount)
        }
        spec.input = mapping[ScriptKeys.Solve.input].flatMap { $0.string("\(what).input") }
        return spec
    }
}
