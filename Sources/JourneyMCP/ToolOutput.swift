import Foundation
import JourneyCore

/// What a tool call gives back: a structured value, a short text rendering of it, and whether
/// the call is an error (a script with lint errors, a refused path, a broken recording).
struct ToolOutput: Sendable {
    var structured: JSONValue
    var text: String
    var isError = false

    /// An error result: a message, as text and as `{ "error": message }`.
    static func failure(_ message: String) -> ToolOutput {
        ToolOutput(structured: ["error": .string(message)], text: message, isError: true)
    }
}

/// Makes a tool's output fit to leave the server: paths shown relative to the root, every
/// value of the scripts' environment masked (the environment is the server's: an assistant
/// reads none of it), and text and structure cut to the size limit.
struct OutputScrubber: Sendable {
    /// The mask an environment value is replaced with.
    static let mask = "«env»"
    /// The shortest values masked: of the env file (set for the scripts), and of the rest of
    /// the environment, where shorter ones are common words and paths (`1`, `/root`, `C.UTF-8`)
    /// that would mask parts of every URL.
    static let shortestMasked = (envFile: 3, process: 8)

    let root: RootFolder
    let limit: Int
    private let hidden: [String]

    init(root: RootFolder, environment: [String: String], envFile: [String: String], limit: Int) {
        self.root = root
        self.limit = limit
        let values =
            envFile.values.filter { $0.count >= Self.shortestMasked.envFile }
            + environment.values.filter { $0.count >= Self.shortestMasked.process }
        // Longest first, so a value containing another is masked whole.
        hidden = Set(values).sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    func scrub(_ output: ToolOutput) -> ToolOutput {
        var structured = scrub(value: output.structured)
        var text = scrub(text: output.text)
        let size = structured.fastJSON.count
        if size > limit {
            structured = [
                "truncated": true, "characters": .int(size), "limit": .int(limit),
                "summary": structured["summary"] ?? .null,
            ]
        }
        if text.count > limit {
            text = String(text.prefix(limit)) + "\n… (cut at \(limit) characters)"
        }
        return ToolOutput(structured: structured, text: text, isError: output.isError)
    }

    func scrub(text: String) -> String {
        var text = text.replacingOccurrences(of: root.path + "/", with: "")
        for value in hidden where text.contains(value) {
            text = text.replacingOccurrences(of: value, with: Self.mask)
        }
        return text
    }

    private func scrub(value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(scrub(text: text))
        case .array(let items): return .array(items.map(scrub(value:)))
        case .object(let members): return .object(members.mapValues(scrub(value:)))
        default: return value
        }
    }
}
