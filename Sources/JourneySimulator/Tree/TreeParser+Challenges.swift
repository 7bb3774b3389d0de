import JourneyCore

extension TreeParser {
    static let oathRegistrationKeys =
        textKeys + ["type", "algorithm", "digits", "period", "counter", "issuer", "secretLength", "username"]
    static let oathVerifyKeys = textKeys + ["prompt", "username", "window", "hotpWindow"]
    static let proofOfWorkKeys =
        textKeys + ["scheme", "algorithm", "maxnumber", "bits", "prefix", "hmacKey", "lifetime"]
    static let mathCaptchaKeys = textKeys + ["max", "operators"]

    func parseOATHRegistration(_ node: YNode, context: String) -> OATHRegistrationSpec {
        let map = values.optionalMapping(node, context)
        let text = map.map(values.pageText) ?? PageText()
        map?.allowOnly(Self.oathRegistrationKeys, in: context)
        var spec = OATHRegistrationSpec(
            text: text, kind: .totp, algorithm: .sha1, digits: 6, period: 30, counter: 0, issuer: "ForgeRock",
            secretLength: 32, username: map?["username"]?.string("username") ?? "username")
        if let typeNode = map?["type"], let type = typeNode.string("type") {
            if let kind = OTPParameters.Kind(rawValue: type.lowercased()) {
                spec.kind = kind
            } else {
                reader.error("type must be 'totp' or 'hotp'", at: typeNode)
            }
        }
        if let algorithmNode = map?["algorithm"], let text = algorithmNode.string("algorithm") {
            if let algorithm = OTPAlgorithm(name: text) {
                spec.algorithm = algorithm
            } else {
                reader.error("algorithm must be SHA1, SHA256 or SHA512", at: algorithmNode)
            }
        }
        if let digitsNode = map?["digits"], let digits = digitsNode.int("digits") {
            if digits == 6 || digits == 8 {
                spec.digits = digits
            } else {
                reader.error("digits must be 6 or 8", at: digitsNode)
            }
        }
        spec.period = values.positiveInt(map?["period"], "period", in: TreeRanges.seconds) ?? spec.period
        spec.counter =
            values.nonNegativeInt(map?["counter"], "counter", in: TreeRanges.counter).map(UInt64.init) ?? spec.counter
        spec.issuer = map?["issuer"]?.string("issuer") ?? spec.issuer
        spec.secretLength =
            values.positiveInt(map?["secretLength"], "secretLength", in: TreeRanges.length) ?? spec.secretLength
        if let node = map?["secretLength"], spec.secretLength < 16 {
            reader.error("secretLength must be at least 16 hex characters", at: node)
        }
        return spec
    }

    func parseOATHVerify(_ node: YNode, context: String) -> OATHVerifySpec {
        let map = values.optionalMapping(node, context)
        let text = map.map(values.pageText) ?? PageText(stage: "OathTokenVerifier")
        map?.allowOnly(Self.oathVerifyKeys, in: context)
        return OATHVerifySpec(
            text: text,
            prompt: map?["prompt"]?.string("prompt") ?? "Enter verification code",
            username: map?["username"]?.string("username") ?? "username",
            window: values.nonNegativeInt(map?["window"], "window", in: TreeRanges.count) ?? 2,
            hotpWindow: values.positiveInt(map?["hotpWindow"], "hotpWindow", in: TreeRanges.count) ?? 100)
    }

    func parseProofOfWork(_ node: YNode, context: String) -> ProofOfWorkSpec {
        let map = values.optionalMapping(node, context)
        let text = map.map(values.pageText) ?? PageText()
        map?.allowOnly(Self.proofOfWorkKeys, in: context)
        var spec = ProofOfWorkSpec(
            text: text, scheme: .altcha, algorithm: .sha256, maxnumber: 50_000, bits: 12, prefix: "000",
            hmacKey: "simulator-altcha-key", lifetime: 300)
        if let schemeNode = map?["scheme"], let text = schemeNode.string("scheme") {
            if let scheme = PoWScheme(rawValue: text) {
                spec.scheme = scheme
            } else {
                reader.error(
                    "unknown proof-of-work scheme '\(text)'", at: schemeNode,
                    hint: DidYouMean.hint(for: text, among: PoWScheme.allCases.map(\.rawValue))
                        ?? "schemes: \(PoWScheme.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        if spec.scheme == .hashcash { spec.algorithm = .sha1 }
        if let algorithmNode = map?["algorithm"], let text = algorithmNode.string("algorithm") {
            if let algorithm = PoWHash(name: text) {
                spec.algorithm = algorithm
            } else {
                reader.error("algorithm must be SHA-1, SHA-256 or SHA-512", at: algorithmNode)
            }
        }
        spec.maxnumber =
            values.positiveInt(map?["maxnumber"], "maxnumber", in: TreeRanges.maxNumber).map(UInt64.init)
            ?? spec.maxnumber
        spec.bits = values.positiveInt(map?["bits"], "bits", in: TreeRanges.bits) ?? spec.bits
        if let node = map?["bits"], spec.bits > 32 { reader.error("bits must be at most 32", at: node) }
        if let prefixNode = map?["prefix"], let prefix = prefixNode.string("prefix") {
            if Hex.nibbles(prefix) != nil, !prefix.isEmpty, prefix.count <= 8 {
                spec.prefix = prefix.lowercased()
            } else {
                reader.error("prefix must be 1 to 8 hex digits", at: prefixNode)
            }
        }
        spec.hmacKey = map?["hmacKey"]?.string("hmacKey") ?? spec.hmacKey
        spec.lifetime = values.positiveInt(map?["lifetime"], "lifetime", in: TreeRanges.seconds) ?? spec.lifetime
        return spec
    }

    func parseMathCaptcha(_ node: YNode, context: String) -> MathCaptchaSpec {
        let map = values.optionalMapping(node, context)
        let text = map.map(values.pageText) ?? PageText()
        map?.allowOnly(Self.mathCaptchaKeys, in: context)
        var operators = ["+"]
        if let node = map?["operators"], let list = nonEmptyList(node, "operators") {
            if list.allSatisfy({ ["+", "-", "×"].contains($0) }) {
                operators = list
            } else {
                reader.error("operators are '+', '-' and '×'", at: node)
            }
        }
        return MathCaptchaSpec(
            text: text, max: values.positiveInt(map?["max"], "max") ?? 10, operators: operators)
    }
}
