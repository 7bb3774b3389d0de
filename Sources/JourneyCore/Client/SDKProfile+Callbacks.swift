/// Which callback types each SDK has a class for. A step that holds a type the run's SDK has
/// none for fails the run (the app could not answer it); `lint` warns about a handler for one.
/// Types the registry does not know are custom callbacks: an app registers its own class for
/// them in every SDK, so they are never refused (the simulator's ProofOfWorkCallback included).
extension SDKProfile {
    /// True when the SDK has a class for callbacks of `type`.
    package func answers(_ type: CallbackType) -> Bool {
        !unanswered.contains(type)
    }

    /// The registry's types the SDK has no class for.
    package var unanswered: Set<CallbackType> {
        switch self {
        case .pingIOS:
            // Journey/Journey/Journey.swift registers the Journey callbacks; DeviceProfile,
            // ReCaptchaEnterprise, Binding, Fido, Protect and ExternalIdP register theirs
            // (e.g. Binding/Binding/Module/BindingModule.swift). None registers ReCaptchaCallback,
            // AppIntegrityCallback or RedirectCallback.
            return [.reCaptcha, .appIntegrity, .redirect]
        case .pingAndroid:
            // journey/src/main/kotlin/com/pingidentity/journey/Journey.kt and the modules'
            // CallbackInitializer.kt files (external-idp, device-profile, recaptcha-enterprise,
            // protect, binding, fido): no ReCaptchaCallback, AppIntegrityCallback or RedirectCallback.
            return [.reCaptcha, .appIntegrity, .redirect]
        case .forgeRockIOS:
            // FRAuth/FRAuth/Callbacks/CallbackFactory.swift (plus the modules registering
            // DeviceBinding, DeviceSigningVerifier, PingOneProtect* and ReCaptchaEnterprise):
            // no ConsentMappingCallback, no RedirectCallback.
            return [.consentMapping, .redirect]
        case .forgeRockAndroid:
            // forgerock-auth/src/main/java/org/forgerock/android/auth/callback/CallbackFactory.kt: no RedirectCallback.
            return [.redirect]
        case .forgeRockJS:
            // packages/javascript-sdk/src/fr-auth/callbacks/factory.ts: no class for these
            // (WebAuthn and Protect are read from MetadataCallback / their own classes).
            return [.consentMapping, .idP, .deviceBinding, .deviceSigningVerifier, .appIntegrity]
        }
    }

    /// `forgerock-js has no class for DeviceBindingCallback (its SDK cannot answer it)`.
    package func cannotAnswerMessage(_ type: String) -> String {
        "\(rawValue) has no class for \(type): an app using \(repository) cannot answer it"
    }
}
