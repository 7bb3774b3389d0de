import Foundation
import JourneyCore

/// `protocol: mobilefirst` (challenges.md §1): register the client, run the preauthorize
/// challenge loop, get an authorization code and exchange it for a token with a client
/// assertion, then call the `request:` resource with the Bearer token.
extension DriverRun {
    func runMobileFirst(_ spec: MobileFirstSpec) async throws(RunError) -> Outcome {
        let session = MobileFirstSession(
            spec: spec, key: try MobileFirstKey.shared(), baseURL: baseURL, deviceId: context.generate(.uuid))
        try await mfpRegister(session)
        var code: String?
        for attempt in 0..<2 {
            if let end = try await mfpPreauthorize(session) { return end }
            switch try await mfpAuthorization(session) {
            case .code(let value):
                code = value
            case .challenged where attempt == 0:
                continue
            case .challenged:
                throw RunError(
                    .protocol, "the authorization endpoint still answered with challenges after preauthorize succeeded",
                    step: steps.last?.number)
            case .end(let outcome):
                return outcome
            }
            break
        }
        guard let code else { throw RunError(.protocol, "no authorization code", step: steps.last?.number) }
        let token: MobileFirstToken
        switch try await mfpToken(session, code: code) {
        case .token(let value): token = value
        case .end(let outcome): return outcome
        }
        var status: Int?
        var body: String?
        if let request = script.request {
            let response = try await mfpResource(request, token: token)
            status = response.status
            body = response.body.isEmpty ? nil : redactor.redact(body: response.body)
        }
        return .token(scope: token.scope, expiresIn: token.expiresIn, resourceStatus: status, resourceBody: body)
    }

    /// `POST /registration/v1/self` with the signed registration data; the client id is the
    /// last segment of the `Location` header.
    func mfpRegister(_ session: MobileFirstSession) async throws(RunError) {
        let signed = try MobileFirstJWS.registration(
            payload: session.registrationPayload, key: session.key, encoding: session.spec.encoding)
        if let signature = signed["signature"]?.stringValue { redactor.register(signature, name: "signature") }
        let request = TransportRequest(
            method: "POST", url: session.url("/registration/v1/self"), headers: mfpHeaders(session, json: true),
            body: (["signedRegistrationData": signed] as JSONValue).encoded, timeoutSeconds: timeout)
        let (response, index) = try await mfpCall(request, phase: "registration")
        guard (200..<300).contains(response.status), let location = response.headers.value("location"),
            let clientId = MobileFirstSession.clientId(fromLocation: location)
        else {
            throw RunError(
                .protocol,
                "the client registration (\(Self.describe(request))) was refused or named no client id in Location: \(describe(response))",
                step: steps[index].number)
        }
        session.clientId = clientId
        steps[index].notes.append(("client", clientId))
    }

    /// Headers the SDKs send with every MobileFirst request, plus the script's own.
    func mfpHeaders(_ session: MobileFirstSession, json: Bool = false, form: Bool = false) -> [HeaderField] {
        var headers = [
            HeaderField("Accept", "application/json"),
            HeaderField("X-Requested-With", "XMLHttpRequest"),
            HeaderField("x-wl-app-version", session.spec.application.version),
        ]
        if json { headers.append(HeaderField("Content-Type", "application/json")) }
        if form { headers.append(HeaderField("Content-Type", "application/x-www-form-urlencoded")) }
        return headers + extraHeaders
    }
}

/// What the token endpoint granted.
struct MobileFirstToken {
    var accessToken: String
    var scope: String
    var expiresIn: Int?
}
