import JourneyCore
import JourneyFormat
import JourneyReport
import JourneyRun

/// The questions for what the runner can answer by itself once told how: a TOTP code from the
/// authenticator's secret, a reCAPTCHA token or client error, an identity provider from a menu.
extension WalkAdvisor {
    /// A code asked for in a NameCallback or TextInputCallback, as AM's OATH Token Verifier asks:
    /// typed, or (Enter alone) computed from the authenticator's secret, which the script then
    /// reads from `JOURNEY_OTP_SECRET` to compute a fresh code each run. After an OATH
    /// registration step in the walk, Enter alone computes it from the URI that step registered,
    /// which the script captures (`from: registrationUri`).
    func askOneTimeCode(_ callback: AMCallback, place: Place) async throws(WalkStop) -> HandlerSpec {
        let registered = registration.withLock { $0 }.flatMap { Self.quotable($0.uri) ? $0 : nil }
        let source =
            registered.map { "the authenticator registered at step \($0.step)" } ?? "the authenticator's TOTP secret"
        terminal.show("  " + style.paint("(Enter alone computes it from \(source))", .dim) + "\n")
        let typed = try await terminal.ask(
            Self.label(callback) + style.paint(" (not shown)", .dim) + ": ", secret: true
        )
        .trimmingCharacters(in: .whitespaces)
        var answer = AnswerSpec(location: place.location)
        guard typed.isEmpty else {
            answer.value = ValueSpec(.literal(.string(typed)), secret: true, at: place.location)
            return place.handler(answer)
        }
        if let registered,
            let template = try? TemplateParser.parse("{{ totp('\(registered.uri)') }}", at: place.location)
        {
            answer.value = ValueSpec(.template(template), secret: true, at: place.location)
            totpFromRegistration.withLock { $0 = true }
            return place.handler(answer)
        }
        while true {
            let secret = try await terminal.ask(
                "  TOTP secret (Base32 or otpauth:// URI)" + style.paint(" (not shown)", .dim) + ": ", secret: true
            ).trimmingCharacters(in: .whitespaces)
            let usable = !secret.isEmpty && Self.quotable(secret) && (try? OTPParameters.parse(secret)) != nil
            guard usable, let template = try? TemplateParser.parse("{{ totp('\(secret)') }}", at: place.location)
            else {
                terminal.show("  " + style.paint("not a Base32 secret or an otpauth:// URI", .yellow) + "\n")
                continue
            }
            answer.value = ValueSpec(.template(template), secret: true, at: place.location)
            totpAnswered.withLock { $0 = true }
            return place.handler(answer)
        }
    }

    /// True when `text` can go into the walk's template as a quoted literal: nothing that could end it.
    static func quotable(_ text: String) -> Bool {
        !text.contains(where: { "'\\{}".contains($0) || $0.isNewline })
    }

    /// reCAPTCHA: a token (a test key's, say) read without echo; for reCAPTCHA Enterprise, Enter
    /// alone sends a client error instead (`recaptcha_failed` unless another is typed).
    func askReCaptcha(_ callback: AMCallback, place: Place) async throws(WalkStop) -> HandlerSpec {
        let enterprise = callback.hasType(.reCaptchaEnterprise)
        let siteKey = callback.output("recaptchaSiteKey")?.displayText ?? ""
        show(callback, note: siteKey.isEmpty ? nil : "(site key \(VisibleText.escaped(siteKey)))")
        var answer = AnswerSpec(location: place.location)
        if enterprise {
            terminal.show(
                "  " + style.paint("(a token, e.g. from a test key; Enter alone sends a client error)", .dim) + "\n")
        }
        while true {
            let token = try await terminal.ask("  Token" + style.paint(" (not shown)", .dim) + ": ", secret: true)
                .trimmingCharacters(in: .whitespaces)
            if !token.isEmpty {
                answer.token = ValueSpec(.literal(.string(token)), secret: true, at: place.location)
                return place.handler(answer)
            }
            guard enterprise else {
                terminal.show("  " + style.paint("a token, please", .yellow) + "\n")
                continue
            }
            let typed = try await terminal.ask("  Client error [\(Self.reCaptchaClientError)]: ")
                .trimmingCharacters(in: .whitespaces)
            answer.clientError = place.literal(.string(typed.isEmpty ? Self.reCaptchaClientError : typed))
            return place.handler(answer)
        }
    }

    static let reCaptchaClientError = "recaptcha_failed"

    /// SelectIdPCallback: the providers as a numbered menu (a number, a provider id or its name).
    func askSelectIdP(_ callback: AMCallback, place: Place) async throws(WalkStop) -> HandlerSpec {
        let providers: [(id: String, name: String?)] = (callback.output("providers")?.arrayValue ?? []).compactMap {
            provider in
            guard let id = provider["provider"]?.stringValue else { return nil }
            return (id, provider["uiConfig"]?["buttonDisplayName"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 })
        }
        show(callback)
        guard !providers.isEmpty else {
            throw WalkStop("\(VisibleText.escaped(callback.type)) offers no provider to choose", exitCode: 1)
        }
        for (index, provider) in providers.enumerated() {
            let name = provider.name.map { VisibleText.escaped($0) + " " } ?? ""
            terminal.show(
                "    \(index + 1)) " + name + style.paint("(\(VisibleText.escaped(provider.id)))", .dim) + "\n")
        }
        while true {
            let typed = try await terminal.ask("  Choose 1-\(providers.count) or a provider: ")
                .trimmingCharacters(in: .whitespaces)
            let chosen =
                Int(typed).flatMap { providers.indices.contains($0 - 1) ? providers[$0 - 1] : nil }
                ?? providers.first(where: { $0.id == typed })
                ?? providers.first(where: { $0.name?.lowercased() == typed.lowercased() && !typed.isEmpty })
            guard let chosen else {
                terminal.show("  " + style.paint("no such provider", .yellow) + "\n")
                continue
            }
            var answer = AnswerSpec(location: place.location)
            answer.value = place.literal(.string(chosen.id))
            return place.handler(answer)
        }
    }

    /// A device binding or signing step: the runner's software device key answers (Enter), or a
    /// client error (`Abort`, `Unsupported`...) is sent instead. An app integrity step has no
    /// such default: a client error is sent.
    func askDeviceStep(_ callback: AMCallback, place: Place) async throws(WalkStop) -> HandlerSpec {
        let byKey = !callback.hasType(.appIntegrity)
        show(callback, note: byKey ? "(the runner's software device key signs)" : "(only an app can attest)")
        let fallback = byKey ? "none" : Self.appIntegrityClientError
        let typed = try await terminal.ask("  Client error (e.g. Abort) [\(fallback)]: ")
            .trimmingCharacters(in: .whitespaces)
        var answer = AnswerSpec(location: place.location)
        if !typed.isEmpty || !byKey {
            answer.clientError = place.literal(.string(typed.isEmpty ? fallback : typed))
        } else {
            bareTypes.withLock { _ = $0.insert(callback.type) }
        }
        return place.handler(answer)
    }

    static let appIntegrityClientError = "ClientDeviceErrors"

    /// A callback the walk cannot ask for (a custom type, or a known one needing what only an
    /// app has): the walk stops, naming it, with nothing written.
    func cannotAsk(_ callback: AMCallback, place: Place) -> WalkStop {
        let inputs = (callback.input ?? []).map { VisibleText.escaped($0.name) }.joined(separator: ", ")
        let custom = CallbackType(wireName: callback.type) == nil
        let what =
            custom
            ? "a callback type journey does not know; answer its inputs (\(inputs)) by name in a script, see docs/format.md"
            : "it needs what only an app has; write its handler in a script, see docs/format.md"
        return WalkStop(
            "step \(place.step): journey new cannot ask for \(VisibleText.escaped(callback.type)) (\(what)): nothing written",
            exitCode: 1)
    }
}
