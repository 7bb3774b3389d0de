import JourneyCore

/// Pulls a value out of a step into a variable usable by later steps as `{{ name }}`.
package struct CaptureSpec: Sendable {
    package enum Source: Sendable {
        /// A callback output: the first callback the matcher selects, its output `name`.
        case output(matcher: Matcher, name: String)
        /// The step's `stage`, `header` or `description`.
        case stepField(String)
        /// A member of the response body by dotted path (`tokenId`, `detail.failureUrl`).
        case response(path: String)
        /// An HTTP response header.
        case httpHeader(String)
        /// An `otpauth://` or `pushauth://` URI from the MFA registration step (HiddenValueCallback
        /// `mfaDeviceRegistration` or the QR script).
        case registrationUri
        /// Recovery codes shown by the Recovery Code Display node, as a list.
        case recoveryCodes
    }

    package var name: String
    package var source: Source
    /// Keep only the first group (or whole match) of this regex.
    package var regex: TextPattern?
    /// Only capture at this step (1-based); otherwise the first step where the source exists.
    package var step: Int?
    package var secret: Bool
    package var location: SourceLocation

    package init(
        name: String, source: Source, regex: TextPattern? = nil, step: Int? = nil, secret: Bool = false,
        location: SourceLocation
    ) {
        self.name = name
        self.source = source
        self.regex = regex
        self.step = step
        self.secret = secret
        self.location = location
    }
}
