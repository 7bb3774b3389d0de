import Foundation
import JourneyCore
import Testing

@testable import JourneySimulator

/// OATH registration and verification, proof of work, clear-pass and the arithmetic CAPTCHA of
/// journeys/trees/challenges.yaml.
@Suite("Challenges: OATH, proof of work, CAPTCHA")
struct ChallengeTests {
    static let tree = try! String(contentsOf: Paths.trees.appendingPathComponent("challenges.yaml"), encoding: .utf8)

    /// Logs in with `username` / `password` on the journey's first page.
    static func credentials(_ h: Harness, _ journey: String, _ username: String, _ password: String) async throws
        -> JSONValue
    {
        let start = try await h.start(journey)
        return try await h.answer(start.json, [0: .string(username), 1: .string(password)]).json
    }

    @Test("OATH registration: the fixture's callbacks, a usable otpauth URI; a TOTP code logs in once per time step")
    func totpRegistrationAndReplay() async throws {
        try await Harness.run(Self.tree) { h in
            let registration = try await Self.credentials(h, "OathRegistration", "tina", "T0tp-Passw0rd")
            #expect(registration["stage"] == "OathRegistration")
            let fixture = try Paths.fixture("callbacks/mfa/oath-registration-qr.json")
            #expect(
                CallbackShape.of(registration, ignoringIds: true).map(\.type) == CallbackShape.of(fixture).map(\.type))
            #expect(
                CallbackShape.of(registration, ignoringIds: true).map { $0.outputs }
                    == CallbackShape.of(fixture, ignoringIds: true).map { $0.outputs })
            let callbacks = Steps.callbacks(registration)
            #expect(Steps.output(callbacks[2], "id") == "mfaDeviceRegistration")
            let uri = try #require(Steps.output(callbacks[2], "value")?.stringValue)
            #expect(uri.hasPrefix("otpauth://totp/ForgeRock:tina?secret="))
            #expect(uri.contains("&period=30&digits=6&b=032b75"))
            let script = try #require(Steps.output(callbacks[1], "message")?.stringValue)
            #expect(script.contains("QRCodeReader") && script.contains("otpauth\\x3A\\x2F\\x2Ftotp"))
            let parameters = try OTPParameters.parse(uri)
            #expect(parameters.secret.count == 16)
            // Next: the device is saved; the verifier asks for a code.
            let verify = try await h.answer(registration, [3: 0])
            #expect(verify.json["stage"] == "OathTokenVerifier")
            #expect(Steps.output(Steps.callbacks(verify.json)[0], "prompt") == "Enter verification code")
            let wrong = try await h.answer(verify.json, [0: "000000"])
            #expect(Steps.types(wrong.json) == ["NameCallback"])
            let done = try await h.answer(wrong.json, [0: .string(parameters.code(at: h.clock.now()))])
            #expect(done.json["tokenId"] != nil)
            // The same step again: AM's replay rule refuses it; the next step is fine.
            let login = try await Self.credentials(h, "OathLogin", "tina", "T0tp-Passw0rd")
            let replay = try await h.answer(login, [0: .string(parameters.code(at: h.clock.now()))])
            #expect(replay.status == 401)
            h.clock.advance(by: 30)
            let again = try await Self.credentials(h, "OathLogin", "tina", "T0tp-Passw0rd")
            let fresh = try await h.answer(again, [0: .string(parameters.code(at: h.clock.now()))])
            #expect(fresh.json["tokenId"] != nil)
            // An earlier step inside the window is refused too.
            let late = try await Self.credentials(h, "OathLogin", "tina", "T0tp-Passw0rd")
            let earlier = try await h.answer(
                late, [0: .string(parameters.code(at: h.clock.now().addingTimeInterval(-30)))])
            #expect(earlier.status == 401)
        }
    }

    @Test("OATH login: a pre-registered secret, drift window ±2 steps; without a device, register first")
    func oathLoginAndNotRegistered() async throws {
        try await Harness.run(Self.tree) { h in
            let parameters = try OTPParameters.parse("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")
            let step = try await Self.credentials(h, "OathLogin", "olivia", "0livia-Passw0rd")
            let code = parameters.code(at: h.clock.now().addingTimeInterval(60))
            #expect(try await h.answer(step, [0: .string(code)]).json["tokenId"] != nil)
            let tooFar = try await Self.credentials(h, "OathLogin", "olivia", "0livia-Passw0rd")
            #expect(
                try await h.answer(tooFar, [0: .string(parameters.code(at: h.clock.now().addingTimeInterval(120)))])
                    .status == 401)
            let fresh = try await Self.credentials(h, "OathLogin", "demo", "Ch4ng3it!")
            #expect(fresh["stage"] == "OathRegistration")
        }
    }

    @Test("HOTP and SHA-256/8-digit registrations")
    func hotpAndSha256() async throws {
        try await Harness.run(Self.tree) { h in
            let registration = try await Self.credentials(h, "HotpRegistration", "hank", "H0tp-Passw0rd")
            let uri = try #require(Steps.output(Steps.callbacks(registration)[2], "value")?.stringValue)
            #expect(uri.hasPrefix("otpauth://hotp/ForgeRock:hank?secret=") && uri.contains("&counter=0&"))
            let parameters = try OTPParameters.parse(uri)
            let verify = try await h.answer(registration, [3: 0])
            // Counter 1 is inside the look-ahead window; then 1 again is refused, 2 is fine.
            let again = try await h.answer(verify.json, [0: .string(parameters.code(at: h.clock.now(), counter: 1))])
            #expect(again.json["stage"] == "OathTokenVerifierAgain")
            let reused = try await h.answer(again.json, [0: .string(parameters.code(at: h.clock.now(), counter: 1))])
            #expect(reused.status == 401)

            let sha = try await Self.credentials(h, "OathRegistrationSha256", "demo", "Ch4ng3it!")
            let shaURI = try #require(Steps.output(Steps.callbacks(sha)[2], "value")?.stringValue)
            #expect(shaURI.contains("&period=60&digits=8") && shaURI.hasSuffix("&algorithm=SHA256&b=032b75"))
            let shaParameters = try OTPParameters.parse(shaURI)
            let shaVerify = try await h.answer(sha, [3: 0])
            let code = shaParameters.code(at: h.clock.now())
            #expect(code.count == 8)
            #expect(try await h.answer(shaVerify.json, [0: .string(code)]).json["tokenId"] != nil)
        }
    }

    @Test(
        "proof of work: each scheme's challenge, solved, is accepted; a wrong or replayed answer is not",
        arguments: [
            ("LoginWithProofOfWork", PoWScheme.altcha), ("LoginWithHashcash", .hashcash),
            ("LoginWithHexPrefix", .hexPrefix),
            ("LoginWithClearPass", .clearPass),
        ])
    func proofOfWork(journey: String, scheme: PoWScheme) async throws {
        try await Harness.run(Self.tree) { h in
            let start = try await h.start(journey)
            let callback = try #require(Steps.callbacks(start.json).first)
            #expect(callback["type"] == "ProofOfWorkCallback")
            #expect(Steps.output(callback, "scheme") == .string(scheme.rawValue))
            let challenge = try #require(Steps.output(callback, "challenge"))
            #expect(challenge.objectValue != nil)
            let solution = try scheme.solve(challenge, limits: PoWLimits())
            let credentials = try await h.answer(start.json, [0: .string(solution.answer)])
            #expect(Steps.types(credentials.json) == ["NameCallback", "PasswordCallback"])
            let wrongStart = try await h.start(journey)
            let wrong = try await h.answer(wrongStart.json, [0: "12345"])
            #expect(wrong.status == 401)
            if scheme == .altcha {
                // An answer to another challenge (same key, still valid) is refused.
                let other = try await h.start(journey)
                #expect(try await h.answer(other.json, [0: .string(solution.answer)]).status == 401)
            }
        }
    }

    @Test("an expired ALTCHA challenge is refused")
    func altchaExpires() async throws {
        try await Harness.run(Self.tree) { h in
            let start = try await h.start("LoginWithProofOfWork")
            let challenge = try #require(Steps.output(Steps.callbacks(start.json)[0], "challenge"))
            let solution = try PoWScheme.altcha.solve(challenge, limits: PoWLimits())
            h.clock.advance(by: 301)
            #expect(try await h.answer(start.json, [0: .string(solution.answer)]).status == 401)
        }
    }

    @Test("arithmetic CAPTCHA: 'What is A op B?'")
    func mathCaptcha() async throws {
        try await Harness.run(Self.tree) { h in
            for _ in 0..<5 {
                let start = try await h.start("LoginWithMathCaptcha")
                let callback = try #require(Steps.callbacks(start.json).first, "\(start.status) \(start.json)")
                let prompt = try #require(Steps.output(callback, "prompt")?.stringValue)
                #expect(prompt.hasPrefix("What is "))
                let answer = try #require(ArithmeticCaptcha.solve(prompt))
                let next = try await h.answer(start.json, [0: .string(String(answer))])
                #expect(Steps.types(next.json) == ["NameCallback", "PasswordCallback"], "\(prompt) = \(answer)")
            }
            let start = try await h.start("LoginWithMathCaptcha")
            #expect(try await h.answer(start.json, [0: "x"]).status == 401)
        }
    }

    @Test("arithmetic CAPTCHA: operands are drawn from the whole of 0 ..< max, also past 100")
    func mathCaptchaWideRange() async throws {
        let yaml = """
            kind: simulator
            version: 1
            journeys:
              Captcha:
                start: captcha
                nodes:
                  captcha:
                    mathCaptcha: { max: 1000, operators: ["+"] }
                    outcomes: { "true": success, "false": failure }
            """
        try await Harness.run(yaml) { h in
            var operands: [Int] = []
            for _ in 0..<10 {
                let start = try await h.start("Captcha")
                let callback = try #require(Steps.callbacks(start.json).first, "\(start.status) \(start.json)")
                let prompt = try #require(Steps.output(callback, "prompt")?.stringValue)
                let parts = prompt.dropFirst("What is ".count).dropLast().split(separator: " ")
                operands += [Int(parts[0]) ?? -1, Int(parts[2]) ?? -1]
                let answer = try #require(ArithmeticCaptcha.solve(prompt))
                #expect(try await h.answer(start.json, [0: .string(String(answer))]).status == 200, "\(prompt)")
            }
            #expect(operands.allSatisfy { (0..<1000).contains($0) }, "\(operands)")
            #expect(operands.contains { $0 >= 100 }, "\(operands)")
        }
    }

    @Test("ALTCHA verify: an expected challenge must be the one answered")
    func altchaExpectedChallenge() {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        let salt = "abc?expires=\(Int(now.timeIntervalSince1970) + 60)&"
        let issued = ALTCHAChallenge.create(number: 1234, salt: salt, hmacKey: "k", maxnumber: 5000)
        let payload = issued.payload(number: 1234)
        #expect(ALTCHAChallenge.verify(payload: payload, hmacKey: "k", now: now))
        #expect(ALTCHAChallenge.verify(payload: payload, hmacKey: "k", now: now, expectedChallenge: issued.challenge))
        let other = ALTCHAChallenge.create(number: 99, salt: salt, hmacKey: "k", maxnumber: 5000)
        #expect(!ALTCHAChallenge.verify(payload: payload, hmacKey: "k", now: now, expectedChallenge: other.challenge))
        #expect(!ALTCHAChallenge.verify(payload: payload, hmacKey: "other", now: now))
    }

    @Test("the seeded source: bytes and atMost are reproducible and in range")
    func randomSourceDraws() {
        let a = RandomSource(seed: 7)
        let b = RandomSource(seed: 7)
        let bytes = a.bytes(13)
        #expect(bytes.count == 13 && bytes == b.bytes(13))
        #expect(a.bytes(0).isEmpty)
        #expect(Set(a.bytes(64)).count > 16)
        #expect((0..<200).allSatisfy { _ in a.atMost(3) <= 3 })
        #expect(Set((0..<200).map { _ in a.atMost(3) }) == [0, 1, 2, 3])
        _ = a.atMost(.max)
    }

    @Test("tree errors: unknown scheme with a suggestion, bad digits, bad prefix")
    func treeErrors() {
        let yaml = """
            kind: simulator
            version: 1
            journeys:
              J:
                start: a
                nodes:
                  a:
                    proofOfWork: { scheme: altch, prefix: xyz }
                    outcomes: { "true": b, "false": failure }
                  b:
                    oathRegistration: { digits: 7, type: push }
                    next: c
                  c:
                    oathVerify: {}
                    outcomes: { "true": success, "false": failure }
            """
        let diagnostics = SimulatorLoader.lint(text: yaml, file: "t.yaml")
        let messages = diagnostics.map(\.message)
        #expect(messages.contains("unknown proof-of-work scheme 'altch'"))
        #expect(diagnostics.contains { $0.hint == "did you mean 'altcha'?" })
        #expect(messages.contains("prefix must be 1 to 8 hex digits"))
        #expect(messages.contains("digits must be 6 or 8"))
        #expect(messages.contains("type must be 'totp' or 'hotp'"))
        #expect(messages.contains { $0.contains("notRegistered") })
    }
}
