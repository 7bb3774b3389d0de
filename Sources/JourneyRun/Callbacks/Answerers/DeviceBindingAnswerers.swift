import Crypto
import Foundation
import JourneyCore

/// DeviceBindingCallback: signs a JWS (ES256, with the public key as `jwk`) over the callback's
/// challenge with the run's key for the user (or the `key` file), and writes `…jws` (a secret),
/// `…deviceName` (default `journey`) and `…deviceId` (default: the run's device identifier);
/// or only `…clientError` (Abort, Timeout, Unsupported, ClientNotRegistered, or any code).
enum DeviceBindingAnswerer: CallbackAnswerer {
    static let defaultDeviceName = "journey"
    static var handlesClientError: Bool { true }

    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        let answer = context.answer
        if let clientError = answer.clientError {
            try await context.writeClientError(clientError, into: &draft)
            return
        }
        let environment = context.environment
        let userId = draft.original.output("userId")?.stringValue ?? ""
        let key: P256.Signing.PrivateKey
        if let keyFile = answer.keyFile {
            key = try DeviceKeyFile.load(keyFile, context: context)
            environment.deviceState.bind(key, userId: userId)
        } else {
            key = environment.deviceState.bindingKey(for: userId, randomBytes: { environment.randomBytes($0) })
        }
        try DeviceSignature.write(for: key, includeJWK: true, into: &draft, context)

        var deviceName = defaultDeviceName
        if let spec = answer.deviceName { deviceName = ValueConversion.text(try await context.resolve(spec).json) }
        try draft.write(.string(deviceName), suffix: "deviceName", redactor: context.redactor, context: context)
        var deviceId = environment.deviceState.identifier(randomBytes: { environment.randomBytes($0) })
        if let spec = answer.deviceId { deviceId = ValueConversion.text(try await context.resolve(spec).json) }
        try draft.write(.string(deviceId), suffix: "deviceId", redactor: context.redactor, context: context)
        if let type = draft.original.output("authenticationType")?.stringValue {
            draft.notes.append(("authenticationType", type))
        }
    }
}

/// DeviceSigningVerifierCallback: the same JWS without `jwk`, signed with the key bound earlier
/// in the run (or the `key` file; a new key when none was bound), into `…jws`; or `…clientError`.
enum DeviceSigningVerifierAnswerer: CallbackAnswerer {
    static var handlesClientError: Bool { true }

    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        if let clientError = context.answer.clientError {
            try await context.writeClientError(clientError, into: &draft)
            return
        }
        let environment = context.environment
        let userId = draft.original.output("userId")?.stringValue ?? ""
        let key: P256.Signing.PrivateKey
        if let keyFile = context.answer.keyFile {
            key = try DeviceKeyFile.load(keyFile, context: context)
        } else if let bound = environment.deviceState.signingKey(for: userId) {
            key = bound
        } else {
            key = environment.deviceState.bindingKey(for: userId, randomBytes: { environment.randomBytes($0) })
            draft.notes.append(("key", "no key bound in this run; signed with a new key"))
        }
        try DeviceSignature.write(for: key, includeJWK: false, into: &draft, context)
    }
}

/// Signs the callback's claims and writes the JWS into `…jws` as a secret.
enum DeviceSignature {
    static func write(
        for key: P256.Signing.PrivateKey, includeJWK: Bool, into draft: inout CallbackDraft, _ context: AnswerContext
    ) throws(RunError) {
        let claims = DeviceClaims.make(for: draft.original, now: context.environment.now())
        let jws: String
        do {
            jws = try DeviceJWS.sign(claims: claims, key: key, includeJWK: includeJWK)
        } catch {
            throw context.error("signing the \(draft.type) challenge failed: \(error)")
        }
        let secret = CallbackCatalogue.secretName(forInputSuffix: "jws", in: draft.original) ?? "jws"
        try draft.write(.string(jws), suffix: "jws", secretName: secret, redactor: context.redactor, context: context)
        draft.notes.append(("kid", DeviceJWS.keyId(of: key.publicKey)))
    }
}
