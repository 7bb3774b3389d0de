import Foundation
import JourneyCore
import JourneyFormat
import JourneyRun

/// Finds the secrets of a capture by where they stand, as the runner knows its own: the app's
/// secret callback inputs (passwords, OTPs, KBA answers, tokens, the WebAuthn outcome), the
/// zero-page password header, Bearer and Basic credentials, OAuth codes, verifiers, client
/// secrets and tokens (in queries, forms, `Location` and token responses), AM's secret members
/// (`tokenId`, `suspendedId`, `jws`...), OTP seeds, recovery codes, and every cookie value.
/// Each is registered with a redactor, which then finds it anywhere, in any encoding.
enum CaptureSecrets {
    /// Form and query values that are secrets, by name.
    static let secretParameters = HARWriter.secretQueryNames.union(["client_assertion", "refresh_token"])

    /// Values the app chose for this run alone (OAuth's `state`, `nonce` and PKCE challenge):
    /// placeholders too, so a replayed script's own values match them (`ReplayEcho`).
    static let perRunParameters: Set<String> = ["state", "nonce", "code_challenge"]

    static func register(_ exchanges: [CapturedExchange], in redactor: Redactor) {
        for exchange in exchanges {
            registerRequest(exchange, in: redactor)
            registerResponse(exchange, in: redactor)
        }
        // Cookies last: a cookie that holds a secret already known keeps that secret's name
        // (`«tokenId»`), so the cookie and the body agree when the recording is replayed.
        for exchange in exchanges {
            for value in exchange.requestHeaders.values("cookie") {
                for pair in value.split(separator: ";") { registerCookie(pair, in: redactor) }
            }
            for value in exchange.responseHeaders.values("set-cookie") {
                registerCookie(value.split(separator: ";").first ?? "", in: redactor)
            }
        }
    }

    private static func registerRequest(_ exchange: CapturedExchange, in redactor: Redactor) {
        let headers = exchange.requestHeaders
        if let password = headers.value(ZeroPageSpec.defaultPasswordHeader) {
            redactor.register(password, name: "password")
        }
        if let authorization = headers.value("authorization") { registerAuthorization(authorization, in: redactor) }
        registerParameters(PercentEncoding.queryItems(of: URLComponents(string: exchange.url)), in: redactor)
        let body = exchange.requestBody
        guard !body.isEmpty else { return }
        if let json = redactor.registerSecrets(inBody: body) {
            registerMobileFirst(json, in: redactor)
            registerPasswordMembers(of: json, in: redactor)
            guard let step = AMStep(json: json) else { return }
            for callback in step.callbacks { registerInputs(of: callback, in: redactor) }
        } else if let form = formItems(body, contentType: headers.value("content-type")) {
            registerParameters(form, in: redactor)
        }
    }

    /// Members of a JSON body the app sent whose name holds `password`, in any case: AM's
    /// REST password change (`currentpassword`, `userpassword`), self-service registration
    /// (`userPassword`), and any other API that takes a password outside a callback.
    private static func registerPasswordMembers(of json: JSONValue, in redactor: Redactor, depth: Int = 0) {
        guard depth < 64 else { return }
        switch json {
        case .object(let object):
            for (key, value) in object {
                if isPasswordName(key), let text = value.stringValue {
                    registerValue(text, name: key, in: redactor)
                } else {
                    registerPasswordMembers(of: value, in: redactor, depth: depth + 1)
                }
            }
        case .array(let items):
            for item in items { registerPasswordMembers(of: item, in: redactor, depth: depth + 1) }
        default:
            break
        }
    }

    static func isPasswordName(_ name: String) -> Bool {
        name.range(of: "password", options: .caseInsensitive) != nil
    }

    /// A form or query parameter that is a secret by its name: OAuth's, any name holding
    /// `password`, and the legacy login's `IDToken2`, `IDToken3`... (`IDToken1` is the user name).
    static func isSecretParameter(_ name: String) -> Bool {
        if secretParameters.contains(name) || perRunParameters.contains(name) || isPasswordName(name) { return true }
        guard name.hasPrefix("IDToken"), let number = Int(name.dropFirst(7)) else { return false }
        return number >= 2
    }

    /// `value`, and the value without the spaces and line breaks around it when they differ
    /// (a form sent with a trailing line break: its last value holds it).
    private static func registerValue(_ value: String, name: String, in redactor: Redactor) {
        redactor.register(value, name: name)
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed != value { redactor.register(trimmed, name: name) }
    }

    private static func registerResponse(_ exchange: CapturedExchange, in redactor: Redactor) {
        for location in exchange.responseHeaders.values("location") {
            var components = URLComponents(string: location)
            registerParameters(PercentEncoding.queryItems(of: components), in: redactor)
            // A fragment response (`#code=…&id_token=…`) reads as a query.
            // A fragment allows the characters a query does: the encoded fragment is a valid encoded query.
            let fragment = components?.percentEncodedFragment
            components?.percentEncodedQuery = fragment
            registerParameters(PercentEncoding.queryItems(of: components), in: redactor)
        }
        guard let json = redactor.registerSecrets(inBody: exchange.responseBody) else { return }
        if let access = json["access_token"]?.stringValue { redactor.register(access, name: "access_token") }
        if let refresh = json["refresh_token"]?.stringValue { redactor.register(refresh, name: "refresh_token") }
        if let idToken = json["id_token"]?.stringValue { registerIDToken(idToken, in: redactor) }
        if let step = AMStep(json: json) {
            for code in MFAScraper.recoveryCodes(in: step) { redactor.register(code, name: "recoveryCode") }
        }
    }

    /// MobileFirst: a security check's secret answers in `challengeResponse` (a PIN), and the
    /// registration's signature.
    private static func registerMobileFirst(_ json: JSONValue, in redactor: Redactor) {
        for (_, answer) in json["challengeResponse"]?.objectValue ?? [:] {
            for (name, value) in answer.objectValue ?? [:]
            where MobileFirstSecrets.answerMembers.contains(name.lowercased()) {
                redactor.register(value.displayText, name: name)
            }
        }
        if let signature = json["signedRegistrationData"]?["signature"]?.stringValue {
            redactor.register(signature, name: "signature")
        }
    }

    /// An ID token's signature: its header and claims stay readable, as `--record` keeps them
    /// (without its signature the token proves nothing).
    private static func registerIDToken(_ token: String, in redactor: Redactor) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        redactor.register(parts.count == 3 && !parts[2].isEmpty ? String(parts[2]) : token, name: "id_token")
    }

    /// The secret inputs of a callback the app sent, named as the runner names them.
    private static func registerInputs(of callback: AMCallback, in redactor: Redactor) {
        for input in callback.input ?? [] {
            let suffix = AMCallback.suffix(of: input.name)
            let name: String?
            if callback.hasType(.hiddenValue), callback.output("id")?.stringValue == HiddenId.webAuthnOutcome {
                name = "webauthn-outcome"
            } else {
                name = CallbackCatalogue.secretName(forInputSuffix: suffix, in: callback)
            }
            guard let name else { continue }
            redactor.register(input.value.displayText, name: name)
        }
    }

    private static func registerAuthorization(_ value: String, in redactor: Redactor) {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return redactor.register(value, name: "authorization") }
        let credential = String(parts[1]).trimmingCharacters(in: .whitespaces)
        if parts[0].lowercased() == "basic" {
            redactor.register(credential, name: "authorization")
            if let decoded = Data(base64Encoded: credential).map({ String(decoding: $0, as: UTF8.self) }),
                let colon = decoded.firstIndex(of: ":")
            {
                let secret = String(decoded[decoded.index(after: colon)...])
                redactor.register(
                    PercentEncoding.decoded(Substring(secret), plusAsSpace: true) ?? secret, name: "client_secret")
            }
        } else {
            redactor.register(credential, name: "token")
        }
    }

    private static func registerParameters(_ items: [(name: String, value: String)], in redactor: Redactor) {
        for item in items where isSecretParameter(item.name) {
            let value = item.value
            if item.name == "id_token" || item.name == "id_token_hint" {
                registerIDToken(value, in: redactor)
            } else {
                registerValue(value, name: item.name, in: redactor)
            }
        }
    }

    private static func registerCookie(_ pair: Substring, in redactor: Redactor) {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { return }
        let name = parts[0].trimmingCharacters(in: .whitespaces)
        let value = parts[1].trimmingCharacters(in: .whitespaces)
        redactor.register(value, name: name)
    }

    /// A token response's body with the ID token's claims redacted too (its `nonce`): they are
    /// base64url inside the token, where a search for the value alone cannot see them.
    static func redactingIDTokenClaims(_ text: String, with redactor: Redactor) -> String {
        guard text.contains("id_token"), case .object(var object)? = try? JSONValue.parse(Data(text.utf8)),
            let token = object["id_token"]?.stringValue
        else { return text }
        var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let claims = Base64URL.decode(parts[1]), let json = try? JSONValue.parse(claims) else {
            return text
        }
        let redacted = redactor.redact(json: json)
        guard redacted != json else { return text }
        parts[1] = Base64URL.encode(redacted.compactJSON)
        object["id_token"] = .string(parts.joined(separator: "."))
        return JSONValue.object(object).compactJSON
    }

    /// `a=b&c=d` bodies, decoded; nil when the body is not such a form. A body sent as
    /// `application/x-www-form-urlencoded` is one whatever it holds (a raw `{` in a `claims`
    /// value, a trailing line break); without that type, one that reads as JSON or as lines is not.
    static func formItems(_ body: Data, contentType: String? = nil) -> [(name: String, value: String)]? {
        let text = String(decoding: body, as: UTF8.self)
        let declared = contentType?.range(of: "application/x-www-form-urlencoded", options: .caseInsensitive) != nil
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.contains("=") else { return nil }
        guard declared || !(trimmed.hasPrefix("{") || trimmed.hasPrefix("[") || trimmed.contains("\n")) else {
            return nil
        }
        return text.split(whereSeparator: { $0 == "&" || $0 == "\n" || $0 == "\r\n" }).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            let name = PercentEncoding.decoded(parts[0], plusAsSpace: true) ?? String(parts[0])
            let value = parts.count > 1 ? PercentEncoding.decoded(parts[1], plusAsSpace: true) ?? String(parts[1]) : ""
            return (name, value)
        }
    }
}
