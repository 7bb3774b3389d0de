import JourneyCore

/// What a run knows about its session and the resource phases (one value on `DriverRun`).
struct AuthorizationState {
    /// The session token from the last successful journey (this script's or the one it `uses:`).
    var tokenId: String?
    /// The session cookie's name, once known (script, cookie jar or `/json/serverinfo/*`).
    var cookieName: String?
    /// True while a `composite_advice` journey runs: the SDK's headers, no ForceAuth/noSession.
    var inAdviceJourney = false
    /// The scripts that led here through `uses:`, to stop cycles.
    var usesChain: [String] = []
    /// Diagnostics of a used script that does not load.
    var diagnostics: [Diagnostic] = []

    /// `Accept-API-Version` of a `composite_advice` journey, as the JS SDK sends it.
    static let adviceAPIVersion = "resource=2.0, protocol=1.0"
}
