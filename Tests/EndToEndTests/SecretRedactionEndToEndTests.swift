import Foundation
import JourneyCore
import JourneySimulator
import Testing

@testable import JourneyReport
@testable import JourneyRun

/// Secrets stay secret in every output, and redaction never breaks a recording: every example
/// is run in process, recorded and replayed, and every output is searched.
@Suite struct SecretRedactionEndToEndTests {
    /// Secrets that are also words of the protocol, the examples' data or any text.
    static let awkwardSecrets = ["Password", "Callback", "demo", "true", "1", "a", "0", "f", "ctype", "captcha"]

    /// Redaction is structural: with a secret that is also a word of the protocol, every
    /// example still records and replays, callback types and stage names are whole, and no
    /// value the runner sent shows the secret in any output.
    @Test(arguments: awkwardSecrets)
    func awkwardSecretsKeepRecordingsWhole(_ secret: String) async throws {
        let examples = SecretOutputs.examples
        let recorded = await SecretOutputs.record(examples, extraSecrets: [secret])
        Self.expectAllPassed(recorded, "recording with the secret '\(secret)'")
        Self.expectNoSentValue(secret, in: recorded)
        Self.expectStructureWhole(recorded, secret: secret)
        let replayed = try await SecretOutputs.replay(examples, har: recorded.har, extraSecrets: [secret])
        Self.expectAllPassed(replayed, "replaying with the secret '\(secret)'")
        Self.expectNoSentValue(secret, in: replayed)
        let withoutSecret = try await SecretOutputs.replay(examples, har: recorded.har)
        Self.expectAllPassed(withoutSecret, "replaying without the secret '\(secret)'")
    }

    /// The "Done when" check: over every example, no secret a run held (passwords, tokens,
    /// OTP seeds and codes, PINs, captured secrets) is in any output, in any encoding.
    @Test func noSecretOfAnyExampleReachesAnyOutput() async throws {
        let recorded = await SecretOutputs.record(SecretOutputs.examples)
        Self.expectAllPassed(recorded, "the examples")
        #expect(recorded.secrets.count >= 20, "\(recorded.secrets.count) secrets")
        Self.expectNoSecret(recorded)
        let replayed = try await SecretOutputs.replay(SecretOutputs.examples, har: recorded.har)
        Self.expectAllPassed(replayed, "the replayed examples")
        Self.expectNoSecret(replayed)
    }

    /// Issue 16 item 10: the seed of a device registered by an example is a secret from the
    /// moment the runner reads it, in the QR script (`otpauth\x3A…secret\x3D…`) too.
    @Test func otpSeedsNeverReachTheReports() async throws {
        let paths = ["hotp.yaml", "totp-register-then-login.yaml"].map {
            SecretOutputs.root.appendingPathComponent("journeys/" + $0).path
        }
        let recorded = await SecretOutputs.record(paths)
        Self.expectAllPassed(recorded, "the OTP registrations")
        let seeds = recorded.secrets.filter { $0.count >= 16 && $0.allSatisfy { $0.isUppercase || $0.isNumber } }
        #expect(!seeds.isEmpty, "the registered seeds of \(recorded.secrets)")
        Self.expectNoSecret(recorded)
        #expect(recorded.console.contains("otpauth\\x3A"), "the QR script is shown, with its seed hidden")
    }

    // MARK: Checks

    static func expectAllPassed(_ run: SecretOutputs.Run, _ what: String) {
        let bad = run.results.filter { $0.status != .passed }
        #expect(
            bad.isEmpty,
            "\(what): \(bad.map { "\($0.file): \($0.status) \($0.error?.description ?? "") \($0.failures.map(\.description))" })"
        )
        #expect(!run.results.isEmpty)
    }

    /// Every secret the runs held, in every encoding, in every output: none.
    static func expectNoSecret(_ run: SecretOutputs.Run, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (name, text) in run.outputs {
            for (secret, hits) in SecretSearch.hits(of: run.secrets, in: text) {
                Issue.record("secret '\(secret)' in the \(name): \(hits.prefix(3))", sourceLocation: sourceLocation)
            }
        }
    }

    /// No value the runner sent is the secret: inputs in the JSON report, the console's
    /// answers, and the HAR's inputs, query values, headers and cookies.
    static func expectNoSentValue(_ secret: String, in run: SecretOutputs.Run) {
        for result in run.results {
            for step in result.steps {
                for input in step.callbacks.flatMap(\.inputs) {
                    #expect(input.value != secret, "\(result.file) step \(step.number) input \(input.name)")
                }
            }
        }
        let answers = run.console.split(separator: "\n").compactMap { line in
            line.range(of: " ← ").map { String(line[$0.upperBound...]) }
        }
        for answer in answers {
            let values = answer.split(separator: " ").map { $0.split(separator: "=", maxSplits: 1).last ?? $0 }
            #expect(!values.contains(Substring(secret)), "console answer: \(answer)")
        }
        for sent in sentValues(inHAR: run.har) {
            #expect(sent.value != secret, "HAR: \(sent.place) holds the secret")
        }
    }

    /// Callback types, stage names and JSON keys are never redacted, and no placeholder is glued to a word.
    static func expectStructureWhole(_ run: SecretOutputs.Run, secret: String) {
        let placeholder = Redactor.placeholder("secret")
        for (name, text) in run.outputs {
            for view in SecretSearch.views(of: text) {
                let glued =
                    SecretSearch.occurrences(of: placeholder, in: view).filter { excerpt in
                        // An escaped delimiter (`\x3D`, `%3D`, `\u0026`) is a delimiter, not part of a word.
                        let unescaped = excerpt.replacingOccurrences(
                            of: #"\\+x[0-9A-Fa-f]{2}|%[0-9A-Fa-f]{2}|\\+u[0-9A-Fa-f]{4}"#, with: " ",
                            options: .regularExpression)
                        return unescaped.range(
                            of: "[A-Za-z0-9_]«secret»|«secret»[A-Za-z0-9_]", options: .regularExpression) != nil
                    }
                #expect(glued.isEmpty, "the \(name) has '\(secret)' replaced inside a word: \(glued.prefix(3))")
            }
        }
        for body in bodies(inHAR: run.har) {
            walk(body) { key, value in
                #expect(!key.contains("«"), "a JSON key was redacted: \(key)")
                if key == "type" || key == "stage", let text = value.stringValue {
                    #expect(!text.contains("«"), "\(key) redacted: \(text)")
                }
            }
        }
    }

    // MARK: HAR reading

    static func entries(inHAR har: String) -> [JSONValue] {
        let json = try? JSONValue.parse(Data(har.utf8))
        return json?["log"]?["entries"]?.arrayValue ?? []
    }

    static func bodies(inHAR har: String) -> [JSONValue] {
        entries(inHAR: har).flatMap { entry in
            [entry["request"]?["postData"]?["text"], entry["response"]?["content"]?["text"]].compactMap { text in
                text?.stringValue.flatMap { try? JSONValue.parse(Data($0.utf8)) }
            }
        }
    }

    /// Values the runner sent, as the HAR holds them: callback inputs, query values (but the
    /// journey's name), form parameters, headers and cookies.
    static func sentValues(inHAR har: String) -> [(place: String, value: String)] {
        var values: [(String, String)] = []
        for entry in entries(inHAR: har) {
            guard let request = entry["request"] else { continue }
            let url = request["url"]?.stringValue ?? ""
            for item in request["queryString"]?.arrayValue ?? [] {
                let name = item["name"]?.stringValue ?? ""
                if ["authIndexType", "authIndexValue", "service"].contains(name) { continue }
                values.append(("query \(name) of \(url)", item["value"]?.displayText ?? ""))
            }
            for field in (request["headers"]?.arrayValue ?? []) + (request["cookies"]?.arrayValue ?? []) {
                values.append(
                    ("header or cookie \(field["name"]?.displayText ?? "")", field["value"]?.displayText ?? ""))
            }
            let text = request["postData"]?["text"]?.stringValue ?? ""
            if let json = try? JSONValue.parse(Data(text.utf8)) {
                for callback in json["callbacks"]?.arrayValue ?? [] {
                    for input in callback["input"]?.arrayValue ?? [] {
                        values.append(("input of \(url)", input["value"]?.displayText ?? ""))
                    }
                }
            } else {
                for pair in text.split(separator: "&") {
                    let value = pair.split(separator: "=", maxSplits: 1).last.map(String.init) ?? ""
                    values.append(("form value of \(url)", PercentEncoding.decoded(value, plusAsSpace: true) ?? value))
                }
            }
        }
        return values
    }

    static func walk(_ json: JSONValue, _ visit: (String, JSONValue) -> Void) {
        switch json {
        case .object(let object):
            for (key, value) in object {
                visit(key, value)
                walk(value, visit)
            }
        case .array(let items):
            for item in items { walk(item, visit) }
        default:
            break
        }
    }
}
