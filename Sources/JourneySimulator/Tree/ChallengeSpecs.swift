import JourneyCore

/// `oathRegistration`: AM's OATH Registration node. Shows the QR code (a TextOutputCallback, the
/// QR script, HiddenValueCallback `mfaDeviceRegistration` holding the otpauth URI, a
/// ConfirmationCallback "Next"); on Next the device is saved for the user, replacing any other.
struct OATHRegistrationSpec: Sendable {
    var text: PageText
    var kind: OTPParameters.Kind
    var algorithm: OTPAlgorithm
    var digits: Int
    var period: Int
    var counter: UInt64
    var issuer: String
    /// The shared secret's length in hex characters (AM's "Minimum Shared Secret Length").
    var secretLength: Int
    /// State path of the account name.
    var username: String
}

/// `oathVerify`: AM's OATH Token Verifier node. A NameCallback for the code; TOTP accepts the
/// current step ± `window` but never a step at or below the last accepted one (AM's replay rule);
/// HOTP accepts the next `hotpWindow` counters. `notRegistered` when the user has no device.
struct OATHVerifySpec: Sendable {
    var text: PageText
    var prompt: String
    var username: String
    var window: Int
    var hotpWindow: Int
}

/// `proofOfWork`: a custom `ProofOfWorkCallback` with outputs `scheme` and `challenge` (an
/// object) and one input, `IDToken1`, for the answer; verified on return.
struct ProofOfWorkSpec: Sendable {
    var text: PageText
    var scheme: PoWScheme
    var algorithm: PoWHash
    /// ALTCHA: the secret number is drawn from 0...maxnumber.
    var maxnumber: UInt64
    /// hashcash: leading zero bits.
    var bits: Int
    /// hexPrefix: the hex digits the digest must start with.
    var prefix: String
    /// ALTCHA: the HMAC key of the signature.
    var hmacKey: String
    /// Seconds a challenge stays valid.
    var lifetime: Int
}

/// `mathCaptcha`: a NameCallback asking "What is A + B?" (operands 0...max-1); true when answered right.
struct MathCaptchaSpec: Sendable {
    var text: PageText
    var max: Int
    var operators: [String]
}
