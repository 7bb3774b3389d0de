import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRun

/// Both ways AM delivers WebAuthn options, read from the real bodies in Tests/Fixtures/callbacks/webauthn.
@Suite struct WebAuthnRequestReaderTests {
    @Test func everyPatternCompiles() {
        #expect(WebAuthnScriptPatterns.all.count == 17)
        #expect(
            WebAuthnScriptPatterns.all.allSatisfy { $0 != nil }, "a pattern that does not compile reads as no match")
    }

    static func bytes(_ signed: [Int]) -> [UInt8] { signed.map { UInt8(truncatingIfNeeded: $0) } }

    @Test func registrationMetadataAM71PrefersTheUnderscoreFields() throws {
        let request = try PasskeyAM.request("registration-metadata-am71")
        #expect(request.ceremony == .registration)
        #expect(request.delivery == .metadata)
        #expect(
            request.challenge
                == [UInt8](try #require(Data(base64Encoded: "OdWFkVsKJ/ztAV/ngUGYTeK9Xzyf+6Yo2cdEbfGFY1Y="))))
        #expect(request.rpId == "com.forgerock.ios")
        #expect(request.rpName == "ForgeRock")
        #expect(request.userId == "MzA3ZWNjNTEtZGY1MS00NGNkLTgxYjgtOTlkZTdmZDlhODE4")
        #expect(request.userName == "307ecc51-df51-44cd-81b8-99de7fd9a818")
        #expect(request.algorithms == [-257, -7])
        #expect(request.credentialIds.isEmpty)
        #expect(request.timeoutMilliseconds == 60000)
        #expect(request.userVerification == "preferred")
        #expect(request.attestation == "none")
        #expect(request.residentKey == nil)
        #expect(!request.supportsJsonResponse)
    }

    @Test func registrationMetadataAM70HasOnlyTheTextFields() throws {
        let request = try PasskeyAM.request("registration-metadata-am70")
        #expect(request.delivery == .metadata)
        #expect(request.rpId == nil, "AM 7.0 sends an empty relyingPartyId: the browser takes the origin's host")
        #expect(request.algorithms == [-257, -7])
        #expect(request.userVerification == "preferred")
        #expect(request.userId == "NTdhNWI0ZTQtNjk5OS00YjQ1LWJmODYtYTRmMmU1ZDRiNjI5")
    }

    @Test func registrationMetadataWithPlatformAttachmentAndExcludedCredentials() throws {
        let request = try PasskeyAM.request("registration-metadata-am71-platform")
        #expect(request.rpId == "humorous-cuddly-carrot.glitch.me")
        #expect(request.algorithms == [-7, -257])
        #expect(request.authenticatorAttachment == "platform")
        #expect(request.residentKey == "required", "_authenticatorSelection says requireResidentKey: true")
        #expect(request.credentialIds.map(\.count) == [65, 65, 65])
        #expect(request.credentialIds.first?.prefix(4) == Self.bytes([1, -101, -34, -80])[...])
    }

    @Test func supportsJsonResponseAndResidentKeyRequired() throws {
        let registration = try PasskeyAM.request("registration-metadata-supportsJsonResponse")
        #expect(registration.supportsJsonResponse)
        #expect(registration.residentKey == "required")
        #expect(registration.rpId == "idc.petrov.ca")
        #expect(registration.userName == "demo")
        let authentication = try PasskeyAM.request("authentication-metadata-supportsJsonResponse")
        #expect(authentication.supportsJsonResponse)
        #expect(authentication.ceremony == .authentication)
    }

    @Test func authenticationMetadataWithAllowCredentialsAsInt8Lists() throws {
        let request = try PasskeyAM.request("authentication-metadata-am71-allow-credentials")
        #expect(request.ceremony == .authentication)
        #expect(request.rpId == "humorous-cuddly-carrot.glitch.me")
        #expect(request.credentialIds.count == 2)
        #expect(request.credentialIds.map(\.count) == [65, 65])
        #expect(request.credentialIds[1].prefix(3) == Self.bytes([1, -63, 82])[...])
        #expect(request.userVerification == "preferred")
    }

    @Test func usernamelessAuthenticationHasNoAllowedCredentials() throws {
        let request = try PasskeyAM.request("authentication-metadata-am71")
        #expect(request.credentialIds.isEmpty)
        #expect(request.challenge.count == 32)
    }

    @Test func authenticationMetadataAM70ReadsAllowCredentialsFromTheirJavaScriptText() throws {
        let request = try PasskeyAM.request("authentication-metadata-am70")
        #expect(request.rpId == nil)
        #expect(!request.credentialIds.isEmpty)
        #expect(request.credentialIds[0].prefix(3) == Self.bytes([1, 122, 110])[...])
    }

    @Test func registrationScriptAM70() throws {
        let request = try PasskeyAM.request("registration-script-am70")
        #expect(request.delivery == .script)
        #expect(request.ceremony == .registration)
        #expect(request.challenge.prefix(4) == Self.bytes([87, -95, 18, -17])[...])
        #expect(request.challenge.count == 32)
        #expect(request.rpId == "https://user.example.com:3002")
        #expect(request.rpName == "ForgeRock")
        #expect(request.userId == "NTdhNWI0ZTQtNjk5OS00YjQ1LWJmODYtYTRmMmU1ZDRiNjI5")
        #expect(request.userName == "57a5b4e4-6999-4b45-bf86-a4f2e5d4b629")
        #expect(request.displayName == "57a5b4e4-6999-4b45-bf86-a4f2e5d4b629")
        #expect(request.algorithms == [-257, -7])
        #expect(request.credentialIds.map(\.count) == [64, 64], "the two excludeCredentials")
        #expect(request.timeoutMilliseconds == 60000)
        #expect(request.attestation == "none")
        #expect(request.userVerification == "preferred")
    }

    @Test func registrationScriptAM653WithoutRpId() throws {
        let request = try PasskeyAM.request("registration-script-am653")
        #expect(request.rpId == nil)
        #expect(request.rpName == "ForgeRock")
        #expect(request.algorithms == [-7, -257])
        #expect(request.userId == "sgsP5DNBy2TvEhwnWHu1BFRw2_LQepAdjkOfC1z6nxU")
        #expect(request.userVerification == "discouraged")
        #expect(request.credentialIds.isEmpty)
    }

    @Test func authenticationScripts() throws {
        let am653 = try PasskeyAM.request("authentication-script-am653")
        #expect(am653.ceremony == .authentication)
        #expect(am653.delivery == .script)
        #expect(am653.challenge.prefix(3) == Self.bytes([109, 14, 35])[...])
        #expect(am653.userVerification == "discouraged")
        #expect(am653.credentialIds.count == 1)
        #expect(am653.credentialIds[0].count > 100)
        let am70 = try PasskeyAM.request("authentication-script-am70")
        #expect(am70.challenge.prefix(2) == Self.bytes([-2, 85])[...])
        #expect(am70.credentialIds.count == 1)
        #expect(am70.timeoutMilliseconds == 60000)
    }

    @Test func oversizedAndMalformedInputIsAnErrorNotATrap() throws {
        let huge = String(repeating: "a", count: WebAuthnRequestReader.maxScriptLength + 1)
        #expect(throws: PasskeyError.self) { try WebAuthnRequestReader.read(script: huge, ceremony: .registration) }
        #expect(throws: PasskeyError.self) {
            try WebAuthnRequestReader.read(script: "challenge: new Int8Array([1, 999]).buffer", ceremony: .registration)
        }
        #expect(throws: PasskeyError.self) {
            try WebAuthnRequestReader.read(script: "var options = {};", ceremony: .authentication)
        }
        #expect(throws: PasskeyError.self) {
            try WebAuthnRequestReader.read(
                metadata: ["_type": "WebAuthn", "challenge": "%%%"], ceremony: .registration)
        }
        let manyIds = Array(
            repeating: "{ \"id\": new Int8Array([1]).buffer }", count: WebAuthnRequestReader.maxCredentials + 1)
        let script = "challenge: new Int8Array([1, 2]).buffer, allowCredentials: [\(manyIds.joined(separator: ","))]"
        #expect(throws: PasskeyError.self) { try WebAuthnRequestReader.read(script: script, ceremony: .authentication) }
        let badId: JSONValue = [
            "challenge": "AAAA", "_allowCredentials": [["type": "public-key", "id": [1, 300]]],
        ]
        #expect(throws: PasskeyError.self) {
            try WebAuthnRequestReader.read(metadata: badId, ceremony: .authentication)
        }
    }
}
