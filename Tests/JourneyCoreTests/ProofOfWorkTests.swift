import Foundation
import JourneyCore
import Testing

/// ALTCHA v1, hashcash, hex-prefix and clear-pass: solve what a server issues, and verify it as the server does.
@Suite struct ProofOfWorkTests {
    @Test(arguments: PoWHash.allCases)
    func altchaRoundTrip(hash: PoWHash) throws {
        let challenge = ALTCHAChallenge.create(
            number: 1234, salt: "s4lt?expires=1767225900&", hmacKey: "key", algorithm: hash, maxnumber: 5000)
        let solution = try PoWScheme.altcha.solve(challenge.json, limits: PoWLimits())
        let payload = try JSONValue.parse(try #require(Data(base64Encoded: solution.answer)))
        #expect(payload["number"] == .int(1234))
        #expect(payload["algorithm"] == .string(hash.rawValue))
        #expect(payload["salt"] == .string("s4lt?expires=1767225900&"))
        #expect(solution.tried == 1235)
        // Members in ALTCHA's order.
        let text = String(decoding: try #require(Data(base64Encoded: solution.answer)), as: UTF8.self)
        #expect(text.hasPrefix(#"{"algorithm":"#) && text.contains(#""number":1234,"salt""#))
        #expect(
            ALTCHAChallenge.verify(
                payload: solution.answer, hmacKey: "key", now: Date(timeIntervalSince1970: 1_767_225_600)))
        #expect(
            !ALTCHAChallenge.verify(
                payload: solution.answer, hmacKey: "other", now: Date(timeIntervalSince1970: 1_767_225_600)))
        #expect(
            !ALTCHAChallenge.verify(
                payload: solution.answer, hmacKey: "key", now: Date(timeIntervalSince1970: 1_767_226_000)))
    }

    @Test func altchaKnownVector() throws {
        // SHA-256("salt123") as ALTCHA's docs compute it for salt "salt" and number 123.
        let challenge = ALTCHAChallenge.create(number: 123, salt: "salt", hmacKey: "k", maxnumber: 1000)
        #expect(challenge.challenge == PoWHash.sha256.hex("salt123"))
        #expect(PoWHash.sha256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func anUnsolvableAltchaSaysSo() throws {
        var challenge = ALTCHAChallenge.create(number: 900, salt: "x", hmacKey: "k", maxnumber: 100)
        challenge.maxnumber = 100
        #expect(throws: PoWScheme.Failure.self) { try PoWScheme.altcha.solve(challenge.json, limits: PoWLimits()) }
        do {
            _ = try PoWScheme.altcha.solve(challenge.json, limits: PoWLimits())
        } catch {
            #expect(error.description.contains("unsolvable"))
            #expect(error.description.contains("101 tried"))
        }
        do {
            _ = try PoWScheme.altcha.solve(challenge.json, limits: PoWLimits(maxCount: 10))
        } catch {
            #expect(error.description.contains("maximum count"))
        }
        do {
            var hard = challenge
            hard.maxnumber = 100_000_000
            _ = try PoWScheme.altcha.solve(hard.json, limits: PoWLimits(timeoutSeconds: 0))
        } catch {
            #expect(error.description.contains("within 0 s"))
        }
    }

    @Test func hashcashStampAndSeed() throws {
        let stamp = try PoWScheme.hashcash.solve(["stamp": "1:12:260101:demo@example.com::abc:"], limits: PoWLimits())
        #expect(stamp.answer.hasPrefix("1:12:260101:demo@example.com::abc:"))
        let sha1 = PoWHash.sha1.digest(Array(stamp.answer.utf8))
        #expect(sha1[0] == 0 && sha1[1] >> 4 == 0)
        let challenge = try HashcashChallenge(json: ["stamp": "1:12:260101:demo@example.com::abc:"])
        #expect(challenge.bits == 12)
        #expect(challenge.verify(stamp.answer))
        #expect(!challenge.verify("1:12:260101:other::abc:1"))
        let seeded = try HashcashChallenge(json: ["seed": "seed-", "bits": 10, "algorithm": "SHA-256"])
        let nonce = try PoWScheme.hashcash.solve(
            ["seed": "seed-", "bits": 10, "algorithm": "SHA-256"], limits: PoWLimits())
        #expect(seeded.verify(nonce.answer))
        #expect(UInt64(nonce.answer) != nil)
    }

    @Test func hexPrefixTarget() throws {
        let json: JSONValue = ["seed": "r4nd", "prefix": "0a0", "algorithm": "SHA-512"]
        let solution = try PoWScheme.hexPrefix.solve(json, limits: PoWLimits())
        #expect(PoWHash.sha512.hex("r4nd" + solution.answer).hasPrefix("0a0"))
        #expect(try HexPrefixChallenge(json: json).verify(solution.answer))
        #expect(throws: PoWScheme.Failure.self) {
            try PoWScheme.hexPrefix.solve(["seed": "x", "prefix": "zz"], limits: PoWLimits())
        }
    }

    @Test func decimalNoncesCarryAcrossDigits() throws {
        // 9 → 10, 99 → 100: the nonce text must match its value on every carry.
        for start: UInt64 in [8, 98, 999, 9_999_999] {
            let target = PoWHash.sha256.digest(Array("p\(start + 3)".utf8))
            let result = try PoWSearch.search(.sha256, prefix: Array("p".utf8), start: start, limits: PoWLimits()) {
                digest in
                target.withUnsafeBytes { digest.elementsEqual($0) }
            }
            #expect(result.nonce == start + 3)
        }
    }

    @Test(arguments: PoWHash.allCases)
    func theFastAndPortablePathsAgree(hash: PoWHash) throws {
        let prefix = Array("prefix-".utf8)
        for portable in [false, true] {
            let result = try PoWSearch.search(hash, prefix: prefix, limits: PoWLimits(), portable: portable) {
                $0[0] == 0
            }
            #expect(hash.digest(prefix + Array(String(result.nonce).utf8))[0] == 0)
            let other = try PoWSearch.search(hash, prefix: prefix, limits: PoWLimits(), portable: !portable) {
                $0[0] == 0
            }
            #expect(other.nonce == result.nonce)
        }
    }

    @Test func clearPassAndArithmetic() throws {
        #expect(try PoWScheme.clearPass.solve(["token": "t0k"], limits: PoWLimits()).answer == "t0k")
        #expect(ArithmeticCaptcha.solve("3 + 5") == 8)
        #expect(ArithmeticCaptcha.solve("What is 12 - 20?") == -8)
        #expect(ArithmeticCaptcha.solve("7 × 6") == 42)
        #expect(ArithmeticCaptcha.solve("7x6") == 42)
        #expect(ArithmeticCaptcha.solve("4 * -2") == -8)
        #expect(ArithmeticCaptcha.solve("no numbers") == nil)
    }
}
