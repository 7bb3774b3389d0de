import Foundation
import JourneyCore
import Testing

@testable import JourneyBench

@Suite struct ProofOfWorkBenchmarkTests {
    @Test func readsOpenSSLSpeedOutput() {
        let output = """
            version: 3.0.19
            The 'numbers' are in 1000s of bytes per second processed.
            type             64 bytes
            sha256          199646.00k
            """
        #expect(ProofOfWorkBenchmark.parseOpenSSL(output) == 199_646_000)
        #expect(ProofOfWorkBenchmark.parseOpenSSL("no numbers here") == nil)
    }

    @Test func measuresTheSolversOwnLoop() {
        let row = ProofOfWorkBenchmark.measure(.sha256, messageBytes: 64, seconds: 0.05)
        #expect(row.hashes >= 200_000)
        #expect(row.hashesPerSecond > 0)
        #expect(row.messageBytes == 64)
    }

    @Test func measuresChallengersMurmurHash() {
        #expect(ProofOfWorkBenchmark.measureChallenger(seconds: 0.05) > 0)
    }
}
