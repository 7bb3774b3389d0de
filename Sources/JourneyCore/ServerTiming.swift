/// The server's own time for a response, from its `Server-Timing` header (W3C Server Timing):
/// the largest `dur` among the metrics, in seconds. The journey simulator sends one; `journey
/// load` subtracts it from a journey's latency to tell the runner's share from the server's.
package enum ServerTiming {
    /// The header's name.
    package static let headerName = "Server-Timing"
    /// A longer header value is not read.
    package static let maxHeaderBytes = 4096
    /// A duration above an hour (in milliseconds) is not believed.
    static let maxMilliseconds = 3_600_000.0

    /// The largest duration in one header value, in seconds; nil when no metric has a usable
    /// `dur`. A `desc` holding `,` or `;` inside quotes may split a metric early: its `dur`, if
    /// any, still parses as a number or is ignored.
    package static func seconds(in value: String) -> Double? {
        guard value.utf8.count <= maxHeaderBytes else { return nil }
        var largest: Double?
        for metric in value.split(separator: ",") {
            for parameter in metric.split(separator: ";").dropFirst() {
                guard let equals = parameter.firstIndex(of: "="),
                    HTTPText.namesMatch(parameter[..<equals].trimmedSpacesAndTabs, "dur")
                else { continue }
                var number = parameter[parameter.index(after: equals)...].trimmedSpacesAndTabs
                if number.count >= 2, number.hasPrefix("\""), number.hasSuffix("\"") {
                    number = number.dropFirst().dropLast()
                }
                guard let milliseconds = Double(number), milliseconds.isFinite, milliseconds >= 0,
                    milliseconds <= maxMilliseconds
                else { continue }
                largest = max(largest ?? 0, milliseconds)
            }
        }
        return largest.map { $0 / 1000 }
    }

    /// The largest duration over every `Server-Timing` header of a response, in seconds.
    package static func seconds(inHeaders headers: [(name: String, value: String)]) -> Double? {
        var largest: Double?
        for (name, value) in headers where HTTPText.namesMatch(name, headerName) {
            if let seconds = seconds(in: value) { largest = max(largest ?? 0, seconds) }
        }
        return largest
    }
}
