import Foundation
import JourneyLoad
import Testing

/// The load summary's `format` and `version` marker, and the limits on what a reader accepts.
@Suite struct LoadSummaryFormatTests {
    /// A summary's JSON with `members` added or replaced (JSON text of each value).
    static func summary(_ members: [String: String] = [:], scripts: [String] = ["login.yaml"]) -> Data {
        var object: [String: String] = [
            "model": #""closed model, 1 user""#, "seconds": "1", "journeys": "2", "passed": "2",
            "dropped": "0", "errors": "{}", "amCodes": "{}", "journey": "[[1000,2]]", "steps": "[]",
            "timeline": "[]", "thresholds": "[]",
            "scripts": "[" + scripts.map { "\"\($0)\"" }.joined(separator: ",") + "]",
        ]
        object.merge(members) { _, new in new }
        return Data(("{" + object.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}").utf8)
    }

    static func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test func aSummaryIsWrittenWithItsFormatAndVersion() throws {
        let read = try LoadSummary.read(Self.summary(), file: "a.json")
        let object = try #require(JSONSerialization.jsonObject(with: Data(read.json.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "journey-load-summary")
        #expect(object["version"] as? Int == 1)
        #expect(try LoadSummary.read(Data(read.json.utf8), file: "b.json") == read)
    }

    @Test func aSummaryWithoutTheMarkerIsReadAsVersionOne() throws {
        let read = try LoadSummary.read(Self.summary(), file: "old.json")
        #expect(read.format == LoadSummary.formatName)
        #expect(read.version == 1)
        #expect(read.journeys == 2)
    }

    @Test func anotherFormatIsRefused() {
        let text = Self.message {
            _ = try LoadSummary.read(Self.summary(["format": #""journey-report""#]), file: "run.json")
        }
        #expect(text == #"run.json is a "journey-report" file, not a journey load summary (journey-load-summary)"#)
    }

    @Test func aNewerVersionIsRefused() {
        let newer = Self.summary(["format": #""journey-load-summary""#, "version": "2"])
        let text = Self.message { _ = try LoadSummary.read(newer, file: "new.json") }
        #expect(text == "new.json is a load summary of version 2; this journey reads versions 1 to 1")
    }

    @Test func aMarkerOfTheWrongTypeIsNamed() {
        let numbered = Self.message { _ = try LoadSummary.read(Self.summary(["format": "7"]), file: "odd.json") }
        #expect(numbered == #"odd.json: format is a number, not "journey-load-summary""#)
        let texted = Self.message {
            _ = try LoadSummary.read(
                Self.summary(["format": #""journey-load-summary""#, "version": #""1""#]), file: "odd.json")
        }
        #expect(texted == "odd.json: version is a string, not a whole number")
    }

    @Test func aMarkedSummaryThatCannotBeReadIsRefusedWhenMerged() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("load-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let newer = directory.appendingPathComponent("new.json")
        try Self.summary(["format": #""journey-load-summary""#, "version": "2"]).write(to: newer)
        let text = Self.message { _ = try LoadSummary.merge(files: [newer.path]) }
        #expect(text.contains("is a load summary of version 2"))
        let run = directory.appendingPathComponent("run.json")
        try Data(#"{"format":"journey-report","version":1,"summary":{},"scripts":[]}"#.utf8).write(to: run)
        #expect(try LoadSummary.merge(files: [run.path]) == nil)
    }

    @Test func tooManyScriptsAreRefused() {
        let many = (0...100_000).map { "s\($0).yaml" }
        let text = Self.message { _ = try LoadSummary.read(Self.summary(scripts: many), file: "many.json") }
        #expect(text == "many.json names 100001 scripts; a load summary names at most 100000")
    }

    @Test func aScriptNameTooLongIsRefused() {
        let long = String(repeating: "a", count: 4097)
        let text = Self.message { _ = try LoadSummary.read(Self.summary(scripts: [long]), file: "long.json") }
        #expect(text == "long.json names a script longer than 4096 bytes")
    }

    @Test func tooManyErrorClassesAreRefused() {
        let errors = "{" + (0...10_000).map { "\"e\($0)\":1" }.joined(separator: ",") + "}"
        let text = Self.message {
            _ = try LoadSummary.read(Self.summary(["errors": errors, "passed": "0"]), file: "errors.json")
        }
        #expect(text.hasPrefix("errors.json counts more than 10000 error classes or AM codes"))
    }

    @Test func mergedScriptsAreEachListedOnceInTheOrderFirstSeen() throws {
        let parts = try [["a.yaml", "b.yaml"], ["b.yaml", "c.yaml"], ["c.yaml", "a.yaml", "d.yaml"]].map {
            try LoadSummary.read(Self.summary(scripts: $0), file: "part.json")
        }
        #expect(LoadSummary.merged(parts)?.scripts == ["a.yaml", "b.yaml", "c.yaml", "d.yaml"])
    }
}
