import Foundation
import JourneyCore
import JourneyTestSupport

@testable import JourneyFormat
@testable import JourneyRecording
@testable import JourneyRun

/// One journey whose every piece of text came from an app or a server that meant harm: its
/// name, stage, header, prompts, choice labels, the values the app sent (objects shaped like
/// value sources too) and the error message it ended with. `capture` makes it as
/// `journey capture` would have seen it; `importAndReplay` imports it as `journey capture` and
/// `journey import` do, lints the script and replays it against its own recording.
struct HostileTraffic: Sendable, CustomStringConvertible {
    var journeyName = "Login"
    var stage = "UsernamePassword"
    var header = "Sign in"
    var prompt = "User Name"
    var label = "SMS"
    /// The label of the option the app did not choose, offered first; nil for `label (other)`.
    var otherLabel: String? = nil
    /// What the app answered to the NameCallback.
    var name: JSONValue = "demo"
    /// What the app answered to the TextInputCallback.
    var text: JSONValue = "text"
    /// What the app answered to the input of a callback of a type the runner does not know.
    var custom: JSONValue = "custom"
    /// The failure's message; nil for a success.
    var message: String? = "Login failure"
    /// The name of the HAR file, placed in the script's header comment.
    var file = "capture.har"

    var description: String {
        let fields: [(String, JSONValue)] = [
            ("journeyName", .string(journeyName)), ("stage", .string(stage)), ("header", .string(header)),
            ("prompt", .string(prompt)), ("label", .string(label)), ("name", name), ("text", text),
            ("custom", custom), ("message", message.map(JSONValue.string) ?? .null), ("file", .string(file)),
        ]
        return JSONValue.object(Dictionary(uniqueKeysWithValues: fields)).compactJSON
    }

    static let upstream = CaptureRoute(name: "", origin: "https://am.example.com", path: "/am")

    /// The journey as `journey capture` logs it: a step of five callbacks, the app's answers, the end.
    func capture() -> CaptureLog {
        let log = CaptureLog()
        var components = URLComponents(string: "https://am.example.com/am/json/realms/root/realms/alpha/authenticate")
        components?.queryItems = [
            URLQueryItem(name: "authIndexType", value: "service"),
            URLQueryItem(name: "authIndexValue", value: journeyName),
        ]
        // URLComponents leaves `+` (and `&`, `=` in a value) as they are; a server would read them otherwise.
        let query = components?.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        components?.percentEncodedQuery = query
        let url = components?.string ?? ""
        let step = Self.step(self, answered: false)
        let answer = Self.step(self, answered: true)
        let end: JSONValue =
            message.map { ["code": 401, "reason": "Unauthorized", "message": .string($0)] }
            ?? ["tokenId": "token-1", "successUrl": "/am/console", "realm": "/alpha"]
        for (request, response, status) in [
            (JSONValue.object([:]), step, 200), (answer, end, message == nil ? 200 : 401),
        ] {
            _ = log.add(
                CapturedExchange(
                    startedAt: Date(timeIntervalSince1970: 1_800_000_000), duration: 0.01, method: "POST", url: url,
                    requestHeaders: [HeaderField("Content-Type", "application/json")],
                    requestBody: Data(request.compactJSON.utf8), status: status,
                    responseHeaders: [HeaderField("Content-Type", "application/json")],
                    responseBody: Data(response.compactJSON.utf8), proxyError: false))
        }
        return log
    }

    private static func step(_ traffic: HostileTraffic, answered: Bool) -> JSONValue {
        func callback(_ type: String, _ outputs: [(String, JSONValue)], _ inputs: [(String, JSONValue, JSONValue)])
            -> JSONValue
        {
            [
                "type": .string(type),
                "output": .array(outputs.map { ["name": .string($0.0), "value": $0.1] }),
                "input": .array(inputs.map { ["name": .string($0.0), "value": answered ? $0.2 : $0.1] }),
            ]
        }
        return [
            "authId": "auth-1", "stage": .string(traffic.stage), "header": .string(traffic.header),
            "callbacks": [
                callback("NameCallback", [("prompt", .string(traffic.prompt))], [("IDToken1", "", traffic.name)]),
                callback("TextInputCallback", [("prompt", .string(traffic.prompt))], [("IDToken2", "", traffic.text)]),
                callback(
                    "ChoiceCallback",
                    [
                        ("prompt", .string(traffic.prompt)),
                        (
                            "choices",
                            [.string(traffic.otherLabel ?? traffic.label + " (other)"), .string(traffic.label)]
                        ),
                        ("defaultChoice", 0),
                    ], [("IDToken3", 0, 1)]),
                callback("HostileCallback", [("prompt", .string(traffic.prompt))], [("IDToken4", "", traffic.custom)]),
            ],
        ]
    }

    /// What went wrong, or nil when the script lints clean of errors, reads no source the app
    /// did not ask for, and replays its own recording to a pass, both ways it is imported.
    func importAndReplay() async -> String? {
        let (document, pages) = CaptureDocument.make(capture(), upstream: Self.upstream)
        guard let page = pages.first else { return "the capture made no page" }
        // `journey capture` imports from the document in memory; `journey import` from the file.
        let written = HARWriter.text(document)
        let read: HARDocument
        do {
            read = try HARReader.read(data: Data(written.utf8), name: file)
        } catch {
            return "the HAR written does not read back: \(error.message)"
        }
        for (how, source) in [("capture", document), ("import", read)] {
            if let problem = await Self.importAndReplay(source, page: page, file: file) {
                return "\(how): \(problem)"
            }
        }
        return nil
    }

    private static func importAndReplay(_ document: HARDocument, page: CaptureDocument.Page, file: String) async
        -> String?
    {
        let text: String
        let recording: Recording
        do {
            recording = try Recording(document: document, source: file, script: page.scriptFile)
            text = try ScriptImporter.script(from: recording, journeyName: page.journeyName, readsOutbox: true)
        } catch {
            return "not imported: \(error.message)"
        }
        let (script, diagnostics) = ScriptLoader.lint(text: text, file: page.scriptFile)
        let problems = diagnostics.filter { $0.severity == .error || $0.message.contains("command") }
        guard problems.isEmpty, let script else { return "lint: \(problems)\n\(text)" }
        if let read = readsBeyondTheImporters(script) { return "\(read)\n\(text)" }
        do {
            let compiled = try JourneyCompiler.compile(script)
            let result = await RecordingSupport.replay(compiled, from: recording)
            guard result.status == .passed else {
                return "replay: \(result.error?.message ?? "") \(result.failures)\n\(text)"
            }
        } catch {
            return "compile: \(error)\n\(text)"
        }
        return nil
    }

    /// A value source the importer did not write itself: a program, a generator, or an
    /// environment variable other than the `JOURNEY_…` secrets it declares.
    private static func readsBeyondTheImporters(_ script: Script) -> String? {
        var specs = script.vars.map(\.value)
        for handler in script.handlers {
            let answer = handler.answer
            specs += [answer.value, answer.question, answer.answer, answer.token, answer.clientError].compactMap { $0 }
            specs += answer.inputs.map(\.value)
        }
        for spec in specs {
            switch spec.source {
            case .command, .generate: return "a value runs or generates something: \(spec.source)"
            case .env(let name, _) where !name.hasPrefix("JOURNEY_"): return "a value reads the environment: \(name)"
            default: continue
            }
        }
        return nil
    }
}
