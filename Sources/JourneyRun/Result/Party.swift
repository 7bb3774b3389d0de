/// Who a round trip went to: the run records it where it sends the request, since the URL alone
/// cannot tell (the simulator serves AM, its OAuth endpoints and the resource server on one origin).
package enum Party: String, Sendable, CaseIterable {
    /// AM's authenticate, sessions and serverinfo endpoints.
    case am
    /// The OAuth 2.0 / OpenID Connect endpoints: discovery, authorize, token, keys, userinfo, revoke, end session.
    case oauth
    /// A protected resource (`request:`), directly or through a gateway.
    case resource
    /// A MobileFirst server: registration, preauthorize, authorization, token, adapters.
    case mobileFirst = "mobilefirst"
    /// Rakuten's Challenger (the challenge before a token request).
    case challenger
    /// Rakuten's token API and the member APIs behind it.
    case rakuten

    /// The name a diagram shows.
    package var title: String {
        switch self {
        case .am: return "AM"
        case .oauth: return "OAuth"
        case .resource: return "Resource server"
        case .mobileFirst: return "MobileFirst"
        case .challenger: return "Challenger"
        case .rakuten: return "Rakuten API"
        }
    }
}
