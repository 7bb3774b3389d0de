import Foundation
import JourneyCore
import JourneyFormat

/// `device: { file: ... }` — the run's passkeys read at the start and written at the end (the
/// resolved path is in the session's state). Made with the run's session by its setup, its end
/// (`JourneyDriver`) and `uses:`, which registers the passkeys it adopts.
struct RunDeviceFile {
    let session: RunSession

    /// The device file's path, relative to the script, once ``resolve()`` resolved it.
    var path: String? { session.withState { $0.deviceFile } }

    /// Resolves `device.file` (a template) and checks, before the first request, that the run
    /// can write the file at its end: its folder exists and is writable. False, with a
    /// diagnostic (exit 2), when it cannot: a server must not register a passkey the run loses.
    func resolve() throws(RunError) -> Bool {
        guard let spec = session.script.device else { return true }
        let path = ReferencedFiles.resolve(
            try session.context.evaluator.evaluate(spec.path).text, from: session.script.file)
        if !session.configuration.offline, let problem = OutputFile.problem(path, createsFolders: false) {
            session.addDiagnostics([
                .error(
                    "device.file names \(path), which the run could not write at its end: \(problem)",
                    at: spec.file.location, length: spec.file.value.count)
            ])
            return false
        }
        session.withState { $0.deviceFile = path }
        return true
    }

    /// Adds the device file's passkeys to the run's device (none when the file does not exist yet).
    func load() throws(RunError) {
        guard let spec = session.script.device, let path else { return }
        do {
            session.context.deviceState.passkeys.merge(try PasskeyDeviceFile.read(path))
        } catch {
            throw RunError(.script, "\(spec.file.location): \(error.message)")
        }
        registerPasskeySecrets()
    }

    /// Writes the run's passkeys to the device file when they changed; a replay writes nothing.
    /// Returns the error when the file cannot be written.
    func save() -> RunError? {
        guard let spec = session.script.device, let path, !session.configuration.offline else { return nil }
        let passkeys = session.context.deviceState.passkeys
        guard passkeys.changed else { return nil }
        do {
            try PasskeyDeviceFile.write(passkeys.credentials, to: path)
        } catch {
            return RunError(.script, "\(spec.file.location): \(error.message)")
        }
        return nil
    }

    /// Registers every passkey's private key (as the device file writes it) as a secret of this run.
    func registerPasskeySecrets() {
        for credential in session.context.deviceState.passkeys.credentials {
            session.redactor.register(credential.key.exported, name: PasskeyPrivateKey.secretName)
        }
    }
}
