import JourneyCore

/// A script checked and ready to run: the handler chain, the expectations, the limits, and the
/// plan of phases a run executes. A plain value, so one compiled journey runs many times, concurrently.
public struct CompiledJourney: Sendable {
    public let script: Script
    /// Warnings found while compiling (unknown callback types...).
    public let warnings: [Diagnostic]
    /// The phases a run executes, in order.
    let plan: RunPlan

    public var name: String { script.name }
    public var file: String { script.file }
    public var handlers: [HandlerSpec] { script.handlers }
}

/// Checks what the loader cannot check alone: that each handler's options fit the callback
/// type it matches (`choose` only for Choice/Confirmation...), and builds the run plan.
public enum JourneyCompiler {
    public static func compile(_ script: Script) throws(DiagnosticList) -> CompiledJourney {
        var diagnostics: [Diagnostic] = []
        for (index, handler) in script.handlers.enumerated() {
            guard let type = handler.matcher.type else { continue }
            let allowed = CallbackCatalogue.allowedOptions(for: type.value) ?? CallbackCatalogue.customTypeOptions
            for option in handler.answer.setOptions where !allowed.contains(option.key) {
                let fits = allowed.sorted().joined(separator: ", ")
                diagnostics.append(
                    .error(
                        "option '\(option.key)' does not fit \(type.value) (handler #\(index + 1))",
                        at: option.location, length: option.key.count,
                        hint: fits.isEmpty ? "\(type.value) takes no answer options" : "\(type.value) takes: \(fits)"))
            }
        }
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { throw DiagnosticList(diagnostics) }
        return CompiledJourney(script: script, warnings: diagnostics, plan: RunPlan(script))
    }
}
