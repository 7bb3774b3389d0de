import Foundation
import JourneyCore

extension MobileFirstDriver {
    /// SDKs resend a request answered 409 `MFP-Conflict` up to 7 times.
    static let mfpConflictRetries = 7

    /// Sends a MobileFirst request as a step of `phase`, resending it on 409 `MFP-Conflict`
    /// (each try is a step, noted). `limits.maxSteps` bounds the whole run: nil when it stops the run.
    func mfpCall(_ request: TransportRequest, phase: String) async throws(RunError) -> (TransportResponse, Int)? {
        var conflicts = 0
        while true {
            let next = session.nextStepNumber
            if next > session.script.limits.maxSteps {
                session.recordFailure(
                    StepChecks(session: session).stepLimitFailure(after: next - 1, what: "the run"),
                    onStepAt: session.lastStepIndex)
                return nil
            }
            let (response, index) = try await session.call(request, phase: phase, party: .mobileFirst)
            guard response.status == 409, response.headers.value("MFP-Conflict") != nil else {
                return (response, index)
            }
            conflicts += 1
            session.note(
                stepAt: index, "conflict",
                "409 MFP-Conflict: the request is sent again (\(conflicts) of \(Self.mfpConflictRetries))")
            if conflicts >= Self.mfpConflictRetries {
                throw RunError(
                    .protocol, "\(request.methodAndPath) answered 409 MFP-Conflict \(conflicts) times in a row",
                    step: session.stepNumber(at: index))
            }
        }
    }

    /// Sends a request that names the client. On 400 `INVALID_CLIENT_ID` the client registers
    /// again and the request is resent once with the new id, as the SDKs do. Nil when a limit stops the run.
    func mfpClientCall(
        phase: String, _ build: (String) throws(RunError) -> TransportRequest
    ) async throws(RunError) -> (TransportResponse, Int)? {
        guard let clientId = client.clientId else { throw RunError(.protocol, "the client is not registered") }
        let request = try build(clientId)
        guard let (response, index) = try await mfpCall(request, phase: phase) else { return nil }
        guard Self.isInvalidClient(response) else { return (response, index) }
        guard !client.reregistered else {
            throw RunError(
                .protocol,
                "\(request.methodAndPath) answered INVALID_CLIENT_ID again after the client registered anew: \(session.describe(response))",
                step: session.stepNumber(at: index))
        }
        session.note(stepAt: index, "client", "INVALID_CLIENT_ID: the client registers again and resends the request")
        client.reregistered = true
        guard try await mfpRegister() else { return nil }
        guard let newId = client.clientId else { throw RunError(.protocol, "the client is not registered") }
        return try await mfpCall(try build(newId), phase: phase)
    }

    /// 400 `{"errorCode": "INVALID_CLIENT_ID", …}`.
    static func isInvalidClient(_ response: TransportResponse) -> Bool {
        guard response.status == 400, let json = try? JSONValue.parse(response.body) else { return false }
        return json["errorCode"]?.stringValue == "INVALID_CLIENT_ID"
    }
}
