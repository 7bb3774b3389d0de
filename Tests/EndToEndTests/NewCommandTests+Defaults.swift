import Foundation
import JourneyTestSupport
import Testing

/// `journey new` at what the runner answers once told how: a TOTP code from its secret, a
/// reCAPTCHA token or client error, an identity provider from a menu; and a callback it cannot
/// ask for, which stops the walk clearly with nothing written.
extension NewCommandTests {
    static let challengesTree = Repository.root.appendingPathComponent("journeys/trees/challenges.yaml").path

    @Test func aTOTPCodeFromTheAuthenticatorsSecret() async throws {
        let folder = try TemporaryFiles.directory("journey-new-totp")
        let secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate '\(Self.challengesTree)' --realm alpha --journey OathLogin"),
            turns: [
                Turn(wait: "\"User Name\": ", type: "olivia"), Turn(wait: "(not shown): ", type: "0livia-Passw0rd"),
                Turn(wait: "\"Enter verification code\" (not shown): ", type: ""),
                Turn(wait: "TOTP secret (Base32 or otpauth:// URI) (not shown): ", type: "0189"),
                Turn(wait: "TOTP secret (Base32 or otpauth:// URI) (not shown): ", type: secret),
            ], in: folder)
        #expect(session.screen.contains("not a Base32 secret or an otpauth:// URI"), "\(session.screen)")
        try await Self.check(
            session, wrote: "oath-login", in: folder,
            secrets: ["JOURNEY_PASSWORD": "0livia-Passw0rd", "JOURNEY_OTP_SECRET": secret])
        let script = try String(contentsOf: folder.appendingPathComponent("oath-login.yaml"), encoding: .utf8)
        #expect(script.contains("value: \"{{ totp(otpSecret) }}\""), "\(script)")
        #expect(script.contains("otpSecret: {env: JOURNEY_OTP_SECRET, secret: true}"), "\(script)")
    }

    @Test func aTOTPCodeFromTheAuthenticatorTheWalkRegistered() async throws {
        let folder = try TemporaryFiles.directory("journey-new-oath-registration")
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate '\(Self.challengesTree)' --realm alpha --journey OathRegistration"),
            turns: [
                Turn(wait: "\"User Name\": ", type: "tina"), Turn(wait: "(not shown): ", type: "T0tp-Passw0rd"),
                Turn(wait: "or a label [1]: ", type: ""),
                Turn(wait: "(Enter alone computes it from the authenticator registered at step 2)", type: ""),
            ], in: folder)
        try await Self.check(
            session, wrote: "oath-registration", in: folder, secrets: ["JOURNEY_PASSWORD": "T0tp-Passw0rd"])
        let script = try String(contentsOf: folder.appendingPathComponent("oath-registration.yaml"), encoding: .utf8)
        #expect(script.contains("capture:\n  otpUri: {from: registrationUri}\n"), "\(script)")
        #expect(script.contains("value: \"{{ totp(otpUri) }}\""), "\(script)")
        #expect(!script.contains("secret="), "\(script)")
        // The hidden value went back as received: no handler says so.
        #expect(!script.contains("HiddenValueCallback\n"), "\(script)")
    }

    @Test func aReCaptchaEnterpriseToken() async throws {
        let folder = try TemporaryFiles.directory("journey-new-recaptcha")
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate '\(Self.amTree)' --realm alpha --journey LoginWithRecaptcha"),
            turns: [
                Turn(wait: "\"User Name\": ", type: "demo"), Turn(wait: "(not shown): ", type: "Ch4ng3it!"),
                Turn(wait: "Token (not shown): ", type: "test-token-human"),
            ], in: folder)
        #expect(session.screen.contains("ReCaptchaEnterpriseCallback (site key 6LdSu_"), "\(session.screen)")
        try await Self.check(
            session, wrote: "login-with-recaptcha", in: folder,
            secrets: ["JOURNEY_PASSWORD": "Ch4ng3it!", "JOURNEY_RECAPTCHA_TOKEN": "test-token-human"])
    }

    @Test func aReCaptchaClientErrorIsTheDefault() async throws {
        let folder = try TemporaryFiles.directory("journey-new-recaptcha-error")
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate '\(Self.amTree)' --realm alpha --journey LoginWithRecaptcha"),
            turns: [
                Turn(wait: "\"User Name\": ", type: "demo"), Turn(wait: "(not shown): ", type: "Ch4ng3it!"),
                Turn(wait: "Token (not shown): ", type: ""), Turn(wait: "Client error [recaptcha_failed]: ", type: ""),
            ], in: folder)
        #expect(session.screen.contains("The journey ended: ✗ failure 401"), "\(session.screen)")
        try await Self.check(
            session, wrote: "login-with-recaptcha", in: folder, secrets: ["JOURNEY_PASSWORD": "Ch4ng3it!"])
        let script = try String(
            contentsOf: folder.appendingPathComponent("login-with-recaptcha.yaml"), encoding: .utf8)
        #expect(script.contains("clientError: \"recaptcha_failed\""), "\(script)")
    }

    @Test func anIdentityProviderFromAMenuAndAReCaptchaV2Token() async throws {
        let folder = try TemporaryFiles.directory("journey-new-idp")
        try Self.socialTree.write(to: folder.appendingPathComponent("social.yaml"), atomically: true, encoding: .utf8)
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate social.yaml --journey SocialLogin"),
            turns: [
                Turn(wait: "Choose 1-3 or a provider: ", type: "Twitter"),
                Turn(wait: "Choose 1-3 or a provider: ", type: "3"),
                Turn(wait: "Token (not shown): ", type: ""),
                Turn(wait: "Token (not shown): ", type: "test-token-v2"),
            ], in: folder)
        #expect(session.screen.contains("1) Google (google)"), "\(session.screen)")
        #expect(session.screen.contains("3) (localAuthentication)"), "\(session.screen)")
        #expect(session.screen.contains("no such provider"), "\(session.screen)")
        try await Self.check(
            session, wrote: "social-login", in: folder, secrets: ["JOURNEY_RECAPTCHA_TOKEN": "test-token-v2"])
        let script = try String(contentsOf: folder.appendingPathComponent("social-login.yaml"), encoding: .utf8)
        #expect(script.contains("SelectIdPCallback: \"localAuthentication\""), "\(script)")
        #expect(script.contains("ReCaptchaCallback: {token: \"{{ recaptchaToken }}\"}"), "\(script)")
    }

    @Test func aDeviceKeyOrAClientError() async throws {
        let folder = try TemporaryFiles.directory("journey-new-device")
        try Self.deviceTree.write(
            to: folder.appendingPathComponent("device-tree.yaml"), atomically: true, encoding: .utf8)
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate device-tree.yaml --journey BindThenSign"),
            turns: [
                Turn(wait: "Client error (e.g. Abort) [none]: ", type: ""),
                Turn(wait: "Client error (e.g. Abort) [none]: ", type: "Abort"),
            ], in: folder)
        #expect(session.screen.contains("DeviceBindingCallback (the runner's software device key signs)"))
        try await Self.check(session, wrote: "bind-then-sign", in: folder, secrets: [:])
        let script = try String(contentsOf: folder.appendingPathComponent("bind-then-sign.yaml"), encoding: .utf8)
        #expect(script.contains("DeviceBindingCallback: {}"), "\(script)")
        #expect(script.contains("DeviceSigningVerifierCallback: {clientError: \"Abort\"}"), "\(script)")
    }

    static let deviceTree = """
        kind: simulator
        version: 1
        journeys:
          BindThenSign:
            start: bind
            nodes:
              bind:
                page:
                  callbacks:
                    - { type: DeviceBindingCallback, userId: user-1, username: demo, challenge: c2lnbi1tZQ }
                next: sign
              sign:
                page:
                  callbacks:
                    - { type: DeviceSigningVerifierCallback, userId: user-1, challenge: c2lnbi1tZS10b28 }
                next: success

        """

    @Test func aCallbackTypeItCannotAskForStopsTheWalkWithNothingWritten() async throws {
        let folder = try TemporaryFiles.directory("journey-new-custom")
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate '\(Self.amTree)' --realm alpha --journey CustomCallback"), turns: [], in: folder)
        #expect(session.stuck == nil, "\(session.screen)")
        #expect(session.status == 1, "\(session.screen)")
        #expect(
            session.screen.contains(
                "error: step 1: journey new cannot ask for MyCustomCallback (a callback type journey does not know; answer its inputs (IDToken1) by name"
            ), "\(session.screen)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    static let socialTree = """
        kind: simulator
        version: 1
        journeys:
          SocialLogin:
            start: pick
            nodes:
              pick:
                page:
                  callbacks:
                    - type: SelectIdPCallback
                      providers:
                        - { provider: google, uiConfig: { buttonDisplayName: Google } }
                        - { provider: apple, uiConfig: { buttonDisplayName: "" } }
                        - { provider: localAuthentication }
                      store: idp
                next: local
              local:
                decision: { value: idp, equals: localAuthentication }
                outcomes: { "true": captcha, "false": failure }
              captcha:
                page:
                  callbacks:
                    - { type: ReCaptchaCallback, recaptchaSiteKey: 6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI, store: captcha }
                next: human
              human:
                decision: { value: captcha, equals: test-token-v2 }
                outcomes: { "true": success, "false": failure }

        """
}
