import Foundation
import JourneyCore
import JourneyFormat
import JourneyRun

/// What a command asks of the step from a script file to a journey ready to run.
package struct PreparationOptions: Sendable {
    package var load: ScriptLoadOptions
    /// Only scripts carrying at least one of these tags (all when empty); the others are skipped.
    package var tags: [String]
    /// With an invalid `uses:` script, that script's own errors follow (a run shows them; lint
    /// reports them when it checks that file).
    package var detailedReferences: Bool
    /// When set, a `command:` value source this configuration does not allow is an error.
    package var permissions: RunConfiguration?
    /// A flag (`--server`, `--simulate`) replaces every script's server: the tree of
    /// `server.simulate` is then never looked at.
    package var serverReplaced: Bool

    package init(
        load: ScriptLoadOptions = .init(), tags: [String] = [], detailedReferences: Bool = true,
        permissions: RunConfiguration? = nil, serverReplaced: Bool = false
    ) {
        self.load = load
        self.tags = tags
        self.detailedReferences = detailedReferences
        self.permissions = permissions
        self.serverReplaced = serverReplaced
    }
}

/// A script file after the one step every command takes (``ScriptPreparation``): the journey
/// when it can run, and every problem found on the way, in the order found.
package struct PreparedScript: Sendable {
    /// The script's name in results: its file, or a guide block's `guide.md#L40`.
    package let file: String
    /// The file's text when it could be read (a guide's, for a block), to show diagnostics with their source lines.
    package let text: String?
    /// The file the diagnostics name: the script's own, or the guide a block is part of.
    package var sourceFile: String? = nil
    /// The script, when it loaded without errors.
    package let script: Script?
    /// The compiled journey, when nothing on the way was an error.
    package let journey: CompiledJourney?
    /// Errors and warnings: loading, the files the script names, compiling, command permission.
    package let diagnostics: [Diagnostic]

    /// The result a run reports for a script that cannot run.
    package var invalidResult: JourneyResult {
        JourneyResult(
            name: script?.name ?? (file as NSString).lastPathComponent, file: file, tags: script?.tags ?? [],
            diagnostics: diagnostics)
    }

    /// Every diagnostic with its source line and a caret, blank-line separated.
    package var rendered: String {
        DiagnosticText.render(diagnostics, known: text.map { [sourceFile ?? file: $0] } ?? [:])
    }
}

/// Load → check the files the script names → compile → command permission: the one path from
/// a script file to a runnable journey, shared by `run`, `diff`, `bench` and `lint`, so each
/// command finds the same problems the same way.
package enum ScriptPreparation {
    /// Prepares the script at `file`; nil when `options.tags` leave it out.
    package static func prepare(file: String, options: PreparationOptions = .init()) -> PreparedScript? {
        let text: String
        do {
            text = try SourceFile.read(file)
        } catch {
            return PreparedScript(file: file, text: nil, script: nil, journey: nil, diagnostics: [error])
        }
        return prepare(text: text, file: file, options: options)
    }

    /// Prepares a script from its text; `file` names it in diagnostics and anchors relative paths.
    package static func prepare(text: String, file: String, options: PreparationOptions = .init()) -> PreparedScript? {
        let (loaded, loading) = ScriptLoader.lint(text: text, file: file, options: options.load)
        return prepare(loaded: loaded, loading: loading, file: file, text: text, options: options)
    }

    /// Prepares a `yaml journey` block of a Markdown guide: its diagnostics name the guide's own
    /// lines and columns, its result the block (`guide.md#L40`).
    package static func prepare(block: GuideBlock, in guide: Guide, options: PreparationOptions = .init())
        -> PreparedScript?
    {
        let (loaded, loading) = ScriptLoader.lint(block: block, in: guide, options: options.load)
        var prepared = prepare(
            loaded: loaded, loading: loading, file: block.identity, text: guide.text, options: options)
        prepared?.sourceFile = guide.file
        return prepared
    }

    private static func prepare(
        loaded: Script?, loading: [Diagnostic], file: String, text: String, options: PreparationOptions
    ) -> PreparedScript? {
        guard let script = loaded else {
            return PreparedScript(file: file, text: text, script: nil, journey: nil, diagnostics: loading)
        }
        if !options.tags.isEmpty && Set(script.tags).isDisjoint(with: options.tags) { return nil }
        var diagnostics =
            loading
            + ReferencedFiles.diagnostics(
                for: script, options: options.load, detailed: options.detailedReferences,
                simulatorTree: !options.serverReplaced)
        var compiled: CompiledJourney?
        do {
            let journey = try JourneyCompiler.compile(script)
            diagnostics += journey.warnings
            compiled = journey
        } catch {
            diagnostics += error.diagnostics
        }
        if let configuration = options.permissions {
            diagnostics += CommandPermission.diagnostics(for: script, configuration: configuration)
        }
        let runnable = !diagnostics.contains { $0.severity == .error }
        return PreparedScript(
            file: file, text: text, script: script, journey: runnable ? compiled : nil, diagnostics: diagnostics)
    }
}
