import Foundation
import JourneyRun

/// One round trip through the proxy as the upstream saw it: the request as forwarded, the
/// answer before the proxy rewrote it. Held only in memory, never written as it is: secrets
/// are in it in the clear until `CaptureRedaction` has gone over the whole capture.
package struct CapturedExchange: Sendable {
    package var startedAt: Date
    /// Seconds.
    package var duration: Double
    package var method: String
    /// The upstream URL.
    package var url: String
    package var requestHeaders: [HeaderField]
    package var requestBody: Data
    /// 502 or 504 when the upstream did not answer (then the body is the proxy's own).
    package var status: Int
    package var responseHeaders: [HeaderField]
    package var responseBody: Data
    /// The proxy answered itself: the upstream gave no response.
    package var proxyError: Bool
    /// The captured journey it belongs to (index in `CaptureLog.journeys`), if any.
    package var journey: Int?
    /// The authenticate round trip within its journey (1-based), for authenticate requests.
    package var step: Int?

    package init(
        startedAt: Date, duration: Double, method: String, url: String, requestHeaders: [HeaderField],
        requestBody: Data, status: Int, responseHeaders: [HeaderField], responseBody: Data, proxyError: Bool
    ) {
        self.startedAt = startedAt
        self.duration = duration
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.proxyError = proxyError
    }
}
