import Foundation
import Testing

@testable import JourneySimulator

@Suite("OAuth token store")
struct OAuthTokenStoreTests {
    static func token(_ grant: String, expires: Date) -> OAuthToken {
        OAuthToken(
            context: OAuthGrantContext(grantId: grant, clientId: "c", realm: "/"), scope: ["openid"],
            issued: Date(timeIntervalSince1970: 0), expires: expires)
    }

    @Test("each kind keeps at most its capacity: the oldest is dropped")
    func bounded() {
        let store = OAuthTokenStore(capacity: 3)
        let later = Date(timeIntervalSince1970: 1000)
        let now = Date(timeIntervalSince1970: 10)
        for index in 0..<5 { store.addAccessToken("t\(index)", Self.token("g\(index)", expires: later)) }
        #expect(store.accessToken("t0", now: now) == nil)
        #expect(store.accessToken("t1", now: now) == nil)
        #expect(store.accessToken("t2", now: now) != nil)
        #expect(store.accessToken("t4", now: now) != nil)
        #expect(store.accessToken("t4", now: later) == nil)
    }

    @Test("revoking a refresh token revokes every token of its grant, and nothing else")
    func revokeGrant() {
        let store = OAuthTokenStore()
        let later = Date(timeIntervalSince1970: 1000)
        let now = Date(timeIntervalSince1970: 10)
        store.addAccessToken("a1", Self.token("g1", expires: later))
        store.addAccessToken("a2", Self.token("g1", expires: later))
        store.addAccessToken("b1", Self.token("g2", expires: later))
        store.addRefreshToken("r1", Self.token("g1", expires: later))
        store.revoke("r1")
        #expect(store.accessToken("a1", now: now) == nil)
        #expect(store.accessToken("a2", now: now) == nil)
        #expect(store.refreshToken("r1", now: now) == nil)
        #expect(store.accessToken("b1", now: now) != nil)
    }

    @Test("a sid is made once per AM session")
    func sids() {
        let store = OAuthTokenStore()
        var made = 0
        let first = store.sid(forSession: "s1") {
            made += 1
            return "sid-1"
        }
        let again = store.sid(forSession: "s1") {
            made += 1
            return "sid-2"
        }
        #expect(first == "sid-1")
        #expect(again == "sid-1")
        #expect(made == 1)
    }
}
