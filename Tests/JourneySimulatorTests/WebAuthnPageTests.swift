import Foundation
import JourneyCore
import Testing

@testable import JourneySimulator

/// The WebAuthn and recovery code pages are AM's: rendered with the values of a real AM body,
/// they are that body (Tests/Fixtures/callbacks/webauthn, mfa/recovery-codes-display.json).
@Suite("WebAuthn pages: AM's bodies, both delivery forms")
struct WebAuthnPageTests {
    static func common(_ form: WebAuthnForm, rpId: String?, json: Bool = false) -> WebAuthnCommonSpec {
        WebAuthnCommonSpec(
            text: PageText(), form: form, supportsJsonResponse: json,
            relyingParty: WebAuthnRelyingParty(id: rpId, name: "ForgeRock", origins: []),
            userVerification: .preferred, timeout: 60_000, username: "username")
    }

    static func registration(
        _ form: WebAuthnForm, rpId: String?, json: Bool = false, algorithms: [Int] = [-257, -7],
        residentKey: WebAuthnResidentKey = .discouraged
    ) -> WebAuthnRegistrationSpec {
        WebAuthnRegistrationSpec(
            common: common(form, rpId: rpId, json: json), attestation: .none, residentKey: residentKey,
            authenticatorAttachment: nil, algorithms: algorithms, acceptDeviceName: true,
            defaultDeviceName: "New Security Key", maxDevices: 0, displayName: nil)
    }

    static func ceremony(challenge: [UInt8], rpId: String?, credentials: [[UInt8]] = [], json: Bool = false)
        -> WebAuthnCeremony
    {
        WebAuthnCeremony(
            challenge: challenge, configuredRpId: rpId, rpName: "ForgeRock", userVerification: .preferred,
            timeout: 60_000, credentials: credentials, supportsJsonResponse: json)
    }

    /// Callbacks numbered by position, as AM numbers them.
    static func rendered(_ specs: [CallbackSpec]) -> JSONValue {
        .array(PageRenderer(numbering: .position).render(specs, text: PageText(), emitIds: false).callbacks.map(\.json))
    }

    static func base64(_ text: String?) -> [UInt8] {
        text.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) } ?? []
    }

    static func int8Bytes(_ list: JSONValue?) -> [UInt8] {
        (list?.arrayValue ?? []).compactMap { $0.intValue.map { UInt8(bitPattern: Int8(truncatingIfNeeded: $0)) } }
    }

    /// The byte lists of every `new Int8Array([...])` in a script, in order.
    static func int8Arrays(_ script: String) -> [[UInt8]] {
        script.components(separatedBy: "new Int8Array([").dropFirst().map { part in
            let list = part.prefix { $0 != "]" }
            return list.split(separator: ",").compactMap {
                Int8($0.trimmingCharacters(in: .whitespaces)).map { UInt8(bitPattern: $0) }
            }
        }
    }

    @Test(
        "metadata registration: AM 7.1 and the supportsJsonResponse body",
        arguments: [
            ("registration-metadata-am71.json", false, WebAuthnResidentKey.discouraged),
            ("registration-metadata-supportsJsonResponse.json", true, .required),
        ])
    func metadataRegistration(file: String, json: Bool, residentKey: WebAuthnResidentKey) throws {
        let fixture = try Paths.fixture("callbacks/webauthn/\(file)")
        let data = try #require(Steps.output(Steps.callbacks(fixture)[0], "data"))
        let rpId = data["_relyingPartyId"]?.stringValue
        let spec = Self.registration(.metadata, rpId: rpId, json: json, residentKey: residentKey)
        let ceremony = Self.ceremony(challenge: Self.base64(data["challenge"]?.stringValue), rpId: rpId, json: json)
        let user = WebAuthnUserEntity(
            userId: data["userId"]?.stringValue ?? "", name: data["userName"]?.stringValue ?? "",
            displayName: data["displayName"]?.stringValue ?? "")
        #expect(Self.rendered(WebAuthnPage.registration(spec, ceremony, user)) == fixture["callbacks"])
    }

    @Test("metadata authentication: AM 7.1 with allowCredentials, without, and supportsJsonResponse")
    func metadataAuthentication() throws {
        for (file, json) in [
            ("authentication-metadata-am71-allow-credentials.json", false),
            ("authentication-metadata-am71.json", false), ("authentication-metadata-supportsJsonResponse.json", true),
        ] {
            let fixture = try Paths.fixture("callbacks/webauthn/\(file)")
            let data = try #require(Steps.output(Steps.callbacks(fixture)[0], "data"))
            let rpId = data["_relyingPartyId"]?.stringValue
            let ids = (data["_allowCredentials"]?.arrayValue ?? []).map { Self.int8Bytes($0["id"]) }
            let spec = WebAuthnAuthenticationSpec(
                common: Self.common(.metadata, rpId: rpId, json: json), usernameless: ids.isEmpty,
                allowRecoveryCode: false)
            let ceremony = Self.ceremony(
                challenge: Self.base64(data["challenge"]?.stringValue), rpId: rpId, credentials: ids, json: json)
            #expect(Self.rendered(WebAuthnPage.authentication(spec, ceremony)) == fixture["callbacks"], "\(file)")
        }
    }

    @Test("script registration: AM 7.0's JavaScript, the waiting script and the hidden outcome")
    func scriptRegistration() throws {
        let fixture = try Paths.fixture("callbacks/webauthn/registration-script-am70.json")
        let script = try #require(Steps.output(Steps.callbacks(fixture)[0], "message")?.stringValue)
        let arrays = Self.int8Arrays(script)
        let spec = Self.registration(.script, rpId: "https://user.example.com:3002")
        let ceremony = Self.ceremony(
            challenge: arrays[0], rpId: "https://user.example.com:3002", credentials: Array(arrays.dropFirst()))
        let user = WebAuthnUserEntity(
            userId: "NTdhNWI0ZTQtNjk5OS00YjQ1LWJmODYtYTRmMmU1ZDRiNjI5", name: "57a5b4e4-6999-4b45-bf86-a4f2e5d4b629",
            displayName: "57a5b4e4-6999-4b45-bf86-a4f2e5d4b629")
        #expect(Self.rendered(WebAuthnPage.registration(spec, ceremony, user)) == fixture["callbacks"])
        #expect(SpecialForm(try #require(AMCallback(json: Steps.callbacks(fixture)[0]))) == .webAuthnRegistration)
    }

    @Test("script authentication: AM 7.0's JavaScript, plus the userVerification line AM 6.5's has")
    func scriptAuthentication() throws {
        let fixture = try Paths.fixture("callbacks/webauthn/authentication-script-am70.json")
        let script = try #require(Steps.output(Steps.callbacks(fixture)[0], "message")?.stringValue)
        let arrays = Self.int8Arrays(script)
        let spec = WebAuthnAuthenticationSpec(
            common: Self.common(.script, rpId: nil), usernameless: false, allowRecoveryCode: false)
        let ceremony = Self.ceremony(challenge: arrays[0], rpId: nil, credentials: Array(arrays.dropFirst()))
        let page = Self.rendered(WebAuthnPage.authentication(spec, ceremony))
        let ours = try #require(Steps.output(page.arrayValue?[0] ?? [:], "message")?.stringValue)
        #expect(ours.contains("    timeout: 60000,\n    userVerification: \"preferred\",\n"))
        #expect(ours.replacingOccurrences(of: "    userVerification: \"preferred\",\n", with: "") == script)
        #expect(Array(page.arrayValue?.dropFirst() ?? []) == Array(Steps.callbacks(fixture).dropFirst()))
    }

    @Test("recovery codes: AM's Recovery Code Display script")
    func recoveryCodes() throws {
        let fixture = try Paths.fixture("callbacks/mfa/recovery-codes-display.json")
        let script = try #require(Steps.output(Steps.callbacks(fixture)[0], "message")?.stringValue)
        let codes = [
            "iZmEtxvQ00", "Eqw3GFVamY", "nNPqIEtIpS", "vGhNQpDjP8", "ItA4W3iBaA", "JmLQP6XyIo", "G2e6foNKke",
            "h2SqAqvT21", "q6VX1ojNbI", "IZKIQXAfY2",
        ]
        #expect(AMScripts.recoveryCodes(codes, deviceName: "New Security Key") == script)
    }
}
