import Foundation
import JourneyCore

/// Reads what MFA nodes show a person: the registration URI (OATH `otpauth://`, Push
/// `pushauth://`) and the recovery codes of the Recovery Code Display node's script.
package enum MFAScraper {
    /// The `mfaDeviceRegistration` hidden value, or a URI found in a QR script (with `\xNN` escapes decoded).
    package static func registrationURI(in step: AMStep) -> String? {
        for callback in step.callbacks where callback.hasType(.hiddenValue) {
            if callback.output("id")?.stringValue == "mfaDeviceRegistration",
                let value = callback.output("value")?.stringValue
            {
                return value
            }
        }
        for callback in step.callbacks where callback.hasType(.textOutput) {
            guard let script = callback.output("message")?.stringValue, script.contains("QRCodeReader") else {
                continue
            }
            let decoded = decodeHexEscapes(script)
            if let range = decoded.range(of: #"(otpauth|pushauth)://[^'"\s]+"#, options: .regularExpression) {
                return String(decoded[range])
            }
        }
        return nil
    }

    /// The codes listed in a "Your Recovery Codes" script, in order.
    package static func recoveryCodes(in step: AMStep) -> [String] {
        for callback in step.callbacks where callback.hasType(.textOutput) {
            guard let script = callback.output("message")?.stringValue, script.contains("Recovery Codes") else {
                continue
            }
            // Each code stands alone on a line of the generated HTML: `"iZmEtxvQ00\n" +`. A
            // recording holds `«recoveryCode»` instead, which a replay takes as the code.
            let pattern = #""([A-Za-z0-9]{6,}|«[A-Za-z0-9_.-]{1,64}»)\\n""#
            guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
            let range = NSRange(script.startIndex..., in: script)
            return regex.matches(in: script, range: range).compactMap { match in
                Range(match.range(at: 1), in: script).map { String(script[$0]) }
            }
        }
        return []
    }

    private static func decodeHexEscapes(_ text: String) -> String {
        var result = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.first {
            if scalar == "\\", scalars.count >= 4, scalars.dropFirst().first == "x",
                let code = UInt32(String(String.UnicodeScalarView(scalars.dropFirst(2).prefix(2))), radix: 16),
                let decoded = Unicode.Scalar(code)
            {
                result.unicodeScalars.append(decoded)
                scalars = scalars.dropFirst(4)
            } else {
                result.unicodeScalars.append(scalar)
                scalars = scalars.dropFirst()
            }
        }
        return result
    }
}
