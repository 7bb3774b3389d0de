import Foundation
import HTTPTypes
import JourneyCore

extension MobileFirstController {
    /// `POST /registration/v1/self`: verifies the signed registration data (the JWS is signed by
    /// the key its header carries) and answers 201 with `Location: …/registration/clients/<id>`.
    func mfpRegister(_ request: IncomingRequest) -> HTTPReply {
        let body: JSONValue
        switch JSONValue.body(request) {
        case .success(let value): body = value
        case .failure(let reply): return reply
        }
        guard let signed = body["signedRegistrationData"], let header = signed["header"]?.stringValue,
            let payload = signed["payload"]?.stringValue, let signature = signed["signature"]?.stringValue
        else {
            return Self.mfpError(
                400, "INVALID_REGISTRATION_DATA",
                "Send {\"signedRegistrationData\": {\"header\", \"payload\", \"signature\"}}")
        }
        let verified: MobileFirstJWS.Verified
        do {
            verified = try MobileFirstJWS.verifySelfSigned(header: header, payload: payload, signature: signature)
        } catch {
            return Self.mfpError(400, "INVALID_REGISTRATION_DATA", error.message)
        }
        guard verified.payload["application"]?["id"]?.stringValue != nil,
            let device = verified.payload["device"]?["id"]?.stringValue
        else {
            return Self.mfpError(
                400, "INVALID_REGISTRATION_DATA", "The registration payload needs application.id and device.id")
        }
        let id = env.random.uuid()
        mobileFirstStore.save(MobileFirstClient(id: id, publicKey: verified.key, deviceId: device))
        var reply = HTTPReply.json(.created, .object([:]), outcome: "201 registered \(id)")
        reply.headers[.location] = request.baseURL + Self.mobileFirstPrefix + "/registration/clients/" + id
        return reply
    }
}
