import Foundation
import JourneyCore
import Testing

/// RFC 4226 and RFC 6238 test vectors, Base32 and otpauth URIs.
@Suite struct OneTimePasswordTests {
    static let sha1Key = Array("12345678901234567890".utf8)
    static let sha256Key = Array("12345678901234567890123456789012".utf8)
    static let sha512Key = Array("1234567890123456789012345678901234567890123456789012345678901234".utf8)

    @Test func rfc4226HOTPVectors() {
        let expected = [
            "755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489",
        ]
        for (counter, code) in expected.enumerated() {
            #expect(OneTimePassword.hotp(secret: Self.sha1Key, counter: UInt64(counter)) == code)
        }
    }

    @Test(arguments: [
        (59.0, "94287082", "46119246", "90693936"),
        (1_111_111_109, "07081804", "68084774", "25091201"),
        (1_111_111_111, "14050471", "67062674", "99943326"),
        (1_234_567_890, "89005924", "91819424", "93441116"),
        (2_000_000_000, "69279037", "90698825", "38618901"),
        (20_000_000_000, "65353130", "77737706", "47863826"),
    ])
    func rfc6238TOTPVectors(time: Double, sha1: String, sha256: String, sha512: String) {
        let date = Date(timeIntervalSince1970: time)
        #expect(OneTimePassword.totp(secret: Self.sha1Key, time: date, digits: 8, algorithm: .sha1) == sha1)
        #expect(OneTimePassword.totp(secret: Self.sha256Key, time: date, digits: 8, algorithm: .sha256) == sha256)
        #expect(OneTimePassword.totp(secret: Self.sha512Key, time: date, digits: 8, algorithm: .sha512) == sha512)
    }

    @Test func base32RoundTripAndErrors() throws {
        let secret = Array("12345678901234567890".utf8)
        let text = Base32.encode(secret)
        #expect(text == "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
        #expect(try Base32.decode(text).get() == secret)
        #expect(try Base32.decode("gezd gnbv-gy3t qojq gezd gnbv gy3t qojq====").get() == secret)
        #expect((try? Base32.decode("ABC8").get()) == nil)
        if case .failure(let invalid) = Base32.decode("ABC8") { #expect(invalid.position == 4) }
    }

    @Test func otpauthURIWithEveryParameter() throws {
        let uri =
            "otpauth://totp/ForgeRock:jlowery?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=ForgeRock&period=60&digits=8&b=032b75&algorithm=SHA256"
        let parameters = try OTPParameters.parse(uri)
        #expect(parameters.kind == .totp)
        #expect(parameters.secret == Self.sha1Key)
        #expect(parameters.algorithm == .sha256)
        #expect(parameters.digits == 8)
        #expect(parameters.period == 60)
        #expect(parameters.issuer == "ForgeRock")
        #expect(parameters.account == "jlowery")
        let hotp = try OTPParameters.parse(
            "otpauth://hotp/Example:bob?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&counter=3")
        #expect(hotp.kind == .hotp)
        #expect(hotp.counter == 3)
        #expect(hotp.code(at: Date()) == "969429")
        #expect(hotp.code(at: Date(), counter: 9) == "520489")
        let reparsed = try OTPParameters.parse(hotp.uri)
        #expect(reparsed == hotp)
    }

    @Test func aBareSecretIsTOTPWithDefaults() throws {
        let parameters = try OTPParameters.parse("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
        #expect(
            parameters.kind == .totp && parameters.digits == 6 && parameters.period == 30
                && parameters.algorithm == .sha1)
        #expect(parameters.code(at: Date(timeIntervalSince1970: 59)) == "287082")
    }

    @Test func badSecretsAndURIsSayWhyWithoutTheSecret() {
        // The fixture's documentation secret has 8 and 9 in it: not Base32.
        let fixture =
            "otpauth://totp/ForgeRock:jlowery?secret=QITSTC234FRIU8DD987DW3VPICFY======&issuer=ForgeRock&period=30&digits=6&b=032b75"
        #expect(throws: OTPParameters.ParseError.self) { try OTPParameters.parse(fixture) }
        do {
            _ = try OTPParameters.parse(fixture)
        } catch {
            #expect(error.description.contains("not Base32"))
            #expect(!error.description.contains("QITSTC"))
        }
        for bad in [
            "otpauth://push/x?secret=GEZDGNBV", "otpauth://totp/x?digits=6",
            "otpauth://totp/x?secret=GEZDGNBV&digits=7",
            "otpauth://totp/x?secret=GEZDGNBV&algorithm=MD5", "otpauth://hotp/x?secret=GEZDGNBV", "",
        ] {
            #expect(throws: OTPParameters.ParseError.self) { try OTPParameters.parse(bad) }
        }
    }
}
