import Foundation
import JourneyCore
import JourneyFormat
import JourneyRecording
import JourneyReport
import JourneyRun

/// `journey new`: what to walk and where to write the script.
package struct WalkOptions: Sendable {
    /// The AM base URL; nil with `simulate`.
    package var server: String?
    /// A simulator tree to walk instead of a server.
    package var simulate: String?
    package var realm: String?
    package var journey: String
    /// The script to write; by default the journey's name in kebab case, `.yaml`.
    package var output: String?
    /// Write over an existing script, recording.
    package var force = false
    package var headers: [(name: String, value: String)] = []
    package var verifyTLS = true
    package var timeoutSeconds: Double?
    package var launcher: (any SimulatorLauncher)?
    /// The environment `env` sources read during the walk.
    package var environment: [String: String] = ProcessInfo.processInfo.environment

    package init(journey: String) {
        self.journey = journey
    }
}

/// What a finished walk wrote.
package struct WalkSummary: Sendable {
    package var script: String
    package var recording: String
    /// The environment variables the script reads its secrets from (listed in `.env.example`).
    package var environment: [String]
    package var envExample: String
}

/// Walks a journey with a person answering each step (``WalkAdvisor``), then writes the script
/// that answers it the same way, the walk's recording beside it (redacted as `--record`
/// writes it) and the secrets' variables in `.env.example`. Nothing is written unless the walk
/// reached the journey's end.
package enum JourneyWalk {
    package static func run(_ options: WalkOptions, terminal: WalkTerminal) async throws(WalkStop) -> WalkSummary {
        let script = options.output ?? kebabCase(options.journey) + ".yaml"
        let recording = (script as NSString).deletingPathExtension + ".har"
        let directory = (script as NSString).deletingLastPathComponent
        let envExample =
            directory.isEmpty ? ".env.example" : (directory as NSString).appendingPathComponent(".env.example")
        if !options.force {
            for file in [script, recording] where FileManager.default.fileExists(atPath: file) {
                throw WalkStop("\(file) exists: give --force to write over it, or --out another file")
            }
        }
        let advisor = WalkAdvisor(terminal: terminal, simulating: options.simulate != nil)
        var configuration = RunConfiguration(environment: options.environment, timeoutSeconds: options.timeoutSeconds)
        configuration.stepAdvisor = advisor
        let suite = SuiteOptions(
            paths: [], simulate: options.simulate, configuration: configuration, launcher: options.launcher)
        let result: JourneyResult
        switch await SuiteRunner.launch(file: script, text: walkScript(options), options: suite) {
        case .ready(let compiled, let configuration)?:
            result = await JourneyDriver.run(compiled, configuration: configuration)
        case .finished(let finished)?:
            throw WalkStop(problems(of: finished))
        case nil:
            throw WalkStop("cannot walk \(options.journey)")
        }
        if let stop = advisor.stop.withLock({ $0 }) { throw stop }
        // Refused before any step (a journey, realm or path the server does not know): no walk to write.
        if advisor.stepsShown.withLock({ $0 }) == 0, case .failure(let code, _, let message, _)? = result.outcome {
            throw WalkStop(
                "the server did not start the journey \(VisibleText.escaped(options.journey)) (failure \(code): \(VisibleText.escaped(message))): check --journey, --realm and the server URL with its deployment path; nothing written",
                exitCode: 1)
        }
        showEnd(result, terminal: terminal)
        // The walk's own script expects nothing: an outcome other than success fails only that.
        if result.error != nil || result.outcome == nil {
            throw WalkStop("the walk did not reach the journey's end: nothing written", exitCode: 1)
        }
        var scriptOptions = WalkedScriptOptions(server: .url(options.server ?? ""), realm: options.realm)
        if let tree = options.simulate { scriptOptions.server = .simulate(relativePath(of: tree, from: directory)) }
        scriptOptions.headers = options.headers
        scriptOptions.verifyTLS = options.verifyTLS
        scriptOptions.bareTypes = advisor.bareTypes.withLock { $0 }
        scriptOptions.totpFromSecret = advisor.totpAnswered.withLock { $0 }
        scriptOptions.totpFromRegistration = advisor.totpFromRegistration.withLock { $0 }
        let name = (script as NSString).lastPathComponent
        let har = (recording as NSString).lastPathComponent
        scriptOptions.comment = [
            "Written by `journey new` from a walk of the journey \(options.journey).",
            "Replay it: journey run \(name) --replay \(har)",
        ]
        let walked: WalkedScript
        do {
            let document = HARWriter.document([result])
            walked = try ScriptImporter.walkedScript(
                from: try Recording(document: document, source: recording), options: scriptOptions)
        } catch {
            throw WalkStop("cannot write the script of this walk: \(error.message)", exitCode: 1)
        }
        let text = SchemaReference.adding(to: walked.text, writtenIn: directory.isEmpty ? "." : directory)
        try terminal.whileWriting { () throws(WalkStop) in
            do throws(RecordingError) {
                try HARWriter.write([result], to: recording)
            } catch {
                throw WalkStop(error.message, exitCode: 3)
            }
            do throws(AtomicFile.Failure) {
                try AtomicFile.write(text, to: script, limit: SourceFile.maximumBytes)
                if !walked.environment.isEmpty {
                    try AtomicFile.write(
                        EnvExample.adding(
                            walked.environment, to: try? String(contentsOfFile: envExample, encoding: .utf8)),
                        to: envExample)
                }
            } catch {
                throw WalkStop(error.message, exitCode: 3)
            }
        }
        return WalkSummary(
            script: script, recording: recording, environment: walked.environment, envExample: envExample)
    }

    /// The lines after the files are written: what they are, how to run the script live and replayed.
    package static func closing(_ summary: WalkSummary) -> String {
        var lines = ["", "Wrote \(summary.script) and its recording \(summary.recording)."]
        if summary.environment.isEmpty {
            lines.append("Run it live:  journey run \(summary.script)")
        } else {
            lines.append(
                "Its secrets are read from \(summary.environment.joined(separator: ", ")) (see \(summary.envExample)).")
            let set = summary.environment.map { "\($0)=…" }.joined(separator: " ")
            lines.append("Run it live:  \(set) journey run \(summary.script)")
        }
        lines.append("Replay it:    journey run \(summary.script) --replay \(summary.recording)")
        return lines.map { VisibleText.escaped($0) }.joined(separator: "\n") + "\n"
    }

    /// The script the walk runs: the server, the journey, no handler (the person answers).
    /// JSON, which YAML reads; `{{` in what was given is written as an expression giving `{{`.
    static func walkScript(_ options: WalkOptions) -> String {
        func text(_ value: String) -> JSONValue { .string(ImportedText.escapingExpressions(value)) }
        var server: [String: JSONValue] = [:]
        if options.simulate == nil, let url = options.server { server["url"] = text(url) }
        if let realm = options.realm { server["realm"] = text(realm) }
        if !options.headers.isEmpty {
            server["headers"] = .object(Dictionary(options.headers.map { ($0.name, text($0.value)) }) { $1 })
        }
        if !options.verifyTLS { server["verifyTLS"] = .bool(false) }
        var root: [String: JSONValue] = [
            "version": .int(1), "name": .string("walk of \(options.journey)"), "journey": text(options.journey),
        ]
        if !server.isEmpty { root["server"] = .object(server) }
        return JSONValue.object(root).compactJSON + "\n"
    }

    private static func problems(of result: JourneyResult) -> String {
        let lines = result.diagnostics.map(\.description) + [result.error?.message].compactMap { $0 }
        return lines.isEmpty ? "cannot walk the journey" : lines.joined(separator: "\n")
    }

    /// How the journey ended, as the walk's last lines.
    static func showEnd(_ result: JourneyResult, terminal: WalkTerminal) {
        let style = terminal.style
        var line: String
        switch result.outcome {
        case .success(let tokenPresent, _, _)?:
            line = style.paint("✓ success", .green) + (tokenPresent ? " (a session)" : " (no session)")
        case .failure(let code, _, let message, _)?:
            line = style.paint("✗ failure \(code)", .red) + ": " + VisibleText.escaped(message)
        case .suspended(let message)?:
            line = style.paint("suspended", .yellow) + (message.map { ": " + VisibleText.escaped($0) } ?? "")
        case .timeout(let message)?:
            line = style.paint("timeout", .yellow) + ": " + VisibleText.escaped(message)
        case .redirect(let url, _)?:
            line = style.paint("redirect", .yellow) + " to " + VisibleText.escaped(url)
        case let other?:
            line = VisibleText.escaped("\(other)")
        case nil:
            let why = result.error?.message ?? result.allFailures.first?.description ?? "no outcome"
            line = style.paint("stopped", .red) + ": " + VisibleText.escaped(why)
        }
        terminal.show("\nThe journey ended: " + line + "\n")
    }

    /// `Login` → `login`, `SecondFactor` → `second-factor`, `My Journey 2` → `my-journey-2`.
    static func kebabCase(_ name: String) -> String {
        var result = ""
        var previous: Character?
        for character in name {
            if character.isLetter || character.isNumber, character.isASCII {
                if character.isUppercase, let previous, previous.isLowercase || previous.isNumber, result.last != "-" {
                    result += "-"
                }
                result += character.lowercased()
            } else if !result.isEmpty, result.last != "-" {
                result += "-"
            }
            previous = character
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "journey" : result
    }

    /// `tree` as the script names it: an absolute path as given, a relative one from `directory`.
    static func relativePath(of tree: String, from directory: String) -> String {
        if tree.hasPrefix("/") { return tree }
        let base = URL(fileURLWithPath: directory.isEmpty ? "." : directory).standardizedFileURL.pathComponents
        let target = URL(fileURLWithPath: tree).standardizedFileURL.pathComponents
        var shared = 0
        while shared < min(base.count, target.count), base[shared] == target[shared] { shared += 1 }
        let ups = Array(repeating: "..", count: base.count - shared)
        return (ups + target[shared...]).joined(separator: "/")
    }
}

/// `.env.example`: a line `NAME=` for each variable a script reads, added to what it holds.
enum EnvExample {
    static func adding(_ names: [String], to existing: String?) -> String {
        var text = existing ?? ""
        let present = Set(
            text.split(separator: "\n").compactMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return nil }
                return String(trimmed[..<equals]).replacingOccurrences(of: "export ", with: "")
                    .trimmingCharacters(in: .whitespaces)
            })
        let missing = names.filter { !present.contains($0) }
        guard !missing.isEmpty else { return text }
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        return text + missing.map { "\($0)=\n" }.joined()
    }
}
