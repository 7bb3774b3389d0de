import JourneyCore

/// One round trip of the journey: the exchange, the callbacks it returned (answered in the
/// next request), and the checks made on it.
public struct StepTrace: Sendable {
    package enum Kind: String, Sendable {
        /// The server returned callbacks.
        case callbacks
        /// The journey ended (success, failure, timeout) or the response could not be used.
        case end
        /// A call outside the authenticate endpoint: a protected resource, sessions, serverinfo.
        case call
    }

    /// 1-based round-trip number.
    package var number: Int
    package var kind: Kind
    public var exchange: Exchange
    package var stage: String?
    package var header: String?
    public var callbacks: [CallbackTrace]
    /// Seconds waited (on the run's clock) before this request, for PollingWaitCallback.
    package var waitedSeconds: Double?
    package var failures: [ExpectationFailure]
    /// The part of the run the step belongs to: nil for the script's journey; `uses FILE`,
    /// `request`, `advice journey`, `retry`, `single-use check`, `session` or `cleanup` otherwise.
    package var phase: String?
    /// Who the request went to.
    package var party: Party
    /// Facts about the step worth showing: the advice found, how the retry carries it, a session's validity.
    package var notes: [(key: String, value: String)]

    package init(
        number: Int, kind: Kind, exchange: Exchange, stage: String? = nil, header: String? = nil,
        callbacks: [CallbackTrace] = [], waitedSeconds: Double? = nil, failures: [ExpectationFailure] = [],
        phase: String? = nil, notes: [(key: String, value: String)] = [], party: Party = .am
    ) {
        self.phase = phase
        self.party = party
        self.notes = notes
        self.number = number
        self.kind = kind
        self.exchange = exchange
        self.stage = stage
        self.header = header
        self.callbacks = callbacks
        self.waitedSeconds = waitedSeconds
        self.failures = failures
    }
}
