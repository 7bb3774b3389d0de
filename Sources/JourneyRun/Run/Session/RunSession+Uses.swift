import JourneyCore

extension RunSession {
    /// Takes over what the run of a used script (`uses:`) leaves: its steps (under `label`), side
    /// exchanges, cookies and AM session, as if this run had made them.
    func adopt(_ used: RunSession, result: JourneyResult, label: String) {
        let (cookies, tokenId, cookieName) = used.withState { ($0.cookies, $0.tokenId, $0.cookieName) }
        withState { state in
            for var step in result.steps {
                step.phase = step.phase.map { "\(label): \($0)" } ?? label
                state.steps.append(step)
            }
            state.sideExchanges += result.sideExchanges
            state.cookies = cookies
            state.tokenId = tokenId
            state.cookieName = cookieName
        }
        if let tokenId { redactor.register(tokenId, name: "tokenId") }
        registerPasskeySecrets()
    }
}
