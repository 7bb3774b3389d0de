import JourneyCore

extension RunSession {
    /// Takes over what the run of a used script (`uses:`) leaves: its steps (under `label`), side
    /// exchanges and cookies, as if this run had made them; its AM session (`amSession`) is
    /// handed on by the `uses:` phase.
    func adopt(_ used: RunSession, result: JourneyResult, amSession: AMSession?, label: String) {
        let (cookies, cookieName) = used.withState { ($0.cookies, $0.cookieName) }
        withState { state in
            for var step in result.steps {
                step.phase = step.phase.map { "\(label): \($0)" } ?? label
                state.steps.append(step)
            }
            state.sideExchanges += result.sideExchanges
            state.cookies = cookies
            state.cookieName = cookieName
        }
        if let amSession { redactor.register(amSession.tokenId, name: "tokenId") }
        RunDeviceFile(session: self).registerPasskeySecrets()
    }
}
