import JourneyCore
import Testing

/// MurmurHash3 x64-128 and Challenger's proof of work (rauthentication.md §3).
@Suite struct MurmurHash3Tests {
    @Test(arguments: [
        ("", UInt32(0), UInt64(0), UInt64(0)),
        ("", 1, 0x4610_abe5_6eff_5cb5, 0x5162_2daa_78f8_3583),
        ("hello", 0, 0xcbd8_a7b3_41bd_9b02, 0x5b1e_906a_48ae_1d19),
        ("The quick brown fox jumps over the lazy dog", 0, 0xe34b_bc7b_bc07_1b6c, 0x7a43_3ca9_c49a_9347),
        ("0123456789abcdef", 123_456_789, 0x2973_5b73_dbd0_7556, 0x24ae_e8a4_45af_2f46),
    ])
    func referenceVectors(input: String, seed: UInt32, h1: UInt64, h2: UInt64) {
        let digest = MurmurHash3.x64Hash128(Array(input.utf8), seed: seed)
        #expect(digest.h1 == h1 && digest.h2 == h2)
    }

    /// smhasher's verification: keys 0x00…i-1 hashed with seed 256-i, the digests hashed with seed 0.
    @Test func smhasherVerificationValue() {
        var digests: [UInt8] = []
        for length in 0..<256 {
            let key = (0..<length).map { UInt8($0) }
            let (h1, h2) = MurmurHash3.x64Hash128(key, seed: UInt32(256 - length))
            for word in [h1, h2] {
                for shift in stride(from: 0, to: 64, by: 8) {
                    digests.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
                }
            }
        }
        let (h1, _) = MurmurHash3.x64Hash128(digests, seed: 0)
        #expect(UInt32(truncatingIfNeeded: h1) == 0x6384_BA69)
    }

    @Test func theWorkedExampleIsAccepted() {
        let pow = ChallengerProofOfWork(
            key: "Wd3fQz8a", seed: 1_234_567_890, mask: ChallengerProofOfWork.parseMask("a1b2"))
        #expect(pow.prefix == Array("Wd3fQz8".utf8))
        #expect(MurmurHash3.x64Hash128(Array("Wd3fQz8lq1d3zUXn".utf8), seed: 1_234_567_890).h1 == 0xa1b2_66fb_563b_e86b)
        #expect(pow.accepts("Wd3fQz8lq1d3zUXn"))
        #expect(!pow.accepts("Wd3fQz8lq1d3zUXo"))
        #expect(!pow.accepts("Xd3fQz8lq1d3zUXn"), "the prefix is the key minus its last character")
        #expect(!pow.accepts("Wd3fQz8lq1d3zUX"), "a solution has 16 characters")
    }

    @Test func theSolverFindsAnAcceptedAnswerAndIsDeterministic() throws {
        let pow = ChallengerProofOfWork(key: "Wd3fQz8a", seed: 1_234_567_890, mask: 0xa1b2)
        let first = pow.solve(maxTries: 2_000_000)
        let solution = try #require(first.solution)
        #expect(pow.accepts(solution))
        #expect(solution.hasPrefix("Wd3fQz8") && solution.utf8.count == 16)
        #expect(pow.solve(maxTries: 2_000_000).solution == first.solution)
        #expect(first.tries > 0)
    }

    @Test func theSolverStopsWhenToldOrUnsolvable() {
        let pow = ChallengerProofOfWork(key: "Wd3fQz8a", seed: 1, mask: 0xa1b2)
        #expect(pow.solve(maxTries: 10).solution == nil)
        #expect(pow.solve(maxTries: 10).tries == 10)
        #expect(pow.solve(maxTries: 1_000_000, shouldStop: { true }).tries == 4096)
        #expect(ChallengerProofOfWork(key: "k", seed: 1, mask: 0x1_0000).solve(maxTries: 100).tries == 0)
        #expect(ChallengerProofOfWork(key: "", seed: 1, mask: 1).solve(maxTries: 100).solution == nil)
        #expect(ChallengerProofOfWork(key: String(repeating: "k", count: 17), seed: 1, mask: 1).prefix == nil)
    }

    @Test func masksParseAsStrtoull() {
        #expect(ChallengerProofOfWork.parseMask("a1b2") == 0xa1b2)
        #expect(ChallengerProofOfWork.parseMask("0xFF") == 0xff)
        #expect(ChallengerProofOfWork.parseMask("12zz") == 0x12)
        #expect(ChallengerProofOfWork.parseMask("zz") == 0)
        #expect(ChallengerProofOfWork.parseMask("") == 0)
        #expect(ChallengerProofOfWork.parseMask(String(repeating: "f", count: 40)) == UInt64.max)
    }
}
