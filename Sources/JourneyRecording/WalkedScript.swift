import Foundation
import JourneyCore
import Yams

/// What `journey new` knows of a walk that its recording does not say: the server as the person
/// gave it, the callbacks the runner answered by itself, and how the script was made.
package struct WalkedScriptOptions: Sendable {
    package enum Server: Sendable {
        /// A live server's base URL.
        case url(String)
        /// A simulator tree, as the script names it (relative to the script's folder).
        case simulate(String)
    }

    package var server: Server
    /// The realm as given; nil when none was (the server's root realm).
    package var realm: String?
    /// Extra headers sent with every request (`server.headers`).
    package var headers: [(name: String, value: String)] = []
    /// False when the walk did not verify TLS certificates (`server.verifyTLS: false`).
    package var verifyTLS = true
    /// Types the runner answered by itself from an empty handler (a DeviceProfileCallback).
    package var bareTypes: Set<String> = []
    /// A code was computed from a TOTP secret the person gave: a recorded `«totp»` is written
    /// `"{{ totp(otpSecret) }}"`, the secret read from the environment.
    package var totpFromSecret = false
    /// A code was computed from the URI an OATH registration step of the walk showed: the script
    /// captures it (`otpUri: { from: registrationUri }`) and answers `"{{ totp(otpUri) }}"`.
    package var totpFromRegistration = false
    /// The header comment, a line each, without the `# `.
    package var comment: [String] = []

    package init(server: Server, realm: String?) {
        self.server = server
        self.realm = realm
    }
}

/// A script written from a walk: its text and the environment variables its secrets read.
package struct WalkedScript: Sendable {
    package var text: String
    /// `JOURNEY_PASSWORD`, ... in the order the script declares them.
    package var environment: [String]
}

extension ScriptImporter {
    /// The script of a walk's recording (the importer's, with the walk's server and header, and
    /// the map form of `handlers` when each type is answered once).
    package static func walkedScript(from recording: Recording, options: WalkedScriptOptions)
        throws(RecordingError) -> WalkedScript
    {
        var builder = try builder(for: recording, journeyName: nil)
        builder.outbox = ImportedOutbox(recording.others)
        builder.bareTypes = options.bareTypes
        builder.totpFromSecret = options.totpFromSecret
        builder.totpFromRegistration = options.totpFromRegistration
        builder.matchesByText = true
        builder.collect()
        let name = builder.journey.name ?? "Journey"
        var pairs: [(String, Node)] = []
        for (key, node) in builder.rootPairs(source: recording.source) {
            switch key {
            case "name": pairs.append((key, ImportedText.string("\(name) (walked with journey new)")))
            case "tags": continue
            case "server": pairs.append((key, serverNode(options)))
            case "handlers":
                if options.totpFromRegistration {
                    pairs.append(("capture", .block([("otpUri", .flow([("from", .plain("registrationUri"))]))])))
                }
                pairs.append((key, mapForm(builder.handlers) ?? node))
            default: pairs.append((key, node))
            }
        }
        let header = options.comment.map { "# " + ImportedText.comment($0) }
        let body: String
        do {
            body = try Yams.serialize(node: .block(pairs), indent: 2, width: -1, allowUnicode: true)
        } catch {
            throw RecordingError("cannot write the script of the walk as YAML: \(error)")
        }
        return WalkedScript(
            text: header.map { $0 + "\n" }.joined() + body, environment: builder.secrets.map(\.env))
    }

    static func serverNode(_ options: WalkedScriptOptions) -> Node {
        var parts: [(String, Node)] = []
        switch options.server {
        case .url(let url): parts.append(("url", ImportedText.template(url)))
        case .simulate(let tree): parts.append(("simulate", ImportedText.string(tree)))
        }
        if let realm = options.realm { parts.append(("realm", ImportedText.template(realm))) }
        if !options.headers.isEmpty {
            parts.append(("headers", .flow(options.headers.map { ($0.name, ImportedText.template($0.value)) })))
        }
        if !options.verifyTLS { parts.append(("verifyTLS", .plain("false"))) }
        return .flow(parts)
    }

    /// `handlers:` as a map from type to answer, when every handler answers its own type
    /// wherever it comes (no stage to tell two apart); nil when the list form is needed.
    static func mapForm(_ handlers: [Handler]) -> Node? {
        guard Set(handlers.map(\.type)).count == handlers.count, handlers.allSatisfy({ $0.stage == nil }) else {
            return nil
        }
        return .block(
            handlers.map { handler in
                if handler.options.count == 1, handler.options[0].0 == "value" {
                    return (handler.type, handler.options[0].1)
                }
                return (handler.type, .flow(handler.options))
            })
    }
}
