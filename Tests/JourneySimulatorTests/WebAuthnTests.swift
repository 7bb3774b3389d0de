import Foundation
import JourneyCore
import Testing

@testable import JourneySimulator

/// Passkeys against journeys/trees/passkeys.yaml over HTTP: credentials made in the test (swift-crypto
/// and JourneyCore's wire model) are registered and used to log in, in both delivery forms, and the
/// simulator refuses what a relying party refuses, saying why in its log.
@Suite("Passkeys: WebAuthn registration, login and recovery codes")
struct WebAuthnTests {
    static let tree = try! String(contentsOf: Paths.trees.appendingPathComponent("passkeys.yaml"), encoding: .utf8)

    // MARK: reading the page

    /// The challenge a WebAuthn page carries (metadata: Base64 `challenge`; script: the first Int8Array).
    static func challenge(_ step: JSONValue) -> [UInt8] {
        for callback in Steps.callbacks(step) {
            if let data = Steps.output(callback, "data"), let text = data["challenge"]?.stringValue {
                return Data(base64Encoded: text).map { [UInt8]($0) } ?? []
            }
            if let script = Steps.output(callback, "message")?.stringValue, script.contains("webAuthnOutcome") {
                return WebAuthnPageTests.int8Arrays(script).first ?? []
            }
        }
        return []
    }

    /// AM's `userId` (the authenticator keeps its characters as the user handle).
    static func userId(_ step: JSONValue) -> String {
        for callback in Steps.callbacks(step) {
            if let id = Steps.output(callback, "data")?["userId"]?.stringValue { return id }
            if let script = Steps.output(callback, "message")?.stringValue,
                let start = script.range(of: "Uint8Array.from(\"")
            {
                return String(script[start.upperBound...].prefix { $0 != "\"" })
            }
        }
        return ""
    }

    static func hiddenIndex(_ step: JSONValue) -> Int {
        Steps.callbacks(step).firstIndex { Steps.output($0, "id") == "webAuthnOutcome" } ?? -1
    }

    static func options(_ h: Harness, _ edit: (inout TestPasskey.Options) -> Void = { _ in }) -> TestPasskey.Options {
        var options = TestPasskey.Options(origin: h.root, rpId: "127.0.0.1")
        edit(&options)
        return options
    }

    /// Answers the page's hidden `webAuthnOutcome`.
    static func answer(_ h: Harness, _ step: JSONValue, outcome: String) async throws -> Reply {
        try await h.answer(step, [hiddenIndex(step): .string(outcome)])
    }

    /// Logs in with the password on `journey` and returns the registration page.
    static func registrationPage(
        _ h: Harness, _ journey: String, _ username: String = "demo",
        _ password: String = "Ch4ng3it!"
    ) async throws -> JSONValue {
        let start = try await h.start(journey)
        let page = try await h.answer(start.json, [0: .string(username), 1: .string(password)]).json
        #expect(hiddenIndex(page) >= 0, "no WebAuthn page: \(page)")
        return page
    }

    /// Registers `passkey` on `journey`; returns the answer to the registration.
    static func register(
        _ h: Harness, _ passkey: inout TestPasskey, journey: String = "PasskeyRegistrationScript",
        username: String = "demo", password: String = "Ch4ng3it!",
        _ edit: (inout TestPasskey.Options) -> Void = { _ in }
    ) async throws -> Reply {
        let page = try await registrationPage(h, journey, username, password)
        passkey.userHandle = userId(page)
        let outcome = try passkey.registration(challenge: challenge(page), options(h, edit))
        return try await answer(h, page, outcome: outcome)
    }

    /// Starts `journey`, gives the username when it asks, and returns the WebAuthn page.
    static func loginPage(_ h: Harness, _ journey: String, username: String?) async throws -> JSONValue {
        let start = try await h.start(journey)
        guard let username else { return start.json }
        return try await h.answer(start.json, [0: .string(username)]).json
    }

    static func logIn(
        _ h: Harness, _ passkey: inout TestPasskey, journey: String = "PasskeyLogin", username: String? = "demo",
        userHandle: String? = nil, _ edit: (inout TestPasskey.Options) -> Void = { _ in }
    ) async throws -> Reply {
        let page = try await loginPage(h, journey, username: username)
        let outcome = try passkey.assertion(challenge: challenge(page), options(h, edit), userHandle: userHandle)
        return try await answer(h, page, outcome: outcome)
    }

    static func devices(_ h: Harness, _ username: String = "demo") async throws -> [JSONValue] {
        try await h.get("/__simulator/users/\(username)/webauthn").json["devices"]?.arrayValue ?? []
    }

    static func logged(_ h: Harness, _ fragment: String) -> Bool {
        h.logs.all.contains { $0.contains(fragment) }
    }

    // MARK: success

    @Test(
        "each algorithm registers (packed self attestation, UV required) and logs in",
        arguments: TestPasskey.Algorithm.allCases)
    func algorithms(_ algorithm: TestPasskey.Algorithm) async throws {
        try await Harness.run(Self.tree) { h in
            var passkey = try TestPasskey(algorithm)
            passkey.signCount = 1
            let registered = try await Self.register(h, &passkey, journey: "PasskeyRegistrationStrict") {
                $0.packed = true
            }
            #expect(registered.json["tokenId"] != nil, "\(registered.json) \(h.logs.all)")
            let device = try #require(try await Self.devices(h).first)
            #expect(device["algorithm"] == .int(algorithm.rawValue))
            #expect(device["attestationFormat"] == "packed")
            #expect(device["credentialId"] == .string(passkey.credentialIdText))
            let login = try await Self.logIn(h, &passkey, journey: "PasskeyLoginStrict")
            #expect(login.json["tokenId"] != nil, "\(login.json) \(h.logs.all)")
            #expect(try await Self.devices(h).first?["signCount"] == 2)
        }
    }

    @Test(
        "each delivery form registers and logs in: metadata, script, supportsJsonResponse",
        arguments: [
            ("PasskeyRegistration", "PasskeyLogin", false), ("PasskeyRegistrationScript", "PasskeyLoginScript", false),
            ("PasskeyRegistrationJson", "PasskeyLoginJson", true),
        ])
    func deliveryForms(registration: String, login: String, json: Bool) async throws {
        try await Harness.run(Self.tree) { h in
            var passkey = try TestPasskey()
            let page = try await Self.registrationPage(h, registration)
            let metadata = Steps.types(page).first == "MetadataCallback"
            #expect(metadata == (registration != "PasskeyRegistrationScript"))
            let offered = Steps.output(Steps.callbacks(page)[0], "data")?["supportsJsonResponse"]?.boolValue
            #expect(offered == (json ? true : nil))
            passkey.userHandle = Self.userId(page)
            #expect(passkey.userHandle == Data("7725266c-bfbf-4dab-aac1-6676520b36fe".utf8).base64EncodedString())
            let outcome = try passkey.registration(
                challenge: Self.challenge(page),
                Self.options(h) {
                    $0.json = json
                    $0.deviceName = "Test Key"
                })
            var done = try await Self.answer(h, page, outcome: outcome)
            if registration == "PasskeyRegistration" {
                // The recovery codes page comes first; it is only echoed.
                #expect(Steps.types(done.json) == ["TextOutputCallback"])
                done = try await h.answer(done.json, [:])
            }
            #expect(done.json["tokenId"] != nil, "\(done.json) \(h.logs.all)")
            #expect(try await Self.devices(h).first?["deviceName"] == "Test Key")
            let loginPage = try await Self.loginPage(h, login, username: "demo")
            // allowCredentials lists the user's device.
            if let data = Steps.output(Steps.callbacks(loginPage)[0], "data") {
                #expect(
                    (data["_allowCredentials"]?.arrayValue ?? []).map { WebAuthnPageTests.int8Bytes($0["id"]) }
                        == [passkey.credentialId])
            } else {
                let script = Steps.output(Steps.callbacks(loginPage)[0], "message")?.stringValue ?? ""
                #expect(WebAuthnPageTests.int8Arrays(script).dropFirst().map { $0 } == [passkey.credentialId])
            }
            let assertion = try passkey.assertion(
                challenge: Self.challenge(loginPage), Self.options(h) { $0.json = json })
            let loggedIn = try await Self.answer(h, loginPage, outcome: assertion)
            #expect(loggedIn.json["tokenId"] != nil, "\(loggedIn.json) \(h.logs.all)")
        }
    }

    @Test("usernameless: empty allowCredentials; the user handle names the user; a wrong or missing one fails")
    func usernameless() async throws {
        try await Harness.run(Self.tree) { h in
            var passkey = try TestPasskey()
            #expect(try await Self.register(h, &passkey).json["tokenId"] != nil)
            let page = try await Self.loginPage(h, "UsernamelessLogin", username: nil)
            #expect(Steps.output(Steps.callbacks(page)[0], "data")?["_allowCredentials"] == [])
            let assertion = try passkey.assertion(challenge: Self.challenge(page), Self.options(h))
            let token = try #require(try await Self.answer(h, page, outcome: assertion).json["tokenId"]?.stringValue)
            // The session is the user's the handle named.
            let info = try await h.post(
                "/am/json/realms/root/sessions/?_action=getSessionInfo", json: ["tokenId": .string(token)])
            #expect(info.json["username"] == "demo")
            let wrong = try await Self.logIn(
                h, &passkey, journey: "UsernamelessLogin", username: nil,
                userHandle: Data("alice".utf8).base64EncodedString())
            #expect(wrong.status == 401)
            #expect(Self.logged(h, "the user handle is not the one the credential was registered for"))
            let none = try await Self.logIn(h, &passkey, journey: "UsernamelessLogin", username: nil, userHandle: "")
            #expect(none.status == 401)
            #expect(Self.logged(h, "a usernameless login needs the user handle"))
        }
    }

    @Test("a synced passkey (counter always 0) logs in again and again; a counting one must count up")
    func counters() async throws {
        try await Harness.run(Self.tree) { h in
            var synced = try TestPasskey(.es256, id: 1)
            synced.backupEligible = true
            synced.backupState = true
            #expect(try await Self.register(h, &synced).json["tokenId"] != nil)
            for _ in 0..<2 { #expect(try await Self.logIn(h, &synced).json["tokenId"] != nil) }
            let device = try #require(try await Self.devices(h).first)
            #expect(device["backupEligible"] == true && device["backupState"] == true && device["signCount"] == 0)

            var counting = try TestPasskey(.es256, id: 2)
            counting.signCount = 10
            #expect(
                try await Self.register(h, &counting, username: "alice", password: "Al1ce-Passw0rd").json["tokenId"]
                    != nil)
            #expect(try await Self.logIn(h, &counting, username: "alice").json["tokenId"] != nil)
            // Replayed: the same counter (11) again.
            counting.signCount = 10
            let replay = try await Self.logIn(h, &counting, username: "alice")
            #expect(replay.status == 401)
            #expect(Self.logged(h, "signature counter 11 does not increase on the stored 11"))
        }
    }

    @Test("a credential id reported in standard Base64 with padding is the same credential")
    func paddedCredentialId() async throws {
        try await Harness.run(Self.tree) { h in
            var passkey = try TestPasskey(.es256, id: 200)
            let padded = Data(passkey.credentialId).base64EncodedString()
            #expect(padded.hasSuffix("=") && padded != passkey.credentialIdText)
            #expect(try await Self.register(h, &passkey) { $0.reportedId = padded }.json["tokenId"] != nil)
            #expect(try await Self.devices(h).first?["credentialId"] == .string(passkey.credentialIdText))
            #expect(try await Self.logIn(h, &passkey) { $0.reportedId = padded }.json["tokenId"] != nil)
            let other = try await Self.logIn(h, &passkey) { $0.reportedId = "not base64!" }
            #expect(other.status == 401)
            #expect(Self.logged(h, "is not base64url"))
        }
    }

    // MARK: what a relying party refuses

    enum Spoil: String, CaseIterable, Sendable {
        case tamperedChallenge, wrongOrigin, wrongRpId, badSignature, missingUV, noUserPresence, wrongType,
            unknownCredential, otherUsersCredential, backupStateWithoutEligibility, backupEligibilityChanged,
            crossOrigin
    }

    static func expectedReason(_ spoil: Spoil) -> String {
        switch spoil {
        case .tamperedChallenge: "clientData challenge is not the one this journey issued"
        case .wrongOrigin: "clientData origin 'https://evil.example' is not accepted"
        case .wrongRpId: "the rp id hash is not SHA-256('127.0.0.1')"
        case .badSignature: "the assertion signature does not verify with the registered key"
        case .missingUV: "user verification is required but the UV flag is not set"
        case .noUserPresence: "the user present flag (UP) is not set"
        case .wrongType: "clientData type is 'webauthn.create', expected 'webauthn.get'"
        case .unknownCredential: "unknown credential"
        case .otherUsersCredential: "belongs to another user, not 'demo'"
        case .backupStateWithoutEligibility: "the backup state flag (BS) is set without backup eligibility (BE)"
        case .backupEligibilityChanged: "the backup eligibility (BE) changed since registration"
        case .crossOrigin: "clientData says crossOrigin"
        }
    }

    @Test("a login is refused, with its reason in the log", arguments: Spoil.allCases)
    func refusedLogin(_ spoil: Spoil) async throws {
        try await Harness.run(Self.tree) { h in
            var passkey = try TestPasskey()
            #expect(try await Self.register(h, &passkey).json["tokenId"] != nil)
            var alices = try TestPasskey(.es256, id: 9)
            #expect(
                try await Self.register(h, &alices, username: "alice", password: "Al1ce-Passw0rd").json["tokenId"]
                    != nil)
            var used = passkey
            switch spoil {
            case .unknownCredential: used = try TestPasskey(.es256, id: 5)
            case .otherUsersCredential: used = alices
            case .backupStateWithoutEligibility: used.backupState = true
            case .backupEligibilityChanged: used.backupEligible = true
            default: break
            }
            let reply = try await Self.logIn(
                h, &used, journey: spoil == .missingUV ? "PasskeyLoginStrict" : "PasskeyLoginScript"
            ) { options in
                switch spoil {
                case .tamperedChallenge: options.challenge = Array(repeating: 1, count: 32)
                case .wrongOrigin: options.origin = "https://evil.example"
                case .wrongRpId: options.rpId = "evil.example"
                case .badSignature: options.badSignature = true
                case .missingUV: options.userVerified = false
                case .noUserPresence: options.userPresent = false
                case .wrongType: options.type = "webauthn.create"
                case .crossOrigin: options.crossOrigin = true
                default: break
                }
            }
            #expect(reply.status == 401, "\(reply.json)")
            #expect(Self.logged(h, Self.expectedReason(spoil)), "\(h.logs.all)")
            #expect(Self.logged(h, "node=failure (passkey: "), "\(h.logs.all)")
            // The device is untouched: the genuine passkey still logs in.
            #expect(try await Self.logIn(h, &passkey).json["tokenId"] != nil)
        }
    }

    @Test(
        "a registration is refused: tampered challenge, wrong origin, wrong rp id, bad packed signature, UV missing, algorithm not offered"
    )
    func refusedRegistration() async throws {
        try await Harness.run(Self.tree) { h in
            let cases: [(String, TestPasskey.Algorithm, (inout TestPasskey.Options) -> Void, String)] = [
                ("PasskeyRegistration", .es256, { $0.challenge = [1, 2, 3] }, "clientData challenge is not the one"),
                ("PasskeyRegistration", .es256, { $0.origin = "https://evil.example" }, "clientData origin"),
                ("PasskeyRegistration", .es256, { $0.rpId = "evil.example" }, "the rp id hash is not"),
                (
                    "PasskeyRegistrationStrict", .es256,
                    {
                        $0.packed = true
                        $0.badSignature = true
                    }, "packed self attestation: the signature does not verify"
                ),
                ("PasskeyRegistrationStrict", .es256, { $0.userVerified = false }, "UV flag is not set"),
                ("PasskeyRegistration", .eddsa, { _ in }, "the credential's algorithm -8 was not offered"),
            ]
            for (journey, algorithm, edit, reason) in cases {
                var passkey = try TestPasskey(algorithm)
                let reply = try await Self.register(h, &passkey, journey: journey, edit)
                #expect(reply.status == 401, "\(reason)")
                #expect(Self.logged(h, reason), "\(reason): \(h.logs.all)")
            }
            #expect(try await Self.devices(h).isEmpty)
        }
    }

    @Test("a challenge is used once: the same answer to a new page, or replayed, is refused")
    func challengeUsedOnce() async throws {
        try await Harness.run(Self.tree) { h in
            var passkey = try TestPasskey()
            #expect(try await Self.register(h, &passkey).json["tokenId"] != nil)
            let first = try await Self.loginPage(h, "PasskeyLoginScript", username: "demo")
            let outcome = try passkey.assertion(challenge: Self.challenge(first), Self.options(h))
            let second = try await Self.loginPage(h, "PasskeyLoginScript", username: "demo")
            #expect(try await Self.answer(h, second, outcome: outcome).status == 401)
            #expect(Self.logged(h, "clientData challenge is not the one this journey issued"))
            #expect(try await Self.answer(h, first, outcome: outcome).json["tokenId"] != nil)
            // The same authId again: the journey has moved on.
            #expect(try await Self.answer(h, first, outcome: outcome).status == 401)
        }
    }

    @Test("client errors and unsupported clients take their own outcomes; a user without a device, noDevice")
    func clientErrors() async throws {
        let trace = EdgeTrace()
        try await Harness.run(Self.tree, trace: trace) { h in
            let page = try await Self.registrationPage(h, "PasskeyRegistrationScript")
            let error = try await Self.answer(
                h, page, outcome: "ERROR::NotAllowedError:The operation either timed out or was not allowed.")
            #expect(error.status == 401)
            #expect(Self.logged(h, "client error: NotAllowedError:The operation either timed out"))
            let again = try await Self.registrationPage(h, "PasskeyRegistration")
            #expect(try await Self.answer(h, again, outcome: "unsupported").status == 401)
            #expect(Self.logged(h, "the client does not support WebAuthn"))
            let start = try await h.start("PasskeyLogin")
            #expect(try await h.answer(start.json, [0: "bob"]).status == 401)
            #expect(Self.logged(h, "'bob' has no WebAuthn device"))
        }
        // The edge trace holds the outcomes and why they were taken.
        #expect(
            trace.all.isSuperset(of: ["PasskeyRegistrationScript/register/error", "PasskeyLogin/passkey/noDevice"]))
        #expect(
            trace.notes.contains { $0.hasPrefix("PasskeyRegistrationScript/register: client error: NotAllowedError") })
        #expect(trace.notes.contains("PasskeyRegistration/register: the client does not support WebAuthn"))
    }

    @Test("at most maxDevices devices: the next registration takes exceedsDeviceLimit")
    func deviceLimit() async throws {
        try await Harness.run(Self.tree) { h in
            // The strict node asks for direct attestation: packed self attestation answers it.
            for id in UInt8(1)...2 {
                var passkey = try TestPasskey(.es256, id: id)
                let reply = try await Self.register(h, &passkey, journey: "PasskeyRegistrationStrict") {
                    $0.packed = true
                }
                #expect(reply.json["tokenId"] != nil)
            }
            var third = try TestPasskey(.es256, id: 3)
            #expect(
                try await Self.register(h, &third, journey: "PasskeyRegistrationStrict") { $0.packed = true }.status
                    == 401)
            #expect(Self.logged(h, "'demo' holds 2 device(s) already"))
            #expect(try await Self.devices(h).count == 2)
        }
    }

    @Test(
        "attestation direct refuses a 'none' statement as AM does (failure outcome); packed self attestation passes; a node asking none takes 'none'"
    )
    func directAttestation() async throws {
        let trace = EdgeTrace()
        try await Harness.run(Self.tree, trace: trace) { h in
            var unattested = try TestPasskey(.es256, id: 1)
            let refused = try await Self.register(h, &unattested, journey: "PasskeyRegistrationStrict")
            #expect(refused.status == 401, "\(refused.json)")
            #expect(Self.logged(h, "direct attestation required"), "\(h.logs.all)")
            #expect(try await Self.devices(h).isEmpty)

            var attested = try TestPasskey(.es256, id: 2)
            let accepted = try await Self.register(h, &attested, journey: "PasskeyRegistrationStrict") {
                $0.packed = true
            }
            #expect(accepted.json["tokenId"] != nil, "\(accepted.json) \(h.logs.all)")

            var plain = try TestPasskey(.es256, id: 3)
            #expect(try await Self.register(h, &plain).json["tokenId"] != nil)
            #expect(
                try await Self.devices(h).compactMap { $0["attestationFormat"]?.stringValue } == ["packed", "none"])
        }
        #expect(trace.all.contains("PasskeyRegistrationStrict/register/failure"))
        #expect(
            trace.notes.contains { $0.hasPrefix("PasskeyRegistrationStrict/register: attestation 'none' is refused") })
    }

    // MARK: recovery codes and test controls

    /// Registers two passkeys for `demo`: each registration's recovery codes and credential id.
    static func registerTwoDevices(_ h: Harness) async throws -> (codes: [[String]], ids: [String]) {
        var codes: [[String]] = []
        var ids: [String] = []
        for id in [UInt8(1), 2] {
            var passkey = try TestPasskey(.es256, id: id)
            let page = try await registrationPage(h, "PasskeyRegistration")
            passkey.userHandle = userId(page)
            let shown = try await answer(
                h, page, outcome: try passkey.registration(challenge: challenge(page), options(h)))
            codes.append(recoveryCodes(shown.json))
            ids.append(passkey.credentialIdText)
            _ = try await h.answer(shown.json, [:])
        }
        return (codes, ids)
    }

    static func recoveryCodes(_ step: JSONValue) -> [String] {
        let script = Steps.output(Steps.callbacks(step).first ?? [:], "message")?.stringValue ?? ""
        let marker = "\"<div class=\\\"text-center\\\">\\n\" +\n    \""
        return script.components(separatedBy: marker).dropFirst().map { String($0.prefix { $0 != "\\" }) }
    }

    @Test(
        "recovery codes: shown once after registration, each accepted once, also from the login's [Use Recovery Code]")
    func recoveryCodesUsedOnce() async throws {
        try await Harness.run(Self.tree) { h in
            var passkey = try TestPasskey()
            let page = try await Self.registrationPage(h, "PasskeyRegistration")
            passkey.userHandle = Self.userId(page)
            let shown = try await Self.answer(
                h, page, outcome: try passkey.registration(challenge: Self.challenge(page), Self.options(h)))
            let codes = Self.recoveryCodes(shown.json)
            #expect(codes.count == 10 && codes.allSatisfy { $0.count == 10 }, "\(codes)")
            #expect(Set(codes).count == 10)
            let script = Steps.output(Steps.callbacks(shown.json)[0], "message")?.stringValue ?? ""
            #expect(script.contains("<h3>Your Recovery Codes</h3>") && script.contains("<em>New Security Key</em>"))
            #expect(try await h.answer(shown.json, [:]).json["tokenId"] != nil)

            func recover(_ code: String) async throws -> Reply {
                let start = try await h.start("RecoveryCodeLogin")
                let ask = try await h.answer(start.json, [0: "demo"])
                #expect(Steps.types(ask.json) == ["NameCallback"])
                return try await h.answer(ask.json, [0: .string(code)])
            }
            #expect(try await recover(codes[0]).json["tokenId"] != nil)
            #expect(try await recover(codes[0]).status == 401)
            #expect(try await recover("not-a-code").status == 401)
            // From the login page: [Use Recovery Code] (option 0), then a code.
            let login = try await Self.loginPage(h, "PasskeyLogin", username: "demo")
            let choice = try #require(Steps.types(login).lastIndex(of: "ConfirmationCallback"))
            let collector = try await h.answer(login, [choice: 0])
            #expect(Steps.types(collector.json) == ["NameCallback"])
            #expect(try await h.answer(collector.json, [0: .string(codes[1])]).json["tokenId"] != nil)
            let remaining = try await h.get("/__simulator/users/demo/recovery-codes").json
            #expect(remaining["remaining"] == 8)
            #expect(h.simulator.recoveryCodesRemaining(for: "demo") == 8)
        }
    }

    /// AM keeps recovery codes with each device: registering a second one leaves the first's valid.
    @Test("recovery codes: a second device's registration keeps the first device's codes")
    func recoveryCodesOfEachDeviceStay() async throws {
        try await Harness.run(Self.tree) { h in
            let (codes, _) = try await Self.registerTwoDevices(h)
            #expect(h.simulator.recoveryCodesRemaining(for: "demo") == 20)
            let start = try await h.start("RecoveryCodeLogin")
            let ask = try await h.answer(start.json, [0: "demo"])
            #expect(try await h.answer(ask.json, [0: .string(codes[0][0])]).json["tokenId"] != nil)
        }
    }

    /// AM keeps recovery codes in the device profile: deleting the device deletes its codes, not the other device's.
    @Test("recovery codes: deleting a device deletes its codes and keeps the other device's")
    func recoveryCodesGoWithTheirDevice() async throws {
        try await Harness.run(Self.tree) { h in
            let (codes, ids) = try await Self.registerTwoDevices(h)
            let deleted = try await h.request(.DELETE, "/__simulator/users/demo/webauthn/\(ids[0])")
            #expect(deleted.status == 200)
            #expect(h.simulator.recoveryCodesRemaining(for: "demo") == 10)
            #expect(try await h.get("/__simulator/users/demo/recovery-codes").json["remaining"] == 10)
            func recover(_ code: String) async throws -> Reply {
                let start = try await h.start("RecoveryCodeLogin")
                let ask = try await h.answer(start.json, [0: "demo"])
                return try await h.answer(ask.json, [0: .string(code)])
            }
            #expect(try await recover(codes[0][0]).status == 401, "a deleted device's code still works")
            #expect(try await recover(codes[1][0]).json["tokenId"] != nil)
            #expect(h.simulator.deleteWebAuthnDevices(of: "demo") == 1)
            #expect(h.simulator.recoveryCodesRemaining(for: "demo") == 0)
            #expect(try await recover(codes[1][1]).status == 401, "a code outlived all the user's devices")
        }
    }

    @Test("test controls: list a user's devices, delete one (then noDevice), 404 for an unknown one, delete all")
    func controls() async throws {
        try await Harness.run(Self.tree) { h in
            #expect(try await Self.devices(h).isEmpty)
            var first = try TestPasskey(.es256, id: 1)
            var second = try TestPasskey(.eddsa, id: 2)
            #expect(try await Self.register(h, &first).json["tokenId"] != nil)
            let page = try await Self.registrationPage(h, "PasskeyRegistrationStrict")
            let excluded = Steps.output(Steps.callbacks(page)[0], "data")?["_excludeCredentials"]?.arrayValue ?? []
            #expect(excluded.map { WebAuthnPageTests.int8Bytes($0["id"]) } == [first.credentialId])
            let registered = try await Self.register(h, &second, journey: "PasskeyRegistrationStrict") {
                $0.packed = true
            }
            #expect(registered.json["tokenId"] != nil)
            let listed = try await Self.devices(h)
            #expect(
                listed.map { $0["credentialId"] } == [
                    .string(first.credentialIdText), .string(second.credentialIdText),
                ])
            #expect(listed.first?["userHandle"] == .string(first.userHandle))
            #expect(h.simulator.webAuthnDevices(of: "demo").count == 2)

            let deleted = try await h.request(.DELETE, "/__simulator/users/demo/webauthn/\(first.credentialIdText)")
            #expect(deleted.status == 200)
            #expect(try await Self.devices(h).count == 1)
            #expect(try await Self.logIn(h, &first).status == 401)
            #expect(try await h.request(.DELETE, "/__simulator/users/demo/webauthn/nope").status == 404)
            #expect(try await h.request(.POST, "/__simulator/users/demo/webauthn").status == 405)
            let all = try await h.request(.DELETE, "/__simulator/users/demo/webauthn")
            #expect(all.json["deleted"] == 1)
            let start = try await h.start("PasskeyLogin")
            #expect(try await h.answer(start.json, [0: "demo"]).status == 401)
            #expect(Self.logged(h, "'demo' has no WebAuthn device"))
        }
    }
}
