import Foundation
import JourneyCore

extension DriverRun {
    /// SDKs resend a request answered 409 `MFP-Conflict` up to 7 times.
    static let mfpConflictRetries = 7

    /// Sends a MobileFirst request as a step of `phase`, resending it on 409 `MFP-Conflict`
    /// (each try is a step, noted). `limits.maxSteps` bounds the whole run.
    func mfpCall(_ request: TransportRequest, phase: String) async throws(RunError) -> (TransportResponse, Int) {
        var conflicts = 0
        while true {
            if nextStepNumber > script.limits.maxSteps {
                throw stepLimitReached(after: nextStepNumber - 1, what: "the run")
            }
            let (response, index) = try await call(request, phase: phase)
            guard response.status == 409, response.headers.value("MFP-Conflict") != nil else {
                return (response, index)
            }
            conflicts += 1
            steps[index].notes.append(
                ("conflict", "409 MFP-Conflict: the request is sent again (\(conflicts) of \(Self.mfpConflictRetries))")
            )
            if conflicts >= Self.mfpConflictRetries {
                throw RunError(
                    .protocol, "\(Self.describe(request)) answered 409 MFP-Conflict \(conflicts) times in a row",
                    step: steps[index].number)
            }
        }
    }

    /// Sends a request that names the client. On 400 `INVALID_CLIENT_ID` the client registers
    /// again and the request is resent once with the new id, as the SDKs do.
    func mfpClientCall(
        _ session: MobileFirstSession, phase: String, _ build: (String) throws(RunError) -> TransportRequest
    ) async throws(RunError) -> (TransportResponse, Int) {
        guard let clientId = session.clientId else { throw RunError(.protocol, "the client is not registered") }
        let request = try build(clientId)
        let (response, index) = try await mfpCall(request, phase: phase)
        guard Self.isInvalidClient(response) else { return (response, index) }
        guard !session.reregistered else {
            throw RunError(
                .protocol,
                "\(Self.describe(request)) answered INVALID_CLIENT_ID again after the client registered anew: \(describe(response))",
                step: steps[index].number)
        }
        steps[index].notes.append(("client", "INVALID_CLIENT_ID: the client registers again and resends the request"))
        session.reregistered = true
        try await mfpRegister(session)
        guard let newId = session.clientId else { throw RunError(.protocol, "the client is not registered") }
        return try await mfpCall(try build(newId), phase: phase)
    }

    /// 400 `{"errorCode": "INVALID_CLIENT_ID", …}`.
    static func isInvalidClient(_ response: TransportResponse) -> Bool {
        guard response.status == 400, let json = try? JSONValue.parse(response.body) else { return false }
        return json["errorCode"]?.stringValue == "INVALID_CLIENT_ID"
    }
}
