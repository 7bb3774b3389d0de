import JourneyKit
import JourneyLoad
import Testing

/// A load's error classes come from what the run recorded, never from its message's wording.
@Suite struct LoadErrorClassTests {
    private func failed(_ error: RunError) -> JourneyResult {
        JourneyResult(name: "login", file: "login.yaml", error: error)
    }

    @Test func aTimeoutIsATimeoutWhateverItsMessageSays() {
        let error = RunError(.transport, "the server kept quiet", step: 2, transportFailure: .timeout)
        #expect(LoadErrorClass(failed(error)) == .timeout)
    }

    @Test func aMessageThatMerelyNamesATimeoutIsNotOne() {
        let refused = RunError(
            .transport, "POST /json/authenticate: connection refused (request timeout)", step: 1,
            transportFailure: .unreachable)
        #expect(LoadErrorClass(failed(refused)) == .transport)
        let unknown = RunError(.transport, "no response within 2 s (request timeout)")
        #expect(LoadErrorClass(failed(unknown)) == .transport)
    }

    @Test func theOtherErrorKindsKeepTheirClasses() {
        #expect(LoadErrorClass(failed(RunError(.protocol, "HTTP 500"))) == .protocol)
        #expect(LoadErrorClass(failed(RunError(.mismatch, "diff"))) == .mismatch)
        #expect(LoadErrorClass(failed(RunError(.script, "no such variable"))) == .script)
        #expect(LoadErrorClass(JourneyResult(name: "login", file: "login.yaml")) == nil)
    }
}
