import Foundation
import JourneyCore

/// One HTTP round trip as it happened, redacted (a run's result holds only redacted exchanges).
///
/// A run's exchanges are redacted where their text is first read, not when the run ends: the
/// run registers every secret it learned and hands each exchange its redactor
/// (`RunSession.finish(into:)`), and the headers and bodies are redacted once, on first use.
/// A run whose result only reaches the console's summary never pays for redacting bodies it
/// does not show; every reader (reports, recordings, `dump`) sees the redacted text.
public struct Exchange: Sendable {
    package var method: String
    package var url: String
    package var requestHeaders: [HeaderField] {
        get { content.texts.requestHeaders }
        set { update { $0.requestHeaders = newValue } }
    }
    /// The request body text, redacted.
    public var requestBody: String? {
        get { content.texts.requestBody }
        set { update { $0.requestBody = newValue } }
    }
    /// `nil` when no response arrived (see the step's error).
    package var status: Int?
    package var responseHeaders: [HeaderField] {
        get { content.texts.responseHeaders }
        set { update { $0.responseHeaders = newValue } }
    }
    /// The response body text, redacted.
    public var responseBody: String? {
        get { content.texts.responseBody }
        set { update { $0.responseBody = newValue } }
    }
    package var startedAt: Date
    /// Seconds from sending to the complete response (or the failure).
    package var duration: Double
    /// Seconds the server says it spent on the response (its `Server-Timing` header), when it says.
    package var serverDuration: Double?
    /// The round trip an exchange outside the steps belongs to (an outbox read: the step it answers).
    package var step: Int?
    /// While the run goes on: the bodies as sent and received. The run hands them to the
    /// redaction with every secret it knows, at its end (`RunSession.finish(into:)`).
    var unredacted: UnredactedBodies?
    /// The headers and bodies: as given, or waiting for their redaction.
    private var content: ExchangeContent

    package init(
        method: String, url: String, requestHeaders: [HeaderField], requestBody: String?, status: Int?,
        responseHeaders: [HeaderField], responseBody: String?, startedAt: Date, duration: Double, step: Int? = nil
    ) {
        self.step = step
        self.method = method
        self.url = url
        self.content = ExchangeContent(
            ExchangeTexts(
                requestHeaders: requestHeaders, requestBody: requestBody, responseHeaders: responseHeaders,
                responseBody: responseBody))
        self.status = status
        self.startedAt = startedAt
        self.duration = duration
    }

    private mutating func update(_ change: (inout ExchangeTexts) -> Void) {
        var texts = content.texts
        change(&texts)
        content = ExchangeContent(texts)
    }

    /// Hands the headers and bodies, as sent and received, to `redactor`: they are redacted on
    /// first read with every secret it knows then. The run registers its secrets first.
    mutating func redactWhenRead(by redactor: Redactor) {
        content = ExchangeContent(
            pending: PendingRedaction(redactor: redactor, texts: content.texts, bodies: unredacted))
        unredacted = nil
    }

    /// Forgets the headers and bodies, keeping the URL, status and timing.
    mutating func dropHeadersAndBodies() {
        content = ExchangeContent(ExchangeTexts())
        unredacted = nil
    }
}

extension Exchange: CustomReflectable {
    /// The redacted view: `dump` and `print` of a result show what a report shows, never the
    /// text waiting for redaction.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method, "url": url, "requestHeaders": requestHeaders, "requestBody": requestBody as Any,
                "status": status as Any, "responseHeaders": responseHeaders, "responseBody": responseBody as Any,
                "startedAt": startedAt, "duration": duration, "serverDuration": serverDuration as Any,
                "step": step as Any,
            ])
    }
}

/// The bodies of an exchange not yet redacted; the response's parsed JSON is kept so it is parsed once.
struct UnredactedBodies: Sendable {
    var request: Data?
    var requestJSON: SentJSON?
    var response: Data?
    var responseJSON: JSONValue?
}
