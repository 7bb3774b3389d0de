import JourneyCore
import JourneyFormat

/// A script's handler chain as a run uses it: each handler with its position, its label, and
/// the answerer for the callback type it names, looked up once when the script is compiled.
struct HandlerChain: Sendable {
    let handlers: [ActiveHandler]

    init(_ specs: [HandlerSpec]) {
        handlers = specs.enumerated().map { offset, spec in
            ActiveHandler(number: offset + 1, spec: spec, answerer: Self.answerer(for: spec))
        }
    }

    var specs: [HandlerSpec] { handlers.map(\.spec) }

    /// The answerer of the handler's own callback type: `solve` answers with the solver; a named
    /// type with the answerer registered for it (used when the callback is that type and carries
    /// no special form, which the step decides); nil when only the step can tell.
    private static func answerer(for spec: HandlerSpec) -> (any CallbackAnswerer.Type)? {
        if spec.answer.solve != nil { return SolveAnswerer.self }
        return spec.matcher.type.map { AnswererTable.answerer(forTypeNamed: $0.value) }
    }
}
