import Foundation
import JourneyCore

/// JSON bodies are redacted by their structure: keys are never touched; the values of
/// identifier members (callback `type`, `stage`, input and output `name`, `authId`, metadata
/// `_type` / `_action`, a HiddenValueCallback's `id`) are kept, as replay and handlers match on
/// them, and so is a prompt that reads exactly as a secret; secret members (`tokenId`...) are
/// replaced whole; every other string is free text.
extension Redactor {
    /// Members whose value names a part of the protocol, never data: kept as they are.
    static let identifierMembers: Set<String> = ["type", "stage", "name", "authId", "_type", "_action"]

    /// What structural redaction does with a member, by its key: one lookup per member.
    enum MemberRule {
        case secret, identifier, outputValue
    }

    /// The rule for a member: `.secret` for `secretMembers`, `.identifier` for
    /// `identifierMembers`, `.outputValue` for `value` (`memberRuleFollowsTheSets` in the tests).
    /// By length, then bytes: most keys are passed over on their length alone, and no other
    /// text is equal to one of these ASCII names (none holds a letter with a canonical equivalent).
    static func memberRule(_ key: String) -> MemberRule? {
        let bytes = key.utf8
        func `is`(_ name: StaticString) -> Bool {
            name.withUTF8Buffer { bytes.elementsEqual($0) }
        }
        switch bytes.count {
        case 3: return `is`("jws") ? .secret : nil
        case 4: return `is`("type") || `is`("name") ? .identifier : nil
        case 5: return `is`("value") ? .outputValue : `is`("stage") || `is`("_type") ? .identifier : nil
        case 6: return `is`("authId") ? .identifier : nil
        case 7: return `is`("tokenId") ? .secret : `is`("_action") ? .identifier : nil
        case 11: return `is`("suspendedId") ? .secret : nil
        case 16: return `is`("client_assertion") ? .secret : nil
        default: return nil
        }
    }

    /// Outputs (`{"name": …, "value": …}`) whose value identifies the callback.
    static let identifierOutputs: Set<String> = ["id"]

    /// Outputs whose value labels the callback (handlers and replay match on it): kept when
    /// the whole value is a secret's, redacted as text otherwise (`redact(label:)`).
    static let labelOutputs: Set<String> = ["prompt"]

    /// A callback's prompt: a prompt that reads exactly as a secret (`Password`) is kept, as
    /// handlers and replay match on it; a secret inside a longer prompt is replaced.
    func redact(label: String) -> String {
        redact(label: label, with: snapshot)
    }

    func redact(label: String, with secrets: Secrets) -> String {
        Self.placeholder(forWholeValue: label, in: secrets) == nil ? redact(label, with: secrets) : label
    }

    /// An identifier (a stage name): kept, unless it is a secret as a whole (the server echoing it).
    func redact(identifier: String, with secrets: Secrets) -> String {
        Self.placeholder(forWholeValue: identifier, in: secrets) ?? identifier
    }

    /// A JSON body the server returned, with secret members (`tokenId`...) replaced and
    /// registered, and every known secret replaced where it is a whole token of a string.
    package func redact(json: JSONValue) -> JSONValue {
        redact(json: json, sent: false)
    }

    /// With `sent`, the body is one the runner wrote: a number or boolean it sent (outside the
    /// echoed `output` arrays) that equals a secret is replaced whole too.
    package func redact(json: JSONValue, sent: Bool) -> JSONValue {
        var secrets = snapshot
        return redactedIfChanged(json, sent: sent, secrets: &secrets) ?? json
    }

    /// `redact(json:sent:).compactJSON` of `json`, read from `body`: when nothing in it is
    /// secret and `body` is already in compact form (as AM and the runner's own writer send
    /// it), `body` is that text, and writing the JSON again is skipped.
    func redactedCompactJSON(_ json: JSONValue, body: Data?, sent: Bool) -> String {
        var secrets = snapshot
        if let redacted = redactedIfChanged(json, sent: sent, secrets: &secrets) { return redacted.compactJSON }
        if let body, body.withUnsafeBytes({ JSONCanonicalForm.isCanonical($0) }) {
            return String(decoding: body, as: UTF8.self)
        }
        return json.compactJSON
    }

    /// The redacted value, or nil when nothing in it is secret: most of a body is not, and
    /// rebuilding every object and array was most of the cost of redacting it. `secrets` is
    /// the snapshot searched for (taken again when a secret member adds one).
    private func redactedIfChanged(_ json: JSONValue, sent: Bool, secrets: inout Secrets) -> JSONValue? {
        switch json {
        case .object(let object):
            var copy: [String: JSONValue]?
            for (key, value) in object {
                let replacement: JSONValue?
                switch Self.memberRule(key) {
                case .secret? where !(value.stringValue ?? "").isEmpty:
                    register(value.stringValue ?? "", name: key)
                    secrets = snapshot
                    replacement = .string(Self.placeholder(key))
                case .identifier?:
                    // An identifier is kept, but a stage that is a secret as a whole is the server echoing it.
                    replacement =
                        key.utf8.count == 5 && key == "stage"
                        ? value.stringValue.flatMap { Self.placeholder(forWholeValue: $0, in: secrets) }.map(
                            JSONValue.string)
                        : nil
                case .outputValue?:
                    // One lookup of the pair's name for both questions.
                    let name = object["name"]?.stringValue
                    if name.map(Self.identifierOutputs.contains) == true {
                        replacement = nil
                    } else if name.map(Self.labelOutputs.contains) == true, let label = value.stringValue {
                        let redacted = redact(label: label, with: secrets)
                        replacement = redacted == label ? nil : .string(redacted)
                    } else {
                        replacement = redactedIfChanged(value, sent: sent && key != "output", secrets: &secrets)
                    }
                default:
                    replacement = redactedIfChanged(value, sent: sent && key != "output", secrets: &secrets)
                }
                if let replacement {
                    if copy == nil { copy = object }
                    copy?[key] = replacement
                }
            }
            return copy.map { .object($0) }
        case .array(let items):
            var copy: [JSONValue]?
            for (index, item) in items.enumerated() {
                guard let replacement = redactedIfChanged(item, sent: sent, secrets: &secrets) else { continue }
                if copy == nil { copy = items }
                copy?[index] = replacement
            }
            return copy.map { .array($0) }
        case .string(let text):
            let redacted = redact(text, with: secrets)
            return redacted == text ? nil : .string(redacted)
        case .int, .double, .bool:
            guard sent else { return nil }
            return Self.placeholder(forWholeValue: json.displayText, in: secrets).map { .string($0) }
        case .null:
            return nil
        }
    }
}
