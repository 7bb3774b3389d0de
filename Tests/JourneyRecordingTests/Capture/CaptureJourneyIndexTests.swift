import JourneyCore
import Testing

@testable import JourneyRecording

/// The index finds the journey a request belongs to as the backward walk over every journey
/// it replaces did (the walk made a long capture quadratic in its journeys).
@Suite struct CaptureJourneyIndexTests {
    /// The walk the index replaces.
    static func walk(_ journeys: [CaptureLog.Journey], authId: String?, resumes: Bool) -> Int? {
        if let authId {
            return journeys.lastIndex { $0.lastAuthId == authId }
                ?? journeys.lastIndex { !$0.ended && $0.lastAuthId != nil }
        }
        return resumes ? journeys.lastIndex { $0.suspended } : nil
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func everyLookupIsTheWalks(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var journeys: [CaptureLog.Journey] = []
        var index = CaptureJourneyIndex()
        let authIds = (0..<6).map { "auth-\($0)" }
        for _ in 0..<400 {
            let authId =
                Int.random(in: 0..<5, using: &generator) == 0
                ? nil : authIds[Int.random(in: 0..<authIds.count, using: &generator)]
            let resumes = Int.random(in: 0..<3, using: &generator) == 0
            #expect(
                index.journey(of: authId, resumes: resumes) == Self.walk(journeys, authId: authId, resumes: resumes))
            // A change to a journey, or a new one.
            if journeys.isEmpty || Int.random(in: 0..<3, using: &generator) == 0 {
                journeys.append(CaptureLog.Journey(name: nil, isAdvice: false, page: journeys.count))
                index.update(journeys.count - 1, from: nil, to: journeys[journeys.count - 1])
            } else {
                let changed = Int.random(in: 0..<journeys.count, using: &generator)
                let before = journeys[changed]
                journeys[changed].lastAuthId =
                    Int.random(in: 0..<4, using: &generator) == 0
                    ? nil : authIds[Int.random(in: 0..<authIds.count, using: &generator)]
                journeys[changed].ended = Int.random(in: 0..<2, using: &generator) == 0
                journeys[changed].suspended = journeys[changed].ended && Int.random(in: 0..<3, using: &generator) == 0
                index.update(changed, from: before, to: journeys[changed])
            }
        }
    }
}
