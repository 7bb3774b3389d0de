import JourneyCore
import Synchronization

/// What one phase's OAuth client got from the provider: the endpoints (from discovery or AM's
/// paths) and the JWKS, each read at most once, and tokens it was issued but refused (an ID
/// token that failed its checks), which cleanup must still revoke. A phase makes its own
/// (``OAuthClient/forPhase(after:)``) and hands what later phases need on in its grant.
final class OAuthPhaseState: Sendable {
    private struct Known: Sendable {
        var endpoints: OAuthEndpoints?
        var keys: JSONValue?
        var refused: OAuthTokens?
    }

    private let known: Mutex<Known>

    init(endpoints: OAuthEndpoints?, keys: JSONValue?) {
        known = Mutex(Known(endpoints: endpoints, keys: keys))
    }

    var endpoints: OAuthEndpoints? {
        get { known.withLock { $0.endpoints } }
        set { known.withLock { $0.endpoints = newValue } }
    }

    var keys: JSONValue? {
        get { known.withLock { $0.keys } }
        set { known.withLock { $0.keys = newValue } }
    }

    var refused: OAuthTokens? {
        get { known.withLock { $0.refused } }
        set { known.withLock { $0.refused = newValue } }
    }
}
