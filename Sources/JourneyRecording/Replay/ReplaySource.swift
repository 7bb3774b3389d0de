import Foundation
import JourneyCore
import JourneyFormat
import JourneyRun
import Synchronization

/// Where `--replay` reads recordings: one HAR file for every script (the page of each script
/// when the file holds several), or a folder with `<script file stem>.har` per script.
public struct ReplaySource: Sendable {
    package let path: String
    /// A single file's document, read once (by `validate()` or the first script) for every script.
    private let cache: DocumentCache

    package init(path: String) {
        self.path = path
        self.cache = DocumentCache()
    }

    /// Holds the decoded HAR of single-file mode, shared by the copies of the source.
    private final class DocumentCache: Sendable {
        let document = Mutex<HARDocument?>(nil)
    }

    /// The single file's document: read and decoded the first time, then kept.
    private func singleDocument() throws(RecordingError) -> HARDocument {
        if let document = cache.document.withLock({ $0 }) { return document }
        let read = try HARReader.read(path: path)
        cache.document.withLock { $0 = read }
        return read
    }

    /// True when `path` names a folder of recordings.
    package var isFolder: Bool {
        var isDirectory: ObjCBool = false
        return path.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// Checks a single recording file before any script runs (a folder is checked per script).
    package func validate() throws(RecordingError) {
        if isFolder {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw RecordingError("no such folder of recordings: \(path)")
            }
            return
        }
        _ = try singleDocument()
    }

    /// The recording file for `scriptFile`.
    package func file(for scriptFile: String) -> String {
        isFolder ? (path as NSString).appendingPathComponent(Recording.stem(scriptFile) + ".har") : path
    }

    /// The recording of `scriptFile`: its page of the single file (decoded once for every
    /// script), or its own file of the folder.
    package func recording(for scriptFile: String) throws(RecordingError) -> Recording {
        guard isFolder else {
            return try Recording(document: singleDocument(), source: path, script: scriptFile)
        }
        let file = file(for: scriptFile)
        if !FileManager.default.fileExists(atPath: file) {
            throw RecordingError(
                "no recording for \(scriptFile): \(file) does not exist (record one with `journey run \(scriptFile) --record \(file)`)"
            )
        }
        return try Recording.load(path: file, script: scriptFile)
    }

    /// The configuration that replays `journey` from its recording: the replay transport, no
    /// commands, the recorded seed, SDK profile and server, and the recorded values of non-secret variables
    /// that come from the environment or a command. Explicit `--seed`/`--server` still win.
    package func configuration(for journey: CompiledJourney, base: RunConfiguration) throws(RunError)
        -> RunConfiguration
    {
        let recording: Recording
        do {
            recording = try self.recording(for: journey.file)
        } catch {
            throw RunError(.mismatch, error.message)
        }
        return Self.configuration(replaying: recording, script: journey.script, base: base)
    }

    /// Drift warnings for a replayed run: a replay answers exactly as recorded, so an
    /// expectation that fails means the script's expectations no longer match the recorded
    /// callbacks (re-record, or fix the script).
    package func driftWarnings(for result: JourneyResult) -> [String] {
        guard result.status == .failed else { return [] }
        let file = file(for: result.file)
        let failures = result.allFailures.map { "  " + $0.description }
        return [
            "warning: \(result.file) no longer matches its recording \(file): its expectations fail on the recorded callbacks (re-record it, or update the script):"
        ] + failures
    }

    public static func configuration(replaying recording: Recording, script: Script, base: RunConfiguration)
        -> RunConfiguration
    {
        var configuration = base
        configuration.transport = ReplayTransport(recording: recording)
        configuration.offline = true
        if configuration.seed == nil, let seed = recording.page?.seed.flatMap({ UInt64($0) }) {
            configuration.seed = seed
        }
        // The requests were sent as this SDK's: a replay sends them so again (`--sdk` still wins).
        if configuration.sdk == nil, let sdk = recording.page?.sdk.flatMap(SDKProfile.init(rawValue:)) {
            configuration.sdk = sdk
        }
        if configuration.serverURL == nil {
            if let server = recording.page?.server {
                configuration.serverURL = server
            } else if let journey = recording.journeys.first {
                configuration.serverURL = journey.origin + journey.deploymentPath
            }
        }
        let recorded = recording.page?.variables ?? [:]
        for declaration in script.vars where !declaration.value.secret {
            guard let value = recorded[declaration.name], configuration.variables[declaration.name] == nil else {
                continue
            }
            switch declaration.value.source {
            case .env(let name, _) where configuration.environment[name] == nil:
                configuration.environment[name] = value
            case .command:
                configuration.variables[declaration.name] = value
            default:
                break
            }
        }
        return configuration
    }
}
