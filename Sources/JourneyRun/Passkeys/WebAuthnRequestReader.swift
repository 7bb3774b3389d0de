import Foundation
import JourneyCore

/// Reads a ``WebAuthnRequest`` from the callback AM sends: the MetadataCallback's `data`
/// (AM 7.1+ with `_action` and `_`-prefixed JSON fields, preferred; AM 7.0 with only the text
/// fields), or the TextOutputCallback's JavaScript (AM 6.5 / 7.0, `new Int8Array([...])`).
/// Bounded: a larger script, a longer byte list or more credentials than the limits allow is
/// an error, never a trap.
package enum WebAuthnRequestReader {
    /// Scripts longer than this are not read.
    package static let maxScriptLength = 256 * 1024
    /// Challenges longer than this are rejected (AM sends 32 bytes).
    package static let maxChallengeLength = 1024
    /// At most this many allow/exclude credentials are read.
    package static let maxCredentials = 256

    /// The request in `callback`, a registration or an authentication as `ceremony` says.
    package static func read(_ callback: AMCallback, ceremony: WebAuthnRequest.Ceremony) throws(PasskeyError)
        -> WebAuthnRequest
    {
        if callback.hasType(.metadata), let data = callback.output("data") {
            return try read(metadata: data, ceremony: ceremony)
        }
        guard let script = callback.output("message")?.stringValue else {
            throw PasskeyError("the \(callback.type) carries no WebAuthn options (no data, no script message)")
        }
        return try read(script: script, ceremony: ceremony)
    }

    // MARK: MetadataCallback

    /// The request in a MetadataCallback's `data`.
    package static func read(metadata data: JSONValue, ceremony: WebAuthnRequest.Ceremony) throws(PasskeyError)
        -> WebAuthnRequest
    {
        guard let challengeText = data["challenge"]?.stringValue else {
            throw PasskeyError("the WebAuthn metadata has no challenge")
        }
        guard challengeText.utf8.count <= maxChallengeLength * 2,
            let challenge = Base64URL.decodeBytes(Substring(challengeText)), !challenge.isEmpty
        else {
            throw PasskeyError("the WebAuthn challenge '\(challengeText.prefix(64))' is not base64")
        }
        var request = WebAuthnRequest(ceremony: ceremony, delivery: .metadata, challenge: challenge)
        request.rpId = nonEmpty(data["_relyingPartyId"]?.stringValue) ?? relyingPartyId(inText: data["relyingPartyId"])
        request.rpName = nonEmpty(data["relyingPartyName"]?.stringValue)
        request.userId = nonEmpty(data["userId"]?.stringValue)
        request.userName = nonEmpty(data["userName"]?.stringValue)
        request.displayName = nonEmpty(data["displayName"]?.stringValue)
        request.algorithms = try algorithms(json: data["_pubKeyCredParams"], text: data["pubKeyCredParams"])
        let credentialsKey = ceremony == .registration ? "excludeCredentials" : "allowCredentials"
        request.credentialIds = try credentialIds(json: data["_" + credentialsKey], text: data[credentialsKey])
        request.timeoutMilliseconds = data["timeout"].flatMap { $0.intValue ?? $0.stringValue.flatMap { Int($0) } }
        let selection = try authenticatorSelection(
            json: data["_authenticatorSelection"], text: data["authenticatorSelection"])
        request.userVerification =
            nonEmpty(data["userVerification"]?.stringValue) ?? nonEmpty(selection?["userVerification"]?.stringValue)
        request.residentKey = residentKey(in: selection)
        request.authenticatorAttachment = nonEmpty(selection?["authenticatorAttachment"]?.stringValue)
        request.attestation = nonEmpty(data["attestationPreference"]?.stringValue)
        request.supportsJsonResponse =
            data["supportsJsonResponse"]?.boolValue ?? (data["supportsJsonResponse"]?.stringValue == "true")
        return request
    }

    /// `id: "example.com",` or `rpId: "example.com",` (the text AM 7.1 puts in `relyingPartyId`).
    private static func relyingPartyId(inText value: JSONValue?) -> String? {
        guard let text = value?.stringValue, !text.isEmpty, text.utf8.count <= 4096 else { return nil }
        if let quoted = firstGroup(Pattern.relyingPartyId, in: text) { return nonEmpty(quoted) }
        return text.contains(":") || text.contains("\"") ? nil : text
    }

    private static func algorithms(json: JSONValue?, text: JSONValue?) throws(PasskeyError) -> [Int64] {
        var list = json?.arrayValue
        if list == nil, let text = text?.stringValue, !text.isEmpty {
            guard text.utf8.count <= 64 * 1024, let parsed = try? JSONReader.parse(text).arrayValue else {
                throw PasskeyError("pubKeyCredParams is not a JSON list: \(text.prefix(80))")
            }
            list = parsed
        }
        return (list ?? []).prefix(maxCredentials).compactMap { $0["alg"]?.intValue.map(Int64.init) }
    }

    private static func credentialIds(json: JSONValue?, text: JSONValue?) throws(PasskeyError) -> [[UInt8]] {
        if let items = json?.arrayValue {
            guard items.count <= maxCredentials else {
                throw PasskeyError("more than \(maxCredentials) credentials in the WebAuthn options")
            }
            var ids: [[UInt8]] = []
            for item in items {
                // An entry that cannot be read must not turn the list into "any credential".
                guard let numbers = item["id"]?.arrayValue else {
                    throw PasskeyError("a credential in the WebAuthn options has no id list")
                }
                guard numbers.count <= AuthenticatorData.maxCredentialIdLength else {
                    throw PasskeyError("a credential id of \(numbers.count) bytes is longer than WebAuthn allows")
                }
                var id: [UInt8] = []
                for number in numbers {
                    guard let value = number.intValue, (-128...255).contains(value) else {
                        throw PasskeyError("a credential id holds \(number.displayText.prefix(16)), not a byte")
                    }
                    id.append(UInt8(truncatingIfNeeded: value))
                }
                ids.append(id)
            }
            return ids
        }
        guard let text = text?.stringValue, !text.isEmpty else { return [] }
        return try int8ArrayIds(in: text)
    }

    private static func authenticatorSelection(json: JSONValue?, text: JSONValue?) throws(PasskeyError) -> JSONValue? {
        if let json, json.objectValue != nil { return json }
        guard let text = text?.stringValue, !text.isEmpty else { return nil }
        guard text.utf8.count <= 64 * 1024, let parsed = try? JSONReader.parse(text), parsed.objectValue != nil else {
            throw PasskeyError("authenticatorSelection is not a JSON object: \(text.prefix(80))")
        }
        return parsed
    }

    private static func residentKey(in selection: JSONValue?) -> String? {
        if let value = nonEmpty(selection?["residentKey"]?.stringValue) { return value }
        return selection?["requireResidentKey"]?.boolValue == true ? "required" : nil
    }

    // MARK: TextOutputCallback script

    /// The request in the JavaScript of a TextOutputCallback (AM's "return challenge as JavaScript").
    package static func read(script: String, ceremony: WebAuthnRequest.Ceremony) throws(PasskeyError)
        -> WebAuthnRequest
    {
        guard script.utf8.count <= maxScriptLength else {
            throw PasskeyError("the WebAuthn script is longer than \(maxScriptLength) bytes")
        }
        guard let challengeList = firstGroup(Pattern.challenge, in: script)
        else {
            throw PasskeyError("the WebAuthn script has no challenge (challenge: new Int8Array([...]))")
        }
        let challenge = try bytes(challengeList, what: "the challenge")
        guard !challenge.isEmpty, challenge.count <= maxChallengeLength else {
            throw PasskeyError("the WebAuthn script's challenge has \(challenge.count) bytes")
        }
        var request = WebAuthnRequest(ceremony: ceremony, delivery: .script, challenge: challenge)
        if let rp = firstGroup(Pattern.rp, in: script) {
            request.rpId = nonEmpty(firstGroup(Pattern.quotedId, in: rp))
            request.rpName = nonEmpty(firstGroup(Pattern.quotedName, in: rp))
        }
        if request.rpId == nil { request.rpId = nonEmpty(firstGroup(Pattern.rpId, in: script)) }
        if let userStart = Pattern.firstRange(Pattern.userStart, in: script) {
            let user = String(script[userStart.upperBound...].prefix(4096))
            request.userId = nonEmpty(firstGroup(Pattern.userId, in: user))
            request.userName = nonEmpty(firstGroup(Pattern.quotedName, in: user))
            request.displayName = nonEmpty(firstGroup(Pattern.displayName, in: user))
        }
        if let params = firstGroup(Pattern.pubKeyCredParams, in: script) {
            request.algorithms = try algorithms(json: nil, text: .string(params))
        }
        request.credentialIds = try int8ArrayIds(in: script)
        request.timeoutMilliseconds = firstGroup(Pattern.timeout, in: script).flatMap { Int($0) }
        request.userVerification = nonEmpty(firstGroup(Pattern.userVerification, in: script))
        request.attestation = nonEmpty(firstGroup(Pattern.attestation, in: script))
        request.residentKey = nonEmpty(firstGroup(Pattern.residentKey, in: script))
        if request.residentKey == nil,
            Pattern.firstRange(Pattern.requireResidentKey, in: script) != nil
        {
            request.residentKey = "required"
        }
        request.authenticatorAttachment = nonEmpty(
            firstGroup(Pattern.authenticatorAttachment, in: script))
        return request
    }

    /// Every `"id": new Int8Array([...])` in `text`: the allowed or excluded credentials.
    private static func int8ArrayIds(in text: String) throws(PasskeyError) -> [[UInt8]] {
        guard text.utf8.count <= maxScriptLength else {
            throw PasskeyError("the WebAuthn credential list is longer than \(maxScriptLength) bytes")
        }
        let lists = Pattern.allGroups(Pattern.credentialId, in: text)
        guard lists.count <= maxCredentials else {
            throw PasskeyError("more than \(maxCredentials) credentials in the WebAuthn options")
        }
        var ids: [[UInt8]] = []
        for list in lists {
            let id = try bytes(list, what: "a credential id")
            guard id.count <= AuthenticatorData.maxCredentialIdLength else {
                throw PasskeyError("a credential id of \(id.count) bytes is longer than WebAuthn allows")
            }
            ids.append(id)
        }
        return ids
    }

    /// `1, -2, 3` as bytes (signed or unsigned numbers), as `Int8List` reads them.
    private static func bytes(_ list: String, what: String) throws(PasskeyError) -> [UInt8] {
        // JavaScript allows a trailing comma in an array literal.
        var text = Substring(list).drop { $0.isWhitespace }
        while let last = text.last, last.isWhitespace || last == "," { text.removeLast() }
        do {
            return try Int8List.decode(text)
        } catch {
            throw PasskeyError("\(what): \(error.message)")
        }
    }

    // MARK: Text helpers

    private typealias Pattern = WebAuthnScriptPatterns

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    private static func firstGroup(_ regex: NSRegularExpression?, in text: String) -> String? {
        Pattern.firstGroup(regex, in: text)
    }
}
