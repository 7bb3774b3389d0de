import Foundation
import HTTPTypes
import JourneyCore

extension NodeExecutor {
    func checkCredentials(_ spec: CredentialsSpec, _ state: inout JourneyState) -> NodeStep {
        let username = ValuePath.resolve(spec.username, in: state.values)?.displayText ?? ""
        let password = ValuePath.resolve(spec.password, in: state.values)?.displayText ?? ""
        guard let user = env.users.user(username), user.password == password else { return .outcome("false") }
        state.values["user"] = user.stateValue
        return .outcome("true")
    }

    func createUser(_ spec: CreateUserSpec, _ state: inout JourneyState) -> NodeStep {
        let username = ValuePath.resolve(spec.username, in: state.values)?.displayText ?? ""
        let password = ValuePath.resolve(spec.password, in: state.values)?.displayText ?? ""
        guard !username.isEmpty else { return .outcome("exists") }
        var user = SimulatedUser(username: username, password: password)
        for (name, path) in spec.attributes {
            if let value = ValuePath.resolve(path, in: state.values), !value.isNull { user.attributes[name] = value }
        }
        for name in spec.kba {
            guard let entry = ValuePath.resolve(name, in: state.values),
                let question = entry["question"]?.stringValue, let answer = entry["answer"]?.stringValue
            else { continue }
            user.kba.append(KBAEntry(question: question, answer: answer))
        }
        guard env.users.add(user) else { return .outcome("exists") }
        state.values["user"] = user.stateValue
        return .outcome("created")
    }

    func assess(_ spec: RecaptchaSpec, _ submitted: [String: JSONValue], _ state: inout JourneyState) -> NodeStep {
        let result = RecaptchaEvaluator(spec: spec).evaluate(submitted)
        if let name = spec.storePayload, let payload = result.payload { state.values[name] = payload }
        if let assessment = result.assessment {
            state.values["CaptchaEnterpriseNode.ASSESSMENT_RESULT"] = assessment
            if let name = spec.storeAssessment { state.values[name] = assessment }
        }
        if let failure = result.failure {
            state.values["CaptchaEnterpriseNode.FAILURE"] = .string(failure)
        } else {
            state.values["CaptchaEnterpriseNode.FAILURE"] = nil
        }
        return bool(result.passed)
    }

    func suspend(_ spec: EmailSuspendSpec, _ state: inout JourneyState) -> NodeStep {
        let suspendedId = env.random.token(27)
        let recipient = ValuePath.resolve(spec.to, in: state.values)?.displayText ?? spec.to
        var components = URLComponents()
        components.queryItems = [
            URLQueryItem(name: "realm", value: state.realm),
            URLQueryItem(name: "authIndexType", value: "service"),
            URLQueryItem(name: "authIndexValue", value: state.journey),
            URLQueryItem(name: "suspendedId", value: suspendedId),
        ]
        let link = "\(engine.baseURL)/am/XUI/?\(components.percentEncodedQuery ?? "")"
        let message = OutboxMessage(
            channel: .email, subject: spec.subject, body: "Click the link to continue: \(link)", code: nil,
            link: link, suspendedId: suspendedId, time: env.clock.now())
        env.outbox.send(message, to: recipient)
        let page = renderer.render(
            [
                PageRenderer.spec(
                    .suspendedTextOutput, ["message": .string(spec.message), "messageType": "0"])
            ], text: PageText(), emitIds: false)
        return .suspend(page, suspendedId: suspendedId, lifetime: spec.lifetime)
    }

    func sendOTP(_ spec: OTPSendSpec, _ state: inout JourneyState) -> NodeStep {
        let code = env.random.digits(spec.length)
        let recipient = ValuePath.resolve(spec.to, in: state.values)?.displayText ?? spec.to
        let now = env.clock.now()
        state.values[spec.store] = [
            "code": .string(code), "expires": .double(now.timeIntervalSince1970 + Double(spec.lifetime)),
        ]
        let channel: OutboxMessage.Channel = spec.channel == .email ? .email : .sms
        let message = OutboxMessage(
            channel: channel, subject: spec.subject, body: "Your one-time code is \(code)", code: code, link: nil,
            suspendedId: nil, time: now)
        env.outbox.send(message, to: recipient)
        return .outcome("next")
    }

    /// AM's Zero Page Login Collector: `username` and `password` from the request's headers.
    func collectZeroPage(_ spec: ZeroPageLoginSpec, _ state: inout JourneyState) -> NodeStep {
        func header(_ name: String) -> String? { HTTPField.Name(name).flatMap { engine.headers[$0] } }
        let username = header(spec.usernameHeader)
        let password = header(spec.passwordHeader)
        guard username != nil || password != nil else { return .outcome("false") }
        if !spec.allowWithoutReferer {
            guard let referer = engine.headers[.referer], spec.refererAllowlist.contains(referer) else {
                return .outcome("false")
            }
        }
        if let username { state.values["username"] = .string(username) }
        if let password { state.values["password"] = .string(password) }
        return .outcome("true")
    }

    func kbaEntry(_ spec: KBAVerifySpec, _ state: JourneyState) -> KBAEntry? {
        let username = ValuePath.resolve(spec.username, in: state.values)?.displayText ?? ""
        guard let user = env.users.user(username), !user.kba.isEmpty else { return nil }
        return user.kba[min(spec.question, user.kba.count - 1)]
    }
}
