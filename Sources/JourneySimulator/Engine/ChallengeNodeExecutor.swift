import Foundation
import JourneyCore

/// Executes the OATH registration and verification, proof of work and arithmetic CAPTCHA nodes,
/// for the node's ``NodeExecutor`` (its node, engine and shared pages).
struct ChallengeNodeExecutor {
    let executor: NodeExecutor

    // MARK: OATH

    func enterOATHRegistration(_ spec: OATHRegistrationSpec, _ state: inout JourneyState) -> NodeStep {
        // AM generates the shared secret as hex and shows it Base32.
        let secret = executor.env.random.bytes(spec.secretLength / 2)
        let parameters = OTPParameters(
            kind: spec.kind, secret: secret, algorithm: spec.algorithm, digits: spec.digits, period: spec.period,
            counter: spec.counter, issuer: spec.issuer, account: executor.account(spec.username, state))
        let uri = parameters.uri + "&b=032b75"
        state.memory["oath.\(executor.node.id)"] = .string(uri)
        return .page(oathRegistrationPage(spec, uri: uri))
    }

    func oathRegistrationPage(_ spec: OATHRegistrationSpec, uri: String) -> PageOutput {
        let script = """
            window.QRCodeReader.createCode({
                id: 'callback_0',
                text: '\(Self.hexEscaped(uri))',
                version: '20',
                code: 'L'
            });
            """
        var hidden = PageRenderer.spec(.hiddenValue, ["value": .string(uri), "id": "mfaDeviceRegistration"])
        hidden.inputs = [("", "mfaDeviceRegistration")]
        var next = PageRenderer.spec(
            .confirmation,
            ["prompt": "", "messageType": 0, "options": ["Next"], "optionType": -1, "defaultOption": 0])
        next.inputs = [("", 0)]
        let callbacks = [
            PageRenderer.spec(
                .textOutput,
                [
                    "message":
                        "Scan the QR code image below with the ForgeRock Authenticator app to register your device with your login.",
                    "messageType": "0",
                ]),
            PageRenderer.spec(.textOutput, ["message": .string(script), "messageType": "4"]),
            hidden, next,
        ]
        return executor.renderer.render(callbacks, text: spec.text, emitIds: false)
    }

    /// `otpauth\x3A\x2F\x2F…`: the URI as AM writes it into the QR script.
    static func hexEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if ":/?=&%".unicodeScalars.contains(scalar) {
                result += String(format: "\\x%02X", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    func submitOATHRegistration(_ spec: OATHRegistrationSpec, _ state: inout JourneyState) -> NodeStep {
        guard let uri = state.memory["oath.\(executor.node.id)"]?.stringValue,
            let parameters = try? OTPParameters.parse(uri)
        else { return executor.enter(&state) }
        executor.env.devices.register(parameters, for: executor.account(spec.username, state))
        state.memory["oath.\(executor.node.id)"] = nil
        return .outcome("next")
    }

    func enterOATHVerify(_ spec: OATHVerifySpec, _ state: inout JourneyState) -> NodeStep {
        guard executor.env.devices.device(executor.account(spec.username, state)) != nil else {
            return .outcome("notRegistered")
        }
        return .page(
            executor.renderer.render(
                [PageRenderer.spec(.name, ["prompt": .string(spec.prompt)])], text: spec.text, emitIds: false))
    }

    func submitOATHVerify(_ spec: OATHVerifySpec, _ state: inout JourneyState, _ answers: EchoValidator.Answers)
        -> NodeStep
    {
        let code = EchoValidator.value(answers, 0, suffix: "")?.displayText.trimmingCharacters(in: .whitespaces) ?? ""
        switch executor.env.devices.verify(
            code, for: executor.account(spec.username, state), at: executor.env.clock.now(), window: spec.window,
            hotpWindow: spec.hotpWindow)
        {
        case .accepted: return .outcome("true")
        case .rejected: return .outcome("false")
        case .notRegistered: return .outcome("notRegistered")
        }
    }

    // MARK: proof of work

    func enterProofOfWork(_ spec: ProofOfWorkSpec, _ state: inout JourneyState) -> NodeStep {
        let salt = executor.env.random.token(12)
        let expires = Int(executor.env.clock.now().timeIntervalSince1970) + spec.lifetime
        let challenge: JSONValue
        switch spec.scheme {
        case .altcha:
            let number = executor.env.random.atMost(spec.maxnumber)
            challenge =
                ALTCHAChallenge.create(
                    number: number, salt: "\(salt)?expires=\(expires)&", hmacKey: spec.hmacKey,
                    algorithm: spec.algorithm,
                    maxnumber: spec.maxnumber
                ).json
        case .hashcash:
            challenge = [
                "algorithm": .string(spec.algorithm.rawValue), "bits": .int(spec.bits),
                "stamp": .string(
                    "1:\(spec.bits):\(Self.hashcashDate(executor.env.clock.now())):\(executor.account("username", state)):\(expires):\(salt):"
                ),
            ]
        case .hexPrefix:
            challenge = [
                "algorithm": .string(spec.algorithm.rawValue), "seed": .string(salt), "prefix": .string(spec.prefix),
            ]
        case .clearPass:
            challenge = ["token": .string(salt)]
        }
        state.memory["pow.\(executor.node.id)"] = ["challenge": challenge, "expires": .int(expires)]
        return .page(proofOfWorkPage(spec, challenge: challenge))
    }

    func proofOfWorkPage(_ spec: ProofOfWorkSpec, challenge: JSONValue) -> PageOutput {
        let callback = CallbackSpec(
            type: CallbackType.proofOfWork.wireName,
            outputs: [
                NameValue(name: "scheme", value: .string(spec.scheme.rawValue)),
                NameValue(name: "challenge", value: challenge),
            ],
            inputs: [("", "")], store: nil, policies: [], attributeName: nil)
        return executor.renderer.render([callback], text: spec.text, emitIds: false)
    }

    static func hashcashDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%02d%02d%02d", (parts.year ?? 0) % 100, parts.month ?? 0, parts.day ?? 0)
    }

    func submitProofOfWork(_ spec: ProofOfWorkSpec, _ state: inout JourneyState, _ answers: EchoValidator.Answers)
        -> NodeStep
    {
        let answer = EchoValidator.value(answers, 0, suffix: "")?.displayText ?? ""
        guard let issued = state.memory["pow.\(executor.node.id)"], let challenge = issued["challenge"] else {
            return executor.enter(&state)
        }
        state.memory["pow.\(executor.node.id)"] = nil
        let now = executor.env.clock.now()
        guard Double(issued["expires"]?.intValue ?? 0) >= now.timeIntervalSince1970 else { return .outcome("false") }
        let valid: Bool
        switch spec.scheme {
        case .altcha:
            valid = ALTCHAChallenge.verify(
                payload: answer, hmacKey: spec.hmacKey, now: now,
                expectedChallenge: challenge["challenge"]?.stringValue ?? "")
        case .hashcash:
            valid = (try? HashcashChallenge(json: challenge))?.verify(answer) ?? false
        case .hexPrefix:
            valid = (try? HexPrefixChallenge(json: challenge))?.verify(answer) ?? false
        case .clearPass:
            valid = !answer.isEmpty && challenge["token"]?.stringValue == answer
        }
        return executor.bool(valid)
    }

    // MARK: arithmetic CAPTCHA

    func enterMathCaptcha(_ spec: MathCaptchaSpec, _ state: inout JourneyState) -> NodeStep {
        let left = executor.env.random.below(spec.max)
        let right = executor.env.random.below(spec.max)
        let symbol = spec.operators[executor.env.random.below(spec.operators.count)]
        let answer: Int
        switch symbol {
        case "-": answer = left - right
        case "×": answer = left * right
        default: answer = left + right
        }
        state.memory["captcha.\(executor.node.id)"] = .int(answer)
        return .page(
            executor.renderer.render(
                [PageRenderer.spec(.name, ["prompt": .string("What is \(left) \(symbol) \(right)?")])],
                text: spec.text,
                emitIds: false))
    }

    func submitMathCaptcha(_ state: inout JourneyState, _ answers: EchoValidator.Answers) -> NodeStep {
        let answer = EchoValidator.value(answers, 0, suffix: "")?.displayText.trimmingCharacters(in: .whitespaces) ?? ""
        let expected = state.memory["captcha.\(executor.node.id)"]?.intValue
        state.memory["captcha.\(executor.node.id)"] = nil
        return executor.bool(expected != nil && Int(answer) == expected)
    }
}
