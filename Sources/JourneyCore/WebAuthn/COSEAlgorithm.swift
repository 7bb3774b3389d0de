/// The COSE signature algorithms a WebAuthn relying party lists in `pubKeyCredParams`.
package enum COSEAlgorithm: Int64, Sendable, Hashable, CaseIterable {
    /// ECDSA P-256 with SHA-256; signatures are DER-encoded.
    case es256 = -7
    /// Ed25519.
    case edDSA = -8
    /// RSASSA-PKCS1-v1_5 with SHA-256.
    case rs256 = -257

    /// `ES256`, `EdDSA`, `RS256`: the names scripts and traces use.
    package var name: String {
        switch self {
        case .es256: "ES256"
        case .edDSA: "EdDSA"
        case .rs256: "RS256"
        }
    }

    package init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name.lowercased() == name.lowercased() }) else { return nil }
        self = match
    }
}
