import Foundation
import JourneyCore
import JourneyKit
import JourneyTestSupport
import Testing

/// No secret in any file or on the console of a capture, also outside callbacks: an OAuth
/// password grant (a form in every valid shape), AM's REST password change, self-service
/// registration, a legacy login's `IDToken2` query value, and a password callback, all sent to
/// an upstream that repeats each request back in its 401.
@Suite(.enabled(if: CurlApp.isInstalled, "curl is not installed")) struct CaptureSecretTrafficTests {
    @Test func passwordsOutsideCallbacksReachNoFileAndNoConsole() async throws {
        let upstream = try ParrotUpstream()
        defer { upstream.stop() }
        let folder = try TemporaryFiles.directory()
        let out = folder.appendingPathComponent("out")
        let child = try await CaptureChild.start(["--upstream", upstream.baseURL, "--out", out.path])
        defer { child.stop() }
        let app = CurlApp(folder: folder)
        let origin = child.origin
        let form = "application/x-www-form-urlencoded"
        // `+` and `%20` for the spaces, `%21` for `!`, a raw `{` in `claims`, a trailing line break.
        let grant = try await app.send(
            "POST", origin + "/am/oauth2/realms/root/access_token",
            body:
                "grant_type=password&username=demo&password=Gr4nt+Pass%20w0rd%21&scope=openid&claims={\"id_token\":{\"acr\":null}}\n",
            contentType: form)
        #expect(grant.status == 401)
        _ = try await app.send(
            "POST", origin + "/am/oauth2/realms/root/access_token",
            body: "password=Pl41n-F0rm-Secret&grant_type=password&username=demo", contentType: form)
        _ = try await app.send(
            "POST", origin + "/am/json/realms/root/users/demo?_action=changePassword",
            body: #"{"currentpassword":"Curr3nt-Secret","userpassword":"N3w-Secret"}"#)
        _ = try await app.send(
            "POST", origin + "/am/json/realms/root/selfservice/userRegistration?_action=submitRequirements",
            body: #"{"input":{"user":{"username":"newbie","userPassword":"R3gister-Secret","mail":"n@example.com"}}}"#)
        _ = try await app.send(
            "POST",
            origin
                + "/am/json/realms/root/authenticate?authIndexType=service&authIndexValue=Login&IDToken1=demo&IDToken2=Qu3ry-Secret",
            body: "{}")
        _ = try await app.send(
            "POST", origin + "/am/json/realms/root/authenticate",
            body:
                #"{"authId":"abc","callbacks":[{"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":"Callb4ck-Secret"}]}]}"#
        )
        kill(child.process.processIdentifier, SIGTERM)
        #expect(await child.waitForExit() == 0, "\(child.rest.value)")
        let console = child.rest.value
        #expect(console.contains("failure 401"), "the live view shows the 401s: \(console)")
        let secrets = [
            "Gr4nt Pass w0rd!", "Gr4nt+Pass w0rd!", "Pl41n-F0rm-Secret", "Curr3nt-Secret", "N3w-Secret",
            "R3gister-Secret", "Qu3ry-Secret", "Callb4ck-Secret",
        ]
        let hits = SecretSearch.hits(of: secrets, in: console)
        #expect(hits.isEmpty, "the console shows secrets: \(hits)")
        try CaptureTests.expectNoSecrets(secrets, in: out)
    }
}
