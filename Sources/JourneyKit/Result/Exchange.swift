import Foundation
import JourneyCore

/// One HTTP round trip as it happened, redacted (a run's result holds only redacted exchanges).
public struct Exchange: Sendable {
    public var method: String
    public var url: String
    public var requestHeaders: [HeaderField]
    /// The request body text, redacted.
    public var requestBody: String?
    /// `nil` when no response arrived (see the step's error).
    public var status: Int?
    public var responseHeaders: [HeaderField]
    /// The response body text, redacted.
    public var responseBody: String?
    public var startedAt: Date
    /// Seconds from sending to the complete response (or the failure).
    public var duration: Double
    /// Seconds the server says it spent on the response (its `Server-Timing` header), when it says.
    public var serverDuration: Double?
    /// The round trip an exchange outside the steps belongs to (an outbox read: the step it answers).
    public var step: Int?
    /// While the run goes on: the bodies as sent and received. The run redacts every exchange
    /// once, at its end, when it knows every secret (`RunSession.finish(into:)`).
    var unredacted: UnredactedBodies?

    public init(
        method: String, url: String, requestHeaders: [HeaderField], requestBody: String?, status: Int?,
        responseHeaders: [HeaderField], responseBody: String?, startedAt: Date, duration: Double, step: Int? = nil
    ) {
        self.step = step
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.startedAt = startedAt
        self.duration = duration
    }
}

/// The bodies of an exchange not yet redacted; the response's parsed JSON is kept so it is parsed once.
struct UnredactedBodies: Sendable {
    var request: Data?
    var requestJSON: JSONValue?
    var response: Data?
    var responseJSON: JSONValue?
}
