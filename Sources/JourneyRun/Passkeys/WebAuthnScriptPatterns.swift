import Foundation

/// The patterns ``WebAuthnRequestReader`` reads AM's WebAuthn text with, compiled once rather
/// than at each read. Each is a literal that compiles; a nil one would read as "no match".
enum WebAuthnScriptPatterns {
    /// `id: "example.com"` or `rpId: "example.com"` (AM 7.1's `relyingPartyId` text).
    static let relyingPartyId = compile(#"(?:\bid|\brpId)\s*:\s*"([^"]*)""#)
    static let challenge = compile(#"challenge\s*:\s*new\s+Int8Array\(\s*\[([-0-9,\s]*)\]"#)
    static let rp = compile(#"\brp\s*:\s*\{([^{}]*)\}"#)
    static let quotedId = compile(#"\bid\s*:\s*"([^"]*)""#)
    static let quotedName = compile(#"\bname\s*:\s*"([^"]*)""#)
    static let rpId = compile(#"\brpId\s*:\s*"([^"]*)""#)
    /// Where the `user: {` object starts (no group: the whole match).
    static let userStart = compile(#"\buser\s*:\s*\{"#)
    static let userId = compile(#"\bid\s*:\s*Uint8Array\.from\(\s*"([^"]*)""#)
    static let displayName = compile(#"\bdisplayName\s*:\s*"([^"]*)""#)
    static let pubKeyCredParams = compile(#"pubKeyCredParams\s*:\s*(\[[^\]]*\])"#)
    /// `timeout: 60000` or `timeout: "60000"` (milliseconds, at most nine digits).
    static let timeout = compile(#"\btimeout\s*:\s*"?([0-9]{1,9})"#)
    static let userVerification = compile(#""?userVerification"?\s*:\s*"([A-Za-z]*)""#)
    static let attestation = compile(#"\battestation\s*:\s*"([A-Za-z]*)""#)
    static let residentKey = compile(#""?residentKey"?\s*:\s*"([A-Za-z]*)""#)
    static let requireResidentKey = compile(#""?requireResidentKey"?\s*:\s*true"#)
    static let authenticatorAttachment = compile(#""?authenticatorAttachment"?\s*:\s*"([A-Za-z-]*)""#)
    /// `"id": new Int8Array([...])`: an allowed or excluded credential.
    static let credentialId = compile(#""?id"?\s*:\s*new\s+Int8Array\(\s*\[([-0-9,\s]*)\]"#)

    /// Every pattern, for the test that each compiles.
    static var all: [NSRegularExpression?] {
        [
            relyingPartyId, challenge, rp, quotedId, quotedName, rpId, userStart, userId, displayName, pubKeyCredParams,
            timeout, userVerification, attestation, residentKey, requireResidentKey, authenticatorAttachment,
            credentialId,
        ]
    }

    private static func compile(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern)
    }

    /// The first match's first group.
    static func firstGroup(_ regex: NSRegularExpression?, in text: String) -> String? {
        guard let regex, let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// Every match's first group.
    static func allGroups(_ regex: NSRegularExpression?, in text: String) -> [String] {
        guard let regex else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The range of the first whole match.
    static func firstRange(_ regex: NSRegularExpression?, in text: String) -> Range<String.Index>? {
        guard let regex, let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else {
            return nil
        }
        return Range(match.range, in: text)
    }
}
