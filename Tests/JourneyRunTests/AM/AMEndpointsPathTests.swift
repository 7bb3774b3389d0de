import JourneyRun
import Testing

/// The realm path and query string of AM URLs, built by bytes for ASCII text (once per run).
@Suite struct AMEndpointsPathTests {
    @Test(arguments: [
        ("", "/json/realms/root"), ("/", "/json/realms/root"), ("root", "/json/realms/root"),
        ("/root", "/json/realms/root"), ("alpha", "/json/realms/root/realms/alpha"),
        ("/alpha/", "/json/realms/root/realms/alpha"), ("root/alpha", "/json/realms/root/realms/alpha"),
        ("//a//b//", "/json/realms/root/realms/a/realms/b"), ("rootx", "/json/realms/root/realms/rootx"),
        ("a/root", "/json/realms/root/realms/a/realms/root"), ("/root/root", "/json/realms/root/realms/root"),
        ("/émoi/b", "/json/realms/root/realms/émoi/realms/b"),
    ])
    func realmPaths(realm: String, path: String) {
        #expect(AMEndpoints.realmPath(realm) == path)
    }

    @Test func queryStrings() {
        #expect(AMEndpoints.queryString([]) == "")
        #expect(AMEndpoints.queryString([("a", "1")]) == "?a=1")
        #expect(
            AMEndpoints.queryString([("authIndexType", "service"), ("authIndexValue", "Login Now&é"), ("x", "")])
                == "?authIndexType=service&authIndexValue=Login%20Now%26%C3%A9&x=")
    }
}
