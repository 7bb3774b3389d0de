import Foundation
import JourneyCore
import JourneyRun
import Synchronization

/// Every exchange the proxy forwarded, in memory, in the order the answers came back, with the
/// journeys they make up. Authenticate requests are threaded into journeys by `authId` as
/// `Recording.thread` does; any other request belongs to the journey started last (its page).
package final class CaptureLog: Sendable {
    /// A journey seen through the proxy.
    package struct Journey: Sendable {
        /// `authIndexValue` (or `service`) of its start, nil for the realm's default journey.
        package var name: String?
        /// A `composite_advice` journey (transactional authorization): it belongs to the page
        /// of the journey it authorizes for, and gets no script of its own.
        package var isAdvice: Bool
        /// The page (index of the main journey) it is written on.
        package var page: Int
        package var steps = 0
        package var lastAuthId: String?
        package var ended = false
        package var suspended = false
    }

    /// The limit on exchanges kept; later ones are forwarded but not kept (said when the capture stops).
    package static let maxExchanges = 10_000
    /// The limit on the bodies kept, requests and answers together (an answer is at most 8 MiB),
    /// the runner's default `limits.keptBodyBytes`: past it an exchange is kept with its bodies
    /// replaced by the line the runner keeps (`[body not kept: …]`), so the HAR stays within what
    /// the recording readers read (`HARReader.maximumFileBytes`), and memory within a bound.
    package static let maxKeptBytes = KeptBodies.defaultBudget

    /// What a body past `maxKeptBytes` is kept as.
    static func notKept(_ bytes: Int) -> Data {
        KeptBodies.notKept(bytes, budget: maxKeptBytes, limit: "journey capture's \(maxKeptBytes >> 20) MiB of bodies")
    }

    private struct State {
        var exchanges: [CapturedExchange] = []
        var journeys: [Journey] = []
        var index = CaptureJourneyIndex()
        var ended = 0
        var dropped = 0
        var keptBytes = 0
        var cut = 0
    }

    /// The secrets of the bodies that were not kept, found before they were let go: the
    /// redaction of the whole capture starts from them (the same secret may stand in a kept text).
    package let secretsOfBodiesNotKept = Redactor()

    private let state = Mutex(State())
    private let endings: AsyncStream<Int>.Continuation
    /// The number of ended journeys, each time one ends.
    package let ends: AsyncStream<Int>

    package init() {
        (ends, endings) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Keeps `exchange`, filling in its journey and step; returns it so, and whether it ended its journey.
    package func add(_ exchange: CapturedExchange) -> (exchange: CapturedExchange, endedJourney: Bool) {
        var exchange = exchange
        // Past a limit nothing is read: forwarding stays as fast as it was.
        let full = state.withLock { state in
            let full = state.exchanges.count >= Self.maxExchanges
            if full { state.dropped += 1 }
            return full
        }
        if full { return (exchange, false) }
        let original = exchange
        let isAuthenticate = exchange.method == "POST" && Self.path(of: exchange.url).hasSuffix("/authenticate")
        let request = isAuthenticate ? try? JSONValue.parse(exchange.requestBody) : nil
        let response = isAuthenticate ? try? JSONValue.parse(exchange.responseBody) : nil
        let query = PercentEncoding.queryItems(of: URLComponents(string: exchange.url))
        let result = state.withLock { state -> (CapturedExchange, Bool, Int)? in
            guard state.exchanges.count < Self.maxExchanges else {
                state.dropped += 1
                return nil
            }
            if state.keptBytes + exchange.requestBody.count <= Self.maxKeptBytes {
                state.keptBytes += exchange.requestBody.count
            } else {
                exchange.requestBody = Self.notKept(exchange.requestBody.count)
                state.cut += 1
            }
            if state.keptBytes + exchange.responseBody.count <= Self.maxKeptBytes {
                state.keptBytes += exchange.responseBody.count
            } else {
                exchange.responseBody = Self.notKept(exchange.responseBody.count)
                state.cut += 1
            }
            var endedNow = false
            if isAuthenticate {
                let index = state.index.journey(
                    of: request?["authId"]?.stringValue, resumes: query.contains { $0.name == "suspendedId" })
                let journeyIndex: Int
                if let index {
                    journeyIndex = index
                } else {
                    let value = query.first { $0.name == "authIndexValue" || $0.name == "service" }?.value
                    let advice = query.first { $0.name == "authIndexType" }?.value == "composite_advice"
                    let owner = advice ? state.journeys.lastIndex { !$0.isAdvice } : nil
                    state.journeys.append(
                        Journey(name: value, isAdvice: owner != nil, page: owner ?? state.journeys.count))
                    journeyIndex = state.journeys.count - 1
                }
                let before = index == nil ? nil : state.journeys[journeyIndex]
                state.journeys[journeyIndex].steps += 1
                state.journeys[journeyIndex].lastAuthId = response?["authId"]?.stringValue
                let suspended =
                    response?["callbacks"]?.arrayValue?.contains {
                        $0["type"]?.stringValue == "SuspendedTextOutputCallback"
                    } ?? false
                if (response?["authId"] == nil || suspended) && !state.journeys[journeyIndex].ended {
                    state.journeys[journeyIndex].ended = true
                    state.journeys[journeyIndex].suspended = suspended
                    endedNow = true
                    state.ended += 1
                } else if response?["authId"] != nil {
                    state.journeys[journeyIndex].ended = false
                }
                state.index.update(journeyIndex, from: before, to: state.journeys[journeyIndex])
                exchange.journey = journeyIndex
                exchange.step = state.journeys[journeyIndex].steps
            } else {
                exchange.journey = state.journeys.lastIndex { !$0.isAdvice }
            }
            state.exchanges.append(exchange)
            return (exchange, endedNow, state.ended)
        }
        guard let (kept, endedNow, count) = result else { return (exchange, false) }
        if kept.requestBody.count != original.requestBody.count
            || kept.responseBody.count != original.responseBody.count
        {
            CaptureSecrets.register([original], in: secretsOfBodiesNotKept)
        }
        if endedNow { endings.yield(count) }
        return (kept, endedNow)
    }

    package var exchanges: [CapturedExchange] { state.withLock { $0.exchanges } }
    package var journeys: [Journey] { state.withLock { $0.journeys } }
    /// Exchanges forwarded but not kept, past `maxExchanges`.
    package var dropped: Int { state.withLock { $0.dropped } }
    /// Bodies kept as a line that says they were not, past `maxKeptBytes`.
    package var bodiesNotKept: Int { state.withLock { $0.cut } }

    /// Ends the `ends` stream (the capture is stopping).
    package func finish() {
        endings.finish()
    }

    static func path(of url: String) -> String {
        URLComponents(string: url)?.path ?? url
    }
}
