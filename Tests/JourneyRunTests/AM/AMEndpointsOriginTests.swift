import JourneyRun
import Testing

/// The origin a run's server URL names: where the simulator's control endpoints and the
/// WebAuthn origin live. Read once per journey, so it must not cost a URL parse.
@Suite struct AMEndpointsOriginTests {
    @Test(arguments: [
        ("http://127.0.0.1:18080/am", "http://127.0.0.1:18080"),
        ("https://tenant.example.com/am/json/realms/root", "https://tenant.example.com"),
        ("https://tenant.example.com", "https://tenant.example.com"),
        ("https://tenant.example.com?x=1", "https://tenant.example.com"),
        ("https://tenant.example.com#top", "https://tenant.example.com"),
        ("https://user:secret@tenant.example.com:8443/am", "https://tenant.example.com:8443"),
        ("http://[::1]:8080/am", "http://[::1]:8080"),
    ])
    func theSchemeHostAndPort(url: String, origin: String) {
        #expect(AMEndpoints.origin(of: url) == origin)
    }

    @Test(arguments: ["not a url", "/am/json", "http:///am", ""])
    func anythingElseIsItself(url: String) {
        #expect(AMEndpoints.origin(of: url) == url)
    }
}
