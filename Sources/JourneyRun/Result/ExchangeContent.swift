import Foundation
import JourneyCore
import Synchronization

/// The headers and bodies of an exchange, as texts.
struct ExchangeTexts: Sendable {
    var requestHeaders: [HeaderField] = []
    var requestBody: String?
    var responseHeaders: [HeaderField] = []
    var responseBody: String?
}

/// An exchange's texts, redacted once, on first read, when the run handed them to its redactor.
/// Copies of an exchange share one content, so a report and a recording of the same result
/// redact it once; a change to a copy gives that copy a content of its own.
final class ExchangeContent: Sendable {
    private enum State {
        case ready(ExchangeTexts)
        case pending(PendingRedaction)
    }

    private let state: Mutex<State>

    init(_ texts: ExchangeTexts) {
        state = Mutex(.ready(texts))
    }

    init(pending: PendingRedaction) {
        state = Mutex(.pending(pending))
    }

    var texts: ExchangeTexts {
        state.withLock { state in
            switch state {
            case .ready(let texts):
                return texts
            case .pending(let pending):
                let texts = pending.redacted()
                state = .ready(texts)
                return texts
            }
        }
    }
}

/// What redacting an exchange needs: its texts as they were, the bodies as sent and received
/// (with their parsed JSON), and the run's redactor.
struct PendingRedaction: Sendable {
    let redactor: Redactor
    /// The headers as sent and received; the bodies when the exchange came from another run
    /// (`uses:`), redacted by it already.
    let texts: ExchangeTexts
    let bodies: UnredactedBodies?

    func redacted() -> ExchangeTexts {
        var result = ExchangeTexts(
            requestHeaders: redactor.redact(headers: texts.requestHeaders),
            responseHeaders: redactor.redact(headers: texts.responseHeaders))
        if let bodies {
            if let json = bodies.requestJSON {
                result.requestBody = redactor.redactedCompactJSON(json.value, body: bodies.request, sent: true)
            } else {
                result.requestBody = bodies.request.map { redactor.redact(body: $0, sent: true) }
            }
            if let json = bodies.responseJSON {
                result.responseBody = redactor.redactedCompactJSON(json, body: bodies.response, sent: false)
            } else {
                result.responseBody = bodies.response.map { redactor.redact(body: $0) }
            }
        } else {
            // Another run's exchanges (`uses:`), redacted already: their JSON stays JSON.
            result.requestBody = texts.requestBody.map { redactor.redact(body: Data($0.utf8), sent: true) }
            result.responseBody = texts.responseBody.map { redactor.redact(body: Data($0.utf8)) }
        }
        return result
    }
}
