import Foundation
import JourneyCore
import JourneyFormat
import JourneyRun

/// What `journey capture` writes when it stops: `DIR/capture.har`, redacted, and one script per
/// captured journey imported from it (`DIR/<journey>.yaml`, secrets read from the environment).
/// The redaction is done in memory before anything is written: no file ever holds a secret.
package enum CaptureOutput {
    package struct Written: Sendable {
        package var har: String
        /// The scripts written, with the page each replays.
        package var scripts: [String]
        /// Journeys that gave no script, and why (the importer's refusal).
        package var skipped: [String]
        /// The environment variables the scripts read.
        package var environment: [String]
        /// What was cut for the HAR to stay within what the recording readers read.
        package var fitting = CaptureFileSize.Fitting()
    }

    package static let harName = "capture.har"

    /// Makes `directory` and checks it can be written, before the capture starts: a capture is
    /// not lost at its end for want of a folder.
    package static func prepare(_ directory: String) throws(CaptureError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CaptureError("cannot create --out \(directory): \(error.localizedDescription)")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw CaptureError("--out \(directory) cannot be written")
        }
    }

    package static func write(_ log: CaptureLog, upstream: CaptureRoute, to directory: String) throws(CaptureError)
        -> Written
    {
        var (document, pages) = CaptureDocument.make(log, upstream: upstream)
        let fitting = CaptureFileSize.fit(&document)
        let harPath = (directory as NSString).appendingPathComponent(harName)
        var skipped = log.journeys.filter { !$0.ended && !$0.isAdvice }.map {
            "\($0.name ?? "default journey"): it did not end (the app left it at step \($0.steps)); kept in the HAR"
        }
        // Each page's entries and those of no page, found in one pass: the stop stays linear in the exchanges.
        var entriesOfPage: [String: [Int]] = [:]
        var ofNoPage: [Int] = []
        for (index, entry) in document.log.entries.enumerated() {
            if let pageref = entry.pageref {
                entriesOfPage[pageref, default: []].append(index)
            } else {
                ofNoPage.append(index)
            }
        }
        let harPages = Dictionary(
            (document.log.pages ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Each journey's script is imported from its own page: over the cores.
        let finished = document
        let (pageEntries, sharedEntries) = (entriesOfPage, ofNoPage)
        let imported = Parallel.map(pages) { page -> Result<(file: String, text: String), RecordingError>? in
            guard let harPage = harPages[page.id] else { return nil }
            do throws(RecordingError) {
                let entries = (pageEntries[page.id, default: []] + sharedEntries).sorted()
                let recording = try Recording(document: finished, source: harPath, page: harPage, entries: entries)
                let text = try ScriptImporter.script(
                    from: recording, journeyName: page.journeyName, readsOutbox: true)
                return .success(
                    (
                        (directory as NSString).appendingPathComponent(page.scriptFile),
                        SchemaReference.adding(to: text, writtenIn: directory)
                    ))
            } catch {
                return .failure(error)
            }
        }
        var scripts: [(file: String, text: String)] = []
        for (page, result) in zip(pages, imported) {
            switch result {
            case .success(let script): scripts.append(script)
            case .failure(let error): skipped.append("\(page.journeyName ?? "default journey"): \(error.message)")
            case nil: break
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CaptureError("cannot create \(directory): \(error.localizedDescription)")
        }
        // The HAR is encoded while the scripts are written, one after the other: files made at
        // once in one folder wait on its lock. The HAR's failure is the one told first.
        let files = scripts
        let failures = Parallel.map([true, false]) { isHAR -> String? in
            if isHAR {
                do throws(RecordingError) {
                    try HARWriter.save(finished, to: harPath)
                } catch {
                    return error.message
                }
                return nil
            }
            for script in files {
                do throws(AtomicFile.Failure) {
                    try AtomicFile.write(script.text, to: script.file, limit: SourceFile.maximumBytes)
                } catch {
                    return error.message
                }
            }
            return nil
        }
        if let failure = failures.compactMap({ $0 }).first { throw CaptureError(failure) }
        let environment = Set(scripts.flatMap { environmentNames(in: $0.text) }).sorted()
        return Written(
            har: harPath, scripts: scripts.map(\.file), skipped: skipped, environment: environment, fitting: fitting)
    }

    /// `JOURNEY_…` names a script reads (`{env: JOURNEY_PASSWORD, secret: true}`).
    static func environmentNames(in script: String) -> [String] {
        script.components(separatedBy: "env: ").dropFirst().compactMap { rest in
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        }
    }
}
