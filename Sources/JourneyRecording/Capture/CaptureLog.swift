import Foundation
import JourneyCore
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
    /// The limit on the bodies kept, requests and answers together (an answer is at most 8 MiB).
    package static let maxKeptBytes = 256 << 20

    private struct State {
        var exchanges: [CapturedExchange] = []
        var journeys: [Journey] = []
        var ended = 0
        var dropped = 0
        var keptBytes = 0
    }

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
        let size = exchange.requestBody.count + exchange.responseBody.count
        let full = state.withLock { state in
            let full = state.exchanges.count >= Self.maxExchanges || state.keptBytes + size > Self.maxKeptBytes
            if full { state.dropped += 1 }
            return full
        }
        if full { return (exchange, false) }
        let isAuthenticate = exchange.method == "POST" && Self.path(of: exchange.url).hasSuffix("/authenticate")
        let request = isAuthenticate ? try? JSONValue.parse(exchange.requestBody) : nil
        let response = isAuthenticate ? try? JSONValue.parse(exchange.responseBody) : nil
        let query = URLComponents(string: exchange.url)?.queryItems ?? []
        let result = state.withLock { state -> (CapturedExchange, Bool, Int)? in
            guard state.exchanges.count < Self.maxExchanges, state.keptBytes + size <= Self.maxKeptBytes else {
                state.dropped += 1
                return nil
            }
            state.keptBytes += size
            var endedNow = false
            if isAuthenticate {
                let index = Self.journeyIndex(
                    of: request?["authId"]?.stringValue, resumes: query.contains { $0.name == "suspendedId" },
                    in: state.journeys)
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
                exchange.journey = journeyIndex
                exchange.step = state.journeys[journeyIndex].steps
            } else {
                exchange.journey = state.journeys.lastIndex { !$0.isAdvice }
            }
            state.exchanges.append(exchange)
            return (exchange, endedNow, state.ended)
        }
        guard let (kept, endedNow, count) = result else { return (exchange, false) }
        if endedNow { endings.yield(count) }
        return (kept, endedNow)
    }

    /// The journey a continue (`authId`) or a resume (`suspendedId`) belongs to; nil for a new one.
    private static func journeyIndex(of authId: String?, resumes: Bool, in journeys: [Journey]) -> Int? {
        if let authId {
            return journeys.lastIndex { $0.lastAuthId == authId }
                ?? journeys.lastIndex { !$0.ended && $0.lastAuthId != nil }
        }
        if resumes { return journeys.lastIndex { $0.suspended } }
        return nil
    }

    package var exchanges: [CapturedExchange] { state.withLock { $0.exchanges } }
    package var journeys: [Journey] { state.withLock { $0.journeys } }
    /// Exchanges forwarded but not kept, past `maxExchanges`.
    package var dropped: Int { state.withLock { $0.dropped } }

    /// Ends the `ends` stream (the capture is stopping).
    package func finish() {
        endings.finish()
    }

    static func path(of url: String) -> String {
        URLComponents(string: url)?.path ?? url
    }
}
