import JourneyCore

extension RunSession {
    /// A request that must succeed (a revocation, a heartbeat, a logout): a 2xx answer is noted
    /// on its step as `note`; any other fails the step ("`what` answered HTTP …"). True on 2xx.
    @discardableResult
    func expectSuccess(
        _ response: TransportResponse, at index: Int, _ what: String, note: (String, String),
        location: SourceLocation?
    ) -> Bool {
        guard (200..<300).contains(response.status) else {
            recordFailure("\(what) answered \(describe(response))", onStepAt: index, location: location)
            return false
        }
        self.note(stepAt: index, note.0, note.1)
        return true
    }
}
