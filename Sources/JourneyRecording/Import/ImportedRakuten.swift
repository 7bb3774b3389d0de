import Foundation
import JourneyCore
import JourneyFormat
import JourneyRun
import Yams

/// A `protocol: rakuten` script from a capture of Rakuten's token API: the first login grant at
/// `engine/token` (password with its Challenger challenge, or client credentials), the refresh,
/// the member calls and `token_cancel`. Secrets (client secret, password) become environment
/// variables; challenge ids and results stay in the recording, where a replay matches them.
struct ImportedRakuten {
    let login: RecordedExchange
    let form: [(name: String, value: String)]
    let exchanges: [RecordedExchange]

    static let clientSecretVariable = "JOURNEY_RAKUTEN_CLIENT_SECRET"
    static let passwordVariable = "JOURNEY_PASSWORD"

    /// Nil when the recording holds no password or client-credentials grant at `engine/token`.
    init?(_ exchanges: [RecordedExchange]) {
        for exchange in exchanges where exchange.method == "POST" && exchange.path.hasSuffix("/engine/token") {
            let form = OAuthForm.parameters(of: "?" + String(decoding: exchange.requestBody, as: UTF8.self))
            guard let grant = form.value("grant_type"), grant == "password" || grant == "client_credentials" else {
                continue
            }
            self.login = exchange
            self.form = form
            self.exchanges = exchanges
            return
        }
        return nil
    }

    /// The token server's base URL: the login's URL up to `/engine/token`.
    var serverURL: String {
        AMEndpoints.origin(of: login.url) + String(login.path.dropLast("/engine/token".count))
    }

    var isPasswordGrant: Bool { form.value("grant_type") == "password" }

    func script(source: String) throws(RecordingError) -> String {
        let clientId = form.value("client_id") ?? "CLIENT_ID"
        var root: [(String, Node)] = [
            ("version", .plain("1")),
            (
                "name",
                ImportedText.string(
                    isPasswordGrant
                        ? "Rakuten login for \(clientId) (imported from \(source))"
                        : "Rakuten anonymous login for \(clientId) (imported from \(source))")
            ),
            ("tags", .flow([.plain("imported")])),
            ("protocol", .plain("rakuten")),
            ("server", .flow([("url", ImportedText.template(serverURL))])),
            ("rakuten", .block(rakutenEntries(clientId: clientId))),
            ("expect", .block(expectEntries())),
        ]
        if exchanges.contains(where: { $0.method == "POST" && $0.path.hasSuffix("/engine/token_cancel") }) {
            root.append(("cleanup", .flow([("revoke", .plain("true"))])))
        }
        return try ScriptImporter.Builder.render(.block(root), source: source)
    }

    private func rakutenEntries(clientId: String) -> [(String, Node)] {
        var entries: [(String, Node)] = []
        if !isPasswordGrant { entries.append(("grant", .plain("clientCredentials"))) }
        entries.append(("clientId", ImportedText.template(clientId)))
        entries.append(("clientSecret", secret(Self.clientSecretVariable)))
        if let scope = form.value("scope"), !scope.isEmpty {
            entries.append(("scope", .flow(scope.split(separator: ",").map { Node.text(String($0)) })))
        }
        guard isPasswordGrant else { return entries }
        let username = form.value("username") ?? ""
        entries.append(
            ("username", Placeholder.isWhole(username) ? secret("JOURNEY_USERNAME") : ImportedText.template(username)))
        entries.append(("password", secret(Self.passwordVariable)))
        if let serviceId = form.value("service_id") { entries.append(("serviceId", ImportedText.template(serviceId))) }
        if let challenge = challengeExchange {
            let base = AMEndpoints.origin(of: challenge.url) + String(challenge.path.dropLast("/v1.0/c".count))
            if base != RakutenWire.challengerURL(forTokenServer: serverURL) {
                entries.append(("challenger", ImportedText.template(base)))
            }
            if let page = challenge.requestJSON?["pid"]?.stringValue, page != RakutenSpec.defaultPageId {
                entries.append(("pageId", ImportedText.string(page)))
            }
        }
        let device = deviceEntries()
        if !device.isEmpty { entries.append(("device", .flow(device))) }
        if tokenForms.contains(where: { $0.value("grant_type") == "refresh_token" }) {
            entries.append(("refresh", .plain("true")))
        }
        return entries
    }

    /// The device profile fields that differ from the runner's defaults, from Challenger's `rat`
    /// object and the grant's `tracking_parameters`.
    private func deviceEntries() -> [(String, Node)] {
        let defaults = RakutenDevice()
        let rat = challengeExchange?.requestJSON?["rat"]
        let tracking = form.value("tracking_parameters").flatMap { try? JSONReader.parse($0) }
        let fields: [(String, String?, String)] = [
            ("app", rat?["app"]?.stringValue ?? tracking?["application_identifier"]?.stringValue, defaults.app),
            ("appVersion", rat?["app_version"]?.stringValue, defaults.appVersion),
            ("os", rat?["os"]?.stringValue, defaults.os),
            ("osVersion", rat?["os_version"]?.stringValue, defaults.osVersion),
            ("model", tracking?["device_model_identifier"]?.stringValue, defaults.model),
            ("timeZone", tracking?["time_zone"]?.stringValue, defaults.timeZone),
        ]
        return fields.compactMap { name, value, standard in
            guard let value, value != standard else { return nil }
            return (name, ImportedText.string(value))
        }
    }

    private func expectEntries() -> [(String, Node)] {
        var entries: [(String, Node)] = []
        if isPasswordGrant, let challenge = challengeExchange {
            var fields: [(String, Node)] = [
                ("solved", .plain(form.value("challenger_parameters") != nil ? "true" : "false"))
            ]
            if let ctype = challenge.responseJSON?["result"]?["ctype"]?.intValue {
                fields.append(("ctype", .plain(String(ctype))))
            }
            entries.append(("challenge", .flow(fields)))
        }
        let body = login.responseJSON
        if login.status == 200, body?["access_token"]?.stringValue != nil {
            entries.append(("tokens", .flow(tokenChecks())))
            entries.append(("outcome", .plain("success")))
        } else {
            var failure: [(String, Node)] = [("code", .plain(String(login.status)))]
            if let error = body?["error"]?.stringValue { failure.append(("error", ImportedText.pattern(error))) }
            if let description = body?["error_description"]?.stringValue {
                failure.append(("errorDescription", ImportedText.pattern(description)))
            }
            entries.append(("outcome", .flow([("failure", .flow(failure))])))
        }
        return entries
    }

    /// The last granted token's scope and refresh token, and the member's name and easy id.
    private func tokenChecks() -> [(String, Node)] {
        let granted = exchanges.last {
            $0.method == "POST" && $0.path.hasSuffix("/engine/token") && $0.status == 200
                && $0.responseJSON?["access_token"] != nil
        }
        var checks: [(String, Node)] = []
        if let scope = granted?.responseJSON?["scope"]?.stringValue, !scope.isEmpty {
            checks.append(("scope", .flow(scope.split(separator: ",").map { Node.text(String($0)) })))
        }
        checks.append(("refreshToken", .plain(granted?.responseJSON?["refresh_token"] != nil ? "true" : "false")))
        var member: [(String, Node)] = []
        if let name = memberResponse("/MemberInformation/GetName/") {
            for key in ["firstName", "lastName"] {
                if let value = name[key]?.stringValue, !value.isEmpty {
                    member.append((key, ImportedText.pattern(value)))
                }
            }
        }
        if let easyId = memberResponse("/IdInformation/GetEncryptedEasyId/")?["easyId"]?.stringValue {
            member.append(("easyId", ImportedText.pattern(easyId)))
        }
        if !member.isEmpty { checks.append(("userinfo", .flow(member))) }
        return checks
    }

    private var challengeExchange: RecordedExchange? {
        exchanges.first { $0.method == "POST" && $0.path.hasSuffix("/v1.0/c") && $0.index < login.index }
    }

    private var tokenForms: [[(name: String, value: String)]] {
        exchanges.filter { $0.method == "POST" && $0.path.hasSuffix("/engine/token") }.map {
            OAuthForm.parameters(of: "?" + String(decoding: $0.requestBody, as: UTF8.self))
        }
    }

    private func memberResponse(_ marker: String) -> JSONValue? {
        exchanges.first { $0.method == "GET" && $0.path.contains(marker) && $0.status == 200 }?.responseJSON
    }

    private func secret(_ variable: String) -> Node {
        .flow([("env", .text(variable)), ("secret", .plain("true"))])
    }
}
