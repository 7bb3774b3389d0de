import Crypto
import Foundation
import JourneyCore
import JourneyKit
import JourneySimulator
import JourneyTestSupport
import Testing

/// `journey capture` of what comes after a journey: an OAuth code flow with PKCE (discovery,
/// authorize, access_token, the key set, userinfo, revoke, endSession) and a transactional
/// authorization (a resource's advice, the composite_advice journey, the retry: the script's `request:`), sent by curl.
@Suite(.enabled(if: CurlApp.isInstalled, "curl is not installed")) struct CaptureOAuthTests {
    static let oauth = "/am/oauth2/realms/root/realms/alpha"

    @Test func anOAuthCodeFlowAndATransactionalAuthorizationGiveScriptsThatPassLiveAndReplayed() async throws {
        let simulator = try await CaptureChild.exampleUpstream()
        let folder = try TemporaryFiles.directory("capture")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("bug")
        let child = try await CaptureChild.start(["--upstream", simulator.baseURL, "--out", out.path])
        defer { child.stop() }
        let proxy = child.origin
        var secrets = ["Ch4ng3it!"]
        func login(_ app: CurlApp) async throws {
            let done = try await app.walk(proxy + CaptureTests.realm + "Login") { type, _ in
                .string(type == "NameCallback" ? "demo" : "Ch4ng3it!")
            }
            secrets.append(try #require(done.json?["tokenId"]?.stringValue))
        }

        // OAuth 2.0 code flow with PKCE, as an SDK sends it.
        let app = CurlApp(folder: folder)
        try await login(app)
        let discovery = try await app.send("GET", proxy + Self.oauth + "/.well-known/openid-configuration")
        let tokenEndpoint = try #require(discovery.json?["token_endpoint"]?.stringValue)
        #expect(tokenEndpoint == proxy + Self.oauth + "/access_token", "the app is sent back to the proxy")
        #expect(discovery.json?["issuer"]?.stringValue?.hasPrefix(simulator.serverURL) == true, "the issuer is kept")
        let verifier = Base64URL.encode(Data((0..<32).map { _ in UInt8.random(in: 0...255) }))
        let challenge = Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8))))
        let redirect = "org.forgerock.demo:/oauth2redirect"
        let authorize = try await app.send(
            "GET",
            proxy + Self.oauth + "/authorize?response_type=code&client_id=sdkPublicClient&redirect_uri=\(redirect)"
                + "&scope=openid%20profile%20email&state=app-state-1&nonce=app-nonce-1&code_challenge=\(challenge)"
                + "&code_challenge_method=S256")
        #expect(authorize.status == 302)
        let location = try #require(authorize.header("location"))
        let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
        let tokens = try await app.send(
            "POST", tokenEndpoint,
            body: "grant_type=authorization_code&code=\(code)&redirect_uri=org.forgerock.demo%3A%2Foauth2redirect"
                + "&code_verifier=\(verifier)&client_id=sdkPublicClient",
            contentType: "application/x-www-form-urlencoded")
        let access = try #require(tokens.json?["access_token"]?.stringValue)
        let refresh = try #require(tokens.json?["refresh_token"]?.stringValue)
        let idToken = try #require(tokens.json?["id_token"]?.stringValue)
        secrets += [code, verifier, access, refresh, String(idToken.split(separator: ".").last ?? "")]
        _ = try await app.send("GET", try #require(discovery.json?["jwks_uri"]?.stringValue))
        let userinfo = try await app.send(
            "GET", try #require(discovery.json?["userinfo_endpoint"]?.stringValue),
            headers: ["Authorization: Bearer \(access)"])
        #expect(userinfo.json?["sub"]?.stringValue == "demo")
        let revoked = try await app.send(
            "POST", try #require(discovery.json?["revocation_endpoint"]?.stringValue),
            body: "token=\(refresh)&client_id=sdkPublicClient", contentType: "application/x-www-form-urlencoded")
        #expect(revoked.status == 200)
        _ = try await app.send(
            "GET", try #require(discovery.json?["end_session_endpoint"]?.stringValue) + "?id_token_hint=\(idToken)")

        // Transactional authorization: the resource asks for the password again.
        let bank = CurlApp(folder: folder)
        try await login(bank)
        let withdraw = #"{"amount":100,"currency":"EUR"}"#
        let appHeaders = ["Accept: application/json", "X-Channel: mobile"]
        let advised = try await bank.send("POST", proxy + "/resources/withdraw", body: withdraw, headers: appHeaders)
        let txid = try #require(
            advised.json?["advices"]?["TransactionConditionAdvice"]?.arrayValue?.first?.stringValue, "\(advised.body)")
        let advice =
            "<Advices><AttributeValuePair><Attribute name=\"TransactionConditionAdvice\"/><Value>\(txid)</Value></AttributeValuePair></Advices>"
        let adviceURL =
            proxy + "/am/json/realms/root/realms/alpha/authenticate?authIndexType=composite_advice&authIndexValue="
            + (advice.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let confirmed = try await bank.walk(adviceURL) { _, _ in .string("Ch4ng3it!") }
        #expect(confirmed.json?["tokenId"] != nil, "\(confirmed.body)")
        let withdrawn = try await bank.send(
            "POST", proxy + "/resources/withdraw", body: withdraw, headers: appHeaders + ["X-TxID: \(txid)"])
        #expect(withdrawn.json?["result"]?.stringValue == "withdrawn", "\(withdrawn.body)")

        child.process.interrupt()
        #expect(await child.waitForExit() == 0, "\(child.rest.value)")
        let har = out.appendingPathComponent("capture.har").path
        for script in ["Login.yaml", "Login-2.yaml"] {
            let path = out.appendingPathComponent(script).path
            let replayed = try await CLI.run(["run", path, "--replay", har])
            #expect(replayed.status == 0, "\(script) replayed: \(replayed.stdout)\(replayed.stderr)")
            let live = try await CLI.run(["run", path], environment: ["JOURNEY_PASSWORD": "Ch4ng3it!"])
            #expect(live.status == 0, "\(script) live: \(live.stdout)\(live.stderr)")
            if script == "Login-2.yaml" {
                // The request phase ran both times: the advice, its journey and the retry.
                for run in [replayed.stdout, live.stdout] {
                    #expect(run.contains("[retry] POST /resources/withdraw  200"), "\(run)")
                }
            }
        }
        let oauthScript = try String(contentsOf: out.appendingPathComponent("Login.yaml"), encoding: .utf8)
        #expect(oauthScript.contains("clientId: \"sdkPublicClient\""), "\(oauthScript)")
        // The transactional authorization is the second script's request: block.
        let bankScript = try String(contentsOf: out.appendingPathComponent("Login-2.yaml"), encoding: .utf8)
        #expect(
            bankScript.contains(
                "request:\n  method: POST\n  url: \"/resources/withdraw\"\n  headers: {X-Channel: \"mobile\"}\n"
                    + "  body: {amount: 100, currency: \"EUR\"}\n"), "\(bankScript)")
        #expect(
            bankScript.contains("outcome: {authorized: {status: 200, advice: \"TransactionConditionAdvice\"}}"),
            "\(bankScript)")
        #expect(!bankScript.contains("X-TxID") && !bankScript.contains("Cookie"), "\(bankScript)")
        let harText = try String(contentsOfFile: har, encoding: .utf8)
        #expect(harText.contains("/resources/withdraw") && harText.contains("composite_advice"))
        await simulator.stop()
        try CaptureTests.expectNoSecrets(secrets, in: out)
    }
}
