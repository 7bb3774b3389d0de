import JourneyCore

/// Reads the passkey nodes (`webAuthnRegistration`, `webAuthnAuthentication`) and the recovery
/// code nodes (`recoveryCodeDisplay`, `recoveryCodeCollector`).
struct WebAuthnTreeParser {
    let reader: YAMLReader
    let values: TreeValues

    static let webAuthnCommonKeys =
        TreeParser.textKeys + [
            "form", "supportsJsonResponse", "rpId", "rpName", "origins", "userVerification", "timeout", "username",
        ]
    static let webAuthnRegistrationKeys =
        webAuthnCommonKeys + [
            "attestation", "residentKey", "authenticatorAttachment", "algorithms", "acceptDeviceName",
            "defaultDeviceName", "maxDevices", "displayName",
        ]
    static let webAuthnAuthenticationKeys = webAuthnCommonKeys + ["usernameless", "allowRecoveryCode"]
    static let recoveryCodeDisplayKeys = TreeParser.textKeys + ["username", "count", "length"]
    static let recoveryCodeCollectorKeys = TreeParser.textKeys + ["prompt", "username"]

    private func parseWebAuthnCommon(_ map: YMapping?, context: String) -> WebAuthnCommonSpec {
        var spec = WebAuthnCommonSpec(
            text: map.map(values.pageText) ?? PageText(), form: .metadata, supportsJsonResponse: false,
            relyingParty: WebAuthnRelyingParty(id: nil, name: "ForgeRock", origins: []),
            userVerification: .preferred, timeout: 60_000, username: "username")
        guard let map else { return spec }
        spec.form = values.enumValue(map["form"], WebAuthnForm.self, "form") ?? spec.form
        spec.supportsJsonResponse = map["supportsJsonResponse"]?.bool("supportsJsonResponse") ?? false
        if let node = map["supportsJsonResponse"], spec.supportsJsonResponse, spec.form == .script {
            reader.error("supportsJsonResponse needs 'form: metadata' (the script form has no such option)", at: node)
        }
        if let node = map["rpId"], let id = node.string("rpId") {
            if id.isEmpty || id.contains("/") || id.contains(":") || id.contains(" ") {
                reader.error("rpId must be a domain name (e.g. example.com), not a URL", at: node)
            } else {
                spec.relyingParty.id = id.lowercased()
            }
        }
        spec.relyingParty.name = map["rpName"]?.string("rpName") ?? spec.relyingParty.name
        if let node = map["origins"], let origins = node.stringList("origins") {
            for origin in origins where !(origin.hasPrefix("https://") || origin.hasPrefix("http://")) {
                reader.error("origin '\(origin)' must be scheme://host[:port] (e.g. https://example.com)", at: node)
            }
            spec.relyingParty.origins = origins
        }
        spec.userVerification =
            values.enumValue(map["userVerification"], WebAuthnUserVerification.self, "userVerification")
            ?? spec.userVerification
        spec.timeout = values.positiveInt(map["timeout"], "timeout", in: TreeRanges.milliseconds) ?? spec.timeout
        spec.username = map["username"]?.string("username") ?? spec.username
        return spec
    }

    func parseWebAuthnRegistration(_ node: YNode, context: String) -> WebAuthnRegistrationSpec {
        let map = values.optionalMapping(node, context)
        map?.allowOnly(Self.webAuthnRegistrationKeys, in: context)
        var spec = WebAuthnRegistrationSpec(
            common: parseWebAuthnCommon(map, context: context), attestation: .none, residentKey: .discouraged,
            authenticatorAttachment: nil, algorithms: [-7, -257], acceptDeviceName: true,
            defaultDeviceName: "New Security Key", maxDevices: 0, displayName: nil)
        guard let map else { return spec }
        spec.attestation =
            values.enumValue(map["attestation"], WebAuthnAttestation.self, "attestation") ?? spec.attestation
        spec.residentKey =
            values.enumValue(map["residentKey"], WebAuthnResidentKey.self, "residentKey") ?? spec.residentKey
        if let node = map["authenticatorAttachment"], let text = node.string("authenticatorAttachment") {
            if ["platform", "cross-platform"].contains(text) {
                spec.authenticatorAttachment = text
            } else {
                reader.error("authenticatorAttachment must be 'platform' or 'cross-platform'", at: node)
            }
        }
        if let node = map["algorithms"], let items = node.sequence("algorithms") {
            let algorithms = items.compactMap { $0.int("an algorithm") }
            if algorithms.isEmpty || !algorithms.allSatisfy(WebAuthnRegistrationSpec.supportedAlgorithms.contains) {
                reader.error("algorithms are COSE numbers among -7 (ES256), -8 (EdDSA) and -257 (RS256)", at: node)
            } else {
                spec.algorithms = algorithms
            }
        }
        spec.acceptDeviceName = map["acceptDeviceName"]?.bool("acceptDeviceName") ?? spec.acceptDeviceName
        spec.defaultDeviceName = map["defaultDeviceName"]?.string("defaultDeviceName") ?? spec.defaultDeviceName
        spec.maxDevices = values.nonNegativeInt(map["maxDevices"], "maxDevices") ?? spec.maxDevices
        spec.displayName = map["displayName"]?.string("displayName")
        return spec
    }

    func parseWebAuthnAuthentication(_ node: YNode, context: String) -> WebAuthnAuthenticationSpec {
        let map = values.optionalMapping(node, context)
        map?.allowOnly(Self.webAuthnAuthenticationKeys, in: context)
        let usernameless = map?["usernameless"]?.bool("usernameless") ?? false
        if usernameless, let username = map?["username"] {
            // AM's "Username from device": the user is the one the credential's user handle names.
            reader.warning(
                "'username' is ignored with 'usernameless: true': the user comes from the passkey's user handle",
                at: username)
        }
        let allowRecoveryCode = map?["allowRecoveryCode"]?.bool("allowRecoveryCode") ?? false
        if usernameless, allowRecoveryCode, let node = map?["allowRecoveryCode"] {
            reader.warning(
                "'allowRecoveryCode' with 'usernameless: true': the recovery-code branch is taken before a passkey names the user, so no username is known to look recovery codes up (unless an earlier node set one)",
                at: node)
        }
        return WebAuthnAuthenticationSpec(
            common: parseWebAuthnCommon(map, context: context), usernameless: usernameless,
            allowRecoveryCode: allowRecoveryCode)
    }

    func parseRecoveryCodeDisplay(_ node: YNode, context: String) -> RecoveryCodeDisplaySpec {
        let map = values.optionalMapping(node, context)
        map?.allowOnly(Self.recoveryCodeDisplayKeys, in: context)
        var spec = RecoveryCodeDisplaySpec(
            text: map.map(values.pageText) ?? PageText(), username: map?["username"]?.string("username") ?? "username",
            count: values.positiveInt(map?["count"], "count") ?? 10,
            length: values.positiveInt(map?["length"], "length", in: TreeRanges.length) ?? 10)
        if let node = map?["count"], spec.count > 100 {
            reader.error("count must be at most 100", at: node)
            spec.count = 100
        }
        if let node = map?["length"], !(6...64).contains(spec.length) {
            reader.error("length must be 6 to 64 characters", at: node)
            spec.length = 10
        }
        return spec
    }

    func parseRecoveryCodeCollector(_ node: YNode, context: String) -> RecoveryCodeCollectorSpec {
        let map = values.optionalMapping(node, context)
        map?.allowOnly(Self.recoveryCodeCollectorKeys, in: context)
        return RecoveryCodeCollectorSpec(
            text: map.map(values.pageText) ?? PageText(),
            prompt: map?["prompt"]?.string("prompt") ?? "Enter recovery code",
            username: map?["username"]?.string("username") ?? "username")
    }
}
