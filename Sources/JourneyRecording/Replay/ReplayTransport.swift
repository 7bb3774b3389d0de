import Foundation
import JourneyCore
import JourneyRun
import Synchronization

/// Answers a run's requests from a recording, without a network. Each run gets its own
/// position in the recording and its own clock, set to the recorded time of each exchange,
/// so generated values (from the recorded seed and clock) come out as recorded.
///
/// Matching is journey-aware (see `ReplayMatcher`): authenticate requests are matched in
/// order within the recorded journey of the same name, on method, path and callback
/// signature, with input values compared in redacted form. A request that does not match
/// fails with `TransportError.replayMismatch`, which the run reports as exit code 4.
package struct ReplayTransport: RunScopedTransport {
    package let recording: Recording
    /// The recorded clock start: each run's clock starts here.
    let start: Date

    package init(recording: Recording) {
        self.recording = recording
        start =
            recording.page.flatMap { HARReader.date($0.clockStart) }
            ?? recording.exchanges.first?.startedAt ?? Date(timeIntervalSince1970: 0)
    }

    package func begin(_ run: TransportRunInfo) -> TransportRunScope {
        let clock = ManualClock(start)
        return TransportRunScope(
            transport: ReplaySession(recording: recording, redactor: run.redactor, clock: clock), clock: clock)
    }

    /// Outside a run there is no position in the recording to answer from.
    package func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let run = begin(TransportRunInfo(scriptFile: "", scriptName: "", redactor: Redactor()))
        return try await run.transport.send(request)
    }
}

/// One run's replay: which recorded journey it follows, and how far.
final class ReplaySession: Transport {
    let recording: Recording
    let redactor: Redactor
    let clock: ManualClock
    private let state = Mutex(State())

    struct State {
        var journey: Int?
        var cursor = 0
        var usedJourneys: Set<Int> = []
        var usedOthers: Set<Int> = []
        var authenticateCount = 0
        /// Placeholders of the recording answered with this run's values (`ReplayEcho`).
        var echoes: [String: String] = [:]
    }

    init(recording: Recording, redactor: Redactor, clock: ManualClock) {
        self.recording = recording
        self.redactor = redactor
        self.clock = clock
    }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let sent = ReplayMatcher.SentRequest(request, redactor: redactor)
        let exchange: RecordedExchange
        let echoes: [String: String]
        let picked = state.withLock { state in
            Result { () throws(TransportError) in
                let exchange = try pick(sent, &state)
                ReplayEcho.learn(from: sent, recorded: exchange, into: &state.echoes)
                return (exchange, state.echoes)
            }
        }
        switch picked {
        case .success(let result): (exchange, echoes) = result
        case .failure(let error): throw error
        }
        if KeptBodies.isNotKept(exchange.responseBody) {
            throw .failed(
                "the recording does not hold the answer to \(sent.summary): its body was not kept, "
                    + String(decoding: exchange.responseBody, as: UTF8.self))
        }
        if let started = exchange.startedAt {
            let end = started.addingTimeInterval(exchange.duration)
            if end > clock.now() { clock.set(end) }
        }
        var response = TransportResponse(
            status: exchange.status,
            headers: ReplayEcho.headers(exchange.replayedResponseHeaders(), echoes),
            body: ReplayEcho.body(exchange.responseBody, echoes))
        // An echo may rewrite the body; the recorded reading is of the recorded body only.
        if echoes.isEmpty, let json = exchange.responseJSON {
            response.read = ReadBody(json: json, amBody: exchange.amResponse, amProblem: exchange.amProblem)
        }
        return response
    }

    private func pick(_ sent: ReplayMatcher.SentRequest, _ state: inout State) throws(TransportError)
        -> RecordedExchange
    {
        guard sent.isAuthenticate else { return try pickOther(sent, &state) }
        state.authenticateCount += 1
        if !sent.isContinue {
            let resumesCurrent = sent.resumes && state.journey != nil
            if !resumesCurrent {
                guard let index = chooseJourney(for: sent, used: state.usedJourneys) else {
                    throw .replayMismatch(ReplayMatcher.noJourney(for: sent, in: recording))
                }
                state.journey = index
                state.cursor = 0
                state.usedJourneys.insert(index)
            }
        }
        guard let index = state.journey else {
            throw .replayMismatch(
                "the script continues a journey the recording never started\n  script sent:     \(sent.summary)")
        }
        let journey = recording.journeys[index]
        guard state.cursor < journey.exchanges.count else {
            throw .replayMismatch(ReplayMatcher.pastEnd(sent, journey: journey, recording: recording))
        }
        let recorded = journey.exchanges[state.cursor]
        if let diff = ReplayMatcher.compare(
            sent, recorded, recording: recording, position: state.cursor + 1, journey: journey)
        {
            throw .replayMismatch(diff)
        }
        state.cursor += 1
        return recorded
    }

    private func chooseJourney(for sent: ReplayMatcher.SentRequest, used: Set<Int>) -> Int? {
        let candidates = recording.journeys.indices.filter { !used.contains($0) }
        if sent.resumes {
            return candidates.first(where: { recording.journeys[$0].startsWithResume })
        }
        return candidates.first(where: { index in
            let journey = recording.journeys[index]
            return !journey.startsWithResume && !journey.startsMidJourney && journey.name == sent.journeyName
        })
    }

    private func pickOther(_ sent: ReplayMatcher.SentRequest, _ state: inout State) throws(TransportError)
        -> RecordedExchange
    {
        for (offset, exchange) in recording.others.enumerated() where !state.usedOthers.contains(offset) {
            if ReplayMatcher.sameResource(sent, exchange) {
                state.usedOthers.insert(offset)
                return exchange
            }
        }
        throw .replayMismatch(
            "the recording holds no (unused) \(sent.method) \(sent.displayPath)\n  script sent:     \(sent.summary)\n  recording holds: \(recording.others.isEmpty ? "no requests besides authenticate" : recording.others.map(ReplayMatcher.otherSummary).joined(separator: ", "))"
        )
    }
}
