import Foundation
import JourneyCore

/// The options of one WebAuthn ceremony, as a node sends them (am-protocol.md §6).
struct WebAuthnCeremony: Sendable {
    var challenge: [UInt8]
    /// The rp id configured on the node, or nil (AM then sends an empty `relyingPartyId`).
    var configuredRpId: String?
    var rpName: String
    var userVerification: WebAuthnUserVerification
    var timeout: Int
    /// Credential ids (raw bytes) to exclude (registration) or allow (authentication).
    var credentials: [[UInt8]]
    var supportsJsonResponse: Bool
}

/// What a registration adds to the ceremony.
struct WebAuthnUserEntity: Sendable {
    /// `userId`: the base64 of the user's id; the authenticator keeps its characters as the user handle.
    var userId: String
    var name: String
    var displayName: String
}

/// Renders AM's WebAuthn callbacks in either delivery form, with the `webAuthnOutcome` HiddenValueCallback.
enum WebAuthnPage {
    /// How AM's templates join an `Int8Array`'s numbers: `1, -52, 48`.
    static let int8Separator = ", "

    static func int8JSON(_ bytes: [UInt8]) -> JSONValue {
        .array(bytes.map { .int(Int(Int8(bitPattern: $0))) })
    }

    /// `{ "type": "public-key", "id": new Int8Array([…]).buffer },{ … }`: AM's credential list text.
    static func credentialText(_ ids: [[UInt8]]) -> String {
        ids.map {
            #"{ "type": "public-key", "id": new Int8Array([\#(Int8List.encode($0, separator: int8Separator))]).buffer }"#
        }
        .joined(separator: ",")
    }

    static func credentialJSON(_ ids: [[UInt8]]) -> JSONValue {
        .array(ids.map { ["type": "public-key", "id": int8JSON($0)] })
    }

    /// A string inside a JavaScript string literal (in a page's script): quotes, backslashes,
    /// control characters, the two line separators JavaScript ends lines at, and `<` (so a
    /// client's text cannot close the script element).
    static func jsEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "<": out += "\\u003c"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func hidden() -> CallbackSpec {
        var hidden = PageRenderer.spec(.hiddenValue, ["value": "false", "id": .string(HiddenId.webAuthnOutcome)])
        hidden.inputs = [("", .string(HiddenId.webAuthnOutcome))]
        return hidden
    }

    /// AM's "Use Recovery Code" choice beside an authentication (nothing chosen = 100).
    static func recoveryChoice() -> CallbackSpec {
        var choice = PageRenderer.spec(
            .confirmation,
            ["prompt": "", "messageType": 0, "options": ["Use Recovery Code"], "optionType": -1, "defaultOption": 0])
        choice.inputs = [("", 100)]
        return choice
    }

    static func registration(
        _ spec: WebAuthnRegistrationSpec, _ ceremony: WebAuthnCeremony, _ user: WebAuthnUserEntity
    ) -> [CallbackSpec] {
        let params = spec.algorithms.map { #"{ "type": "public-key", "alg": \#($0) }"# }
        let paramsText = "[ " + params.joined(separator: ", ") + " ]"
        var selection: [(String, JSONValue)] = [("userVerification", .string(ceremony.userVerification.rawValue))]
        if let attachment = spec.authenticatorAttachment {
            selection.append(("authenticatorAttachment", .string(attachment)))
        }
        if spec.residentKey != .discouraged {
            selection.append(("residentKey", .string(spec.residentKey.rawValue)))
            selection.append(("requireResidentKey", .bool(spec.residentKey == .required)))
        }
        let selectionText =
            "{"
            + selection.map { "\"\($0.0)\":\(String(decoding: $0.1.encoded, as: UTF8.self))" }.joined(separator: ",")
            + "}"
        switch spec.common.form {
        case .metadata:
            var data: [String: JSONValue] = [
                "_action": "webauthn_registration", "_type": "WebAuthn",
                "challenge": .string(Data(ceremony.challenge).base64EncodedString()),
                "attestationPreference": .string(spec.attestation.rawValue), "userName": .string(user.name),
                "userId": .string(user.userId), "relyingPartyName": .string(ceremony.rpName),
                "authenticatorSelection": .string(selectionText),
                "_authenticatorSelection": .object(Dictionary(selection, uniquingKeysWith: { first, _ in first })),
                "pubKeyCredParams": .string(paramsText),
                "_pubKeyCredParams": .array(spec.algorithms.map { ["type": "public-key", "alg": .int($0)] }),
                "timeout": .string(String(ceremony.timeout)),
                "excludeCredentials": .string(credentialText(ceremony.credentials)),
                "_excludeCredentials": credentialJSON(ceremony.credentials), "displayName": .string(user.displayName),
                "relyingPartyId": .string(ceremony.configuredRpId.map { "id: \"\(jsEscaped($0))\"," } ?? ""),
            ]
            if let id = ceremony.configuredRpId { data["_relyingPartyId"] = .string(id) }
            if ceremony.supportsJsonResponse {
                data["extensions"] = [:]
                data["supportsJsonResponse"] = true
            }
            return [PageRenderer.spec(.metadata, ["data": .object(data)]), hidden()]
        case .script:
            let script = AMScripts.webAuthnRegistration(
                challenge: Int8List.encode(ceremony.challenge, separator: int8Separator),
                rpIdLine: "        " + (ceremony.configuredRpId.map { "id: \"\(jsEscaped($0))\"," } ?? ""),
                rpName: jsEscaped(ceremony.rpName), userId: jsEscaped(user.userId), userName: jsEscaped(user.name),
                displayName: jsEscaped(user.displayName), pubKeyCredParams: paramsText,
                attestation: spec.attestation.rawValue, timeout: ceremony.timeout,
                excludeCredentials: credentialText(ceremony.credentials), authenticatorSelection: selectionText)
            return scriptPage(script)
        }
    }

    static func authentication(_ spec: WebAuthnAuthenticationSpec, _ ceremony: WebAuthnCeremony) -> [CallbackSpec] {
        let allowText =
            ceremony.credentials.isEmpty ? "" : "allowCredentials: [\(credentialText(ceremony.credentials))]"
        var callbacks: [CallbackSpec]
        switch spec.common.form {
        case .metadata:
            var data: [String: JSONValue] = [
                "_action": "webauthn_authentication", "_type": "WebAuthn",
                "challenge": .string(Data(ceremony.challenge).base64EncodedString()),
                "allowCredentials": .string(allowText), "_allowCredentials": credentialJSON(ceremony.credentials),
                "timeout": .string(String(ceremony.timeout)),
                "userVerification": .string(ceremony.userVerification.rawValue),
                "relyingPartyId": .string(ceremony.configuredRpId.map { "rpId: \"\(jsEscaped($0))\"," } ?? ""),
            ]
            if let id = ceremony.configuredRpId { data["_relyingPartyId"] = .string(id) }
            if ceremony.supportsJsonResponse { data["supportsJsonResponse"] = true }
            callbacks = [PageRenderer.spec(.metadata, ["data": .object(data)]), hidden()]
        case .script:
            let script = AMScripts.webAuthnAuthentication(
                rpIdLine: "    " + (ceremony.configuredRpId.map { "rpId: \"\(jsEscaped($0))\"," } ?? ""),
                challenge: Int8List.encode(ceremony.challenge, separator: int8Separator), timeout: ceremony.timeout,
                userVerification: ceremony.userVerification.rawValue,
                allowCredentials: allowText.isEmpty ? "    " : "    " + allowText)
            callbacks = scriptPage(script)
        }
        if spec.allowRecoveryCode { callbacks.append(recoveryChoice()) }
        return callbacks
    }

    /// The script, AM's "waiting for local device" script, and the hidden outcome.
    static func scriptPage(_ script: String) -> [CallbackSpec] {
        [
            PageRenderer.spec(.textOutput, ["message": .string(script), "messageType": "4"]),
            PageRenderer.spec(.textOutput, ["message": .string(AMScripts.waitingForDevice), "messageType": "4"]),
            hidden(),
        ]
    }

    /// Where the hidden outcome and the recovery choice sit on the page the form renders.
    static func hiddenIndex(_ form: WebAuthnForm) -> Int { form == .metadata ? 1 : 2 }
}
