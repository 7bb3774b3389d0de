import JourneyCore
import JourneyFormat

/// A script checked and ready to run: the handler chain, the expectations, the limits, and the
/// plan of phases a run executes. A plain value, so one compiled journey runs many times, concurrently.
public struct CompiledJourney: Sendable {
    public let script: Script
    /// Warnings found while compiling (unknown callback types...).
    package let warnings: [Diagnostic]
    /// The phases a run executes, in order.
    let plan: RunPlan

    package var name: String { script.name }
    package var file: String { script.file }
    package var handlers: [HandlerSpec] { script.handlers }
}

/// Checks what the loader cannot check alone: that each handler's options fit the callback
/// type it matches (`choose` only for Choice/Confirmation...), and builds the run plan.
public enum JourneyCompiler {
    public static func compile(_ script: Script) throws(DiagnosticList) -> CompiledJourney {
        var diagnostics: [Diagnostic] = []
        for (index, handler) in script.handlers.enumerated() {
            diagnostics += tokenOptionsWithoutToken(handler, index: index)
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
            diagnostics += authenticatorOptionsWithoutEffect(handler, index: index)
            diagnostics += reCaptchaWithoutTokenOrClientError(handler, index: index)
        }
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { throw DiagnosticList(diagnostics) }
        return CompiledJourney(script: script, warnings: diagnostics, plan: RunPlan(script))
    }

    /// A WebAuthn handler that sends a `clientError` or a `value` of its own never runs the
    /// software authenticator, so its authenticator options would be silently ignored.
    static func authenticatorOptionsWithoutEffect(_ handler: HandlerSpec, index: Int) -> [Diagnostic] {
        guard let type = handler.matcher.type?.value,
            type == CallbackType.webAuthnRegistration.wireName || type == CallbackType.webAuthnAuthentication.wireName
        else { return [] }
        let sender = handler.answer.clientError != nil ? "clientError" : handler.answer.value != nil ? "value" : nil
        guard let sender else { return [] }
        let authenticatorKeys = Set(PasskeyAnswerSpec.keys).union(["deviceName"])
        return handler.answer.setOptions.filter { authenticatorKeys.contains($0.key) }.map { option in
            .error(
                "option '\(option.key)' has no effect with \(sender) (handler #\(index + 1)): the authenticator does not run",
                at: option.location, length: option.key.count,
                hint: "remove it, or remove \(sender) to answer with a passkey")
        }
    }
}
