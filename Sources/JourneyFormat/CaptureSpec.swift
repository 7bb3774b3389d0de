import JourneyCore

/// Pulls a value out of a step into a variable usable by later steps as `{{ name }}`.
public struct CaptureSpec: Sendable {
    public enum Source: Sendable {
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

    public var name: String
    public var source: Source
    /// Keep only the first group (or whole match) of this regex.
    public var regex: TextPattern?
    /// Only capture at this step (1-based); otherwise the first step where the source exists.
    public var step: Int?
    public var secret: Bool
    public var location: SourceLocation

    public init(
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
