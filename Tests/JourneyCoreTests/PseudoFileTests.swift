import Foundation
import JourneyCore
import Testing

/// Files the kernel makes up (/proc, /sys...) pass a "regular file" check with a size of 0, and
/// read back the process's environment or arguments: they are never read as a script, a tree, a
/// key or a device file, and a diagnostic's excerpt never shows more than one capped line (issue 27).
@Suite struct PseudoFileTests {
    @Test(arguments: ["/proc/self/environ", "/proc/self/cmdline", "/proc/self/status"])
    func aProcFileIsRefusedByItsFilesystem(_ path: String) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            _ = try SourceFile.read(path)
            Issue.record("\(path) was read")
        } catch {
            #expect(error.message.contains("pseudo-filesystem"), "\(error.message)")
            #expect(error.message.contains("proc"), "\(error.message)")
            #expect(error.location == SourceLocation(file: path, line: 1, column: 1))
        }
        #expect(throws: Diagnostic.self) { try SourceFile.bytes(path, limit: 1 << 20, what: "a device file") }
        #expect(SourceFile.problem(path) != nil)
    }

    @Test func aSysFileIsRefused() throws {
        let path = "/sys/kernel/mm/transparent_hugepage/enabled"
        guard FileManager.default.fileExists(atPath: path) else { return }
        #expect(throws: Diagnostic.self) { try SourceFile.read(path) }
    }

    @Test func aFileOnTmpfsOrDiskIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journey-pseudo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("a.yaml")
        try Data("version: 1\n".utf8).write(to: file)
        #expect(try SourceFile.read(file.path) == "version: 1\n")
        #expect(SourceFile.problem(file.path) == nil)
        let shm = "/dev/shm/journey-pseudo-\(UUID().uuidString).yaml"
        if FileManager.default.createFile(atPath: shm, contents: Data("name: x\n".utf8)) {
            defer { try? FileManager.default.removeItem(atPath: shm) }
            #expect(try SourceFile.read(shm) == "name: x\n")
        }
    }

    @Test func anExcerptIsOneCappedLine() {
        let long = "key: " + String(repeating: "SECRET=abc\u{0}", count: 2_000)
        let diagnostic = Diagnostic.error("bad", at: SourceLocation(file: "a.yaml", line: 1, column: 1))
        let rendered = diagnostic.rendered(source: long + "\nnext: line\n")
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3, "\(rendered)")
        let excerpt = String(lines[1])
        #expect(excerpt.unicodeScalars.count <= Diagnostic.maximumExcerptLength + 40, "\(excerpt.count)")
        #expect(excerpt.contains("more characters"), "\(excerpt)")
        #expect(!rendered.contains("next: line"))
    }

    @Test func aCaretFarIntoALongLineStaysUnderItsColumn() throws {
        let line = String(repeating: "a", count: 1_000) + "X" + String(repeating: "b", count: 1_000)
        let diagnostic = Diagnostic.error("here", at: SourceLocation(file: "a.yaml", line: 1, column: 1_001))
        let lines = diagnostic.rendered(source: line).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let text = Array(lines[1].unicodeScalars)
        let caret = Array(lines[2].unicodeScalars)
        let index = try #require(caret.firstIndex(of: "^"))
        #expect(text[index] == "X", "\(lines)")
        #expect(lines[1].unicodeScalars.count <= Diagnostic.maximumExcerptLength + 60)
    }
}
