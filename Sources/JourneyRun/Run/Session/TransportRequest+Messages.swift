import JourneyCore

extension TransportRequest {
    /// `METHOD /path?query` for messages.
    var methodAndPath: String {
        "\(method) \(AMEndpoints.pathAndQuery(url))"
    }
}
