import Foundation
import JourneyKit
import JourneyLoad
import JourneySimulator

/// One entry point per parser that reads outside input, each taking arbitrary bytes. A parser
/// may reject any input with an error; it must never trap, hang or grow without bound. The
/// libFuzzer executables in Fuzz/ and the fuzz smoke test of the suite both call these.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A journey script, as `journey lint` reads it (decoding, YAML, loader, compiler).
    case script
    /// A simulator tree file (`kind: simulator`).
    case tree
    /// One template string with `{{ }}` expressions.
    case expression
    /// A JSON body, as the runner and the simulator read one.
    case json
    /// A HAR recording, as `journey import`, `serve` and `--replay` read it.
    case har
    /// A protected resource's answer carrying policy advice: the first byte picks the form
    /// (policy decision JSON, WWW-Authenticate header, IG redirect, advice XML).
    case advice
    /// An OAuth 2.0 / OpenID Connect answer: the first byte picks the form (ID token, redirect
    /// URL, discovery document, token or error body).
    case oauth
    /// A Rakuten server's answer: the first byte picks the form (Challenger `/v1.0/c`,
    /// `/v1.0/m`, or an RAE token or error body).
    case rakuten
    /// A report `journey report merge` reads (JSON report or JUnit XML), merged with a copy of
    /// itself; a merged JSON report is also rendered as the HTML report.
    case report
    /// WebAuthn options and device files: the first byte picks the form (0/1 a MetadataCallback's
    /// `data`, 2/3 AM's WebAuthn script, for registration/authentication; 4 a device file).
    case passkey
    /// What the simulator's WebAuthn nodes read: the first byte picks the form (a registration or
    /// an authentication `webAuthnOutcome` through the relying party's checks, an attestation
    /// object, authenticator data, clientDataJSON, a COSE key).
    case webauthn
    /// A response's header lines as the runner reads them: `Server-Timing` and `Set-Cookie`
    /// into the cookie jar.
    case headers
    /// A `journey load` summary as `journey report merge` reads it (its latency histograms
    /// included), merged with a copy of itself and rendered as text and as the load page.
    case load
    /// A Markdown guide, as `journey run` and `lint` read one: its fenced blocks (CommonMark's
    /// fence rules), its `yaml journey` blocks loaded as scripts, a transcript normalized and
    /// diffed against itself changed, and its transcripts rewritten.
    case markdown
    /// `journey capture`'s forwarding path: an app's request and an upstream's answer as HTTP
    /// text, split at the first NUL byte, through routing, rewriting, the log, redaction and import.
    case capture

    /// Feeds `bytes` to the parser.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .script: Self.script(bytes)
        case .tree: Self.tree(bytes)
        case .expression: Self.expression(bytes)
        case .json: _ = try? JSONReader.parse(bytes)
        case .har: Self.har(bytes)
        case .advice: Self.advice(bytes)
        case .oauth:
            guard let form = bytes.first else { return }
            OAuthWireReader.read(Array(bytes.dropFirst()), form: form)
        case .rakuten:
            guard let form = bytes.first else { return }
            RakutenWire.read(Array(bytes.dropFirst()), form: form)
        case .report: Self.report(bytes)
        case .load: Self.load(bytes)
        case .capture: CaptureFuzzInput.run(bytes)
        case .passkey:
            guard let form = bytes.first else { return }
            PasskeyInputs.read(Array(bytes.dropFirst()), form: form)
        case .webauthn:
            guard let form = bytes.first else { return }
            WebAuthnWireReader.read(Array(bytes.dropFirst()), form: form)
        case .headers: ResponseHeaderInputs.read(bytes)
        case .markdown: GuideInputs.read(bytes)
        }
    }

    private static func script(_ bytes: [UInt8]) {
        guard let text = try? SourceFile.decode(bytes, file: "fuzz.yaml") else { return }
        let (script, _) = ScriptLoader.lint(text: text, file: "fuzz.yaml")
        if let script { _ = try? JourneyCompiler.compile(script) }
    }

    private static func report(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let inputs = [ReportMerge.Input(name: "a", text: text), ReportMerge.Input(name: "b", text: text)]
        if let merged = try? ReportMerge.merge(inputs), let document = merged.document {
            _ = HTMLReport.render(document: document)
            _ = MarkdownReport.render(document: document)
        }
    }

    private static func load(_ bytes: [UInt8]) {
        guard let summary = try? LoadSummary.read(Data(bytes), file: "fuzz.json"),
            let merged = LoadSummary.merged([summary, summary])
        else { return }
        _ = merged.text
        _ = merged.html
    }

    private static func tree(_ bytes: [UInt8]) {
        guard let text = try? SourceFile.decode(bytes, file: "fuzz.yaml") else { return }
        _ = SimulatorLoader.lint(text: text, file: "fuzz.yaml")
    }

    private static func expression(_ bytes: [UInt8]) {
        _ = try? TemplateParser.parse(
            String(decoding: bytes, as: UTF8.self), at: SourceLocation(file: "fuzz.yaml", line: 1, column: 1))
    }

    private static func har(_ bytes: [UInt8]) {
        guard let document = try? HARReader.read(data: Data(bytes), name: "fuzz.har"),
            let recording = try? Recording(document: document, source: "fuzz.har")
        else { return }
        _ = try? ScriptImporter.script(from: recording, journeyName: nil)
    }

    private static func advice(_ bytes: [UInt8]) {
        guard let form = bytes.first else { return }
        let rest = Array(bytes.dropFirst())
        let text = String(decoding: rest, as: UTF8.self)
        switch form % 4 {
        case 0: _ = try? AdviceParser.detect(status: 200, headers: [], body: Data(rest))
        case 1: _ = try? AdviceParser.fromWWWAuthenticate(text)
        case 2: _ = try? AdviceParser.fromRedirect(text)
        default: _ = try? AdviceXML.parse(text)
        }
    }
}
