import JourneyCore

/// Checks that every variable a template reads is declared: a var, a capture, or a name given
/// from outside (`--var`).
extension ScriptLoadContext {
    /// `declaredVars` names every var written, those whose values did not load too.
    func checkVariables(
        vars: [VarDecl], declaredVars: [String], captures: [CaptureSpec], outputs: [Located<String>] = [],
        builtins: Set<String> = []
    ) {
        let varNames = Set(vars.map(\.name))
        for capture in captures where varNames.contains(capture.name) {
            reader.error(
                "capture '\(capture.name)' has the same name as a variable in vars", at: capture.location,
                length: capture.name.unicodeScalars.count)
        }
        for output in outputs
        where varNames.contains(output.value) || captures.contains(where: { $0.name == output.value }) {
            reader.error(
                "uses output '\(output.value)' has the same name as a variable or capture of this script",
                at: output.location, length: output.value.unicodeScalars.count)
        }
        let defined = varNames.union(declaredVars).union(captures.map(\.name)).union(outputs.map(\.value))
            .union(options.knownVariables).union(builtins)
        let candidates = defined.sorted()
        for reference in templates.references where !defined.contains(reference.name) {
            reader.error(
                "undefined variable '\(reference.name)'", at: reference.location, length: reference.length,
                hint: DidYouMean.hint(for: reference.name, among: candidates)
                    ?? "declare it under 'vars:' or 'capture:', or pass it with --var \(reference.name)=VALUE")
        }
    }
}

extension YAMLReader {
    func error(
        _ message: @autoclosure () -> String, at location: SourceLocation, length: Int,
        hint: @autoclosure () -> String? = nil
    ) {
        error(message(), at: Optional(location), length: length, hint: hint())
    }
}
