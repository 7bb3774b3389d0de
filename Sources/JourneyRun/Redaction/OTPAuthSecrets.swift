import Foundation
import JourneyCore

/// The secrets inside MFA registration URIs: the seed of an `otpauth://` URI (an OATH
/// registration step's hidden value and QR script) and the shared secret of a `pushauth://`
/// one. They are registered when a capture reads the URI and before a body is redacted, so a
/// device's seed never reaches a trace.
enum OTPAuthSecrets {
    private static let marker = Array("otpauth".utf8)
    private static let pattern: NSRegularExpression? = try? NSRegularExpression(
        pattern: #"secret(?:=|%3D|\\+x3D)([A-Za-z2-7]{8,})"#, options: [.caseInsensitive])

    /// The query parameter of a registration URI that holds its secret, and the secret's name, by scheme.
    private static let secretParameters = [
        "otpauth": (parameter: "secret", name: "otpSecret"), "pushauth": (parameter: "s", name: "pushSecret"),
    ]

    /// A byte search (`Data.range(of:)` was a visible cost on every response of a run).
    private static func containsMarker(_ body: Data) -> Bool {
        body.withUnsafeBytes { ByteSearch.contains(marker, in: $0) }
    }

    static func register(in body: Data, with redactor: Redactor) {
        guard containsMarker(body), let pattern else { return }
        let text = String(decoding: body, as: UTF8.self)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            if let range = Range(match.range(at: 1), in: text) {
                redactor.register(String(text[range]), name: "otpSecret")
            }
        }
    }

    /// Registers the secrets of a registration URI (`otpauth://…?secret=…`, `pushauth://…?s=…`).
    static func register(inURI uri: String, with redactor: Redactor) {
        guard let colon = uri.firstIndex(of: ":"), let secret = secretParameters[uri[..<colon].lowercased()],
            let question = uri.firstIndex(of: "?")
        else { return }
        for pair in uri[uri.index(after: question)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0] == secret.parameter else { continue }
            redactor.register(PercentEncoding.decoded(parts[1]) ?? String(parts[1]), name: secret.name)
        }
    }
}
