import Foundation
import Testing

@testable import JourneyRun

/// The redactor's index of secrets by their first bytes stays in search order (longer secrets
/// first, then the one registered first) and is built in time linear-logarithmic in the secrets:
/// a capture registers a `tokenId` per journey, each a little longer as they count up.
@Suite("Secret index")
struct SecretIndexTests {
    @Test func tokensThatGrowLongerStayInSearchOrder() {
        var secrets = Redactor.Secrets()
        for number in 1...2_000 { secrets.add(Redactor.Secret(value: "token-\(number)-AQIC5w", name: "tokenId")) }
        let key = UInt16(UInt8(ascii: "t")) << 8 | UInt16(UInt8(ascii: "o"))
        let forms = secrets.byPrefix[key] ?? []
        #expect(forms.count == 2_000)
        #expect(zip(forms, forms.dropFirst()).allSatisfy { $0.comes(before: $1) })
        #expect(forms.first.map { secrets.list[$0.secret].value } == "token-1000-AQIC5w")
        #expect(forms.last.map { secrets.list[$0.secret].value } == "token-9-AQIC5w")
    }

    /// A walk from the end passed every shorter secret's forms: 1,999 comparisons here, where a
    /// binary search makes 11 at most.
    @Test func aLongerSecretFindsItsPlaceWithoutPassingEveryShorterOne() {
        var secrets = Redactor.Secrets()
        for number in 1...2_000 { secrets.add(Redactor.Secret(value: "token-\(number)", name: "tokenId")) }
        let key = UInt16(UInt8(ascii: "t")) << 8 | UInt16(UInt8(ascii: "o"))
        let forms = secrets.byPrefix[key] ?? []
        let longest = Redactor.Secrets.Form(secret: forms.count, form: 0, length: "token-123456".utf8.count)
        var comparisons = 0
        let place = Redactor.Secrets.insertionPoint(of: longest, in: forms) {
            comparisons += 1
            return $0.comes(before: $1)
        }
        let walked = forms.lastIndex { !longest.comes(before: $0) }.map { $0 + 1 } ?? 0
        #expect(place == walked)
        #expect(comparisons <= 12)
    }
}
