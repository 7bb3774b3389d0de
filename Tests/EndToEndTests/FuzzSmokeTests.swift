import Foundation
import JourneyFuzzing
import JourneyKit
import JourneyTestSupport
import Testing

/// A short, deterministic fuzz run of every parser that reads outside input: each seed of
/// Fuzz/corpus/<target> (the examples, the fixtures and every crash input found so far) as is,
/// then a fixed number of mutations of them from a fixed seed. A crash found once stays fixed;
/// the long libFuzzer runs are in Fuzz/ (docs/fuzzing.md).
@Suite struct FuzzSmokeTests {
    static let corpus = CLI.packageRoot.appendingPathComponent("Fuzz/corpus")
    /// Mutated inputs per target: a few seconds each in a debug build.
    static let budget: [FuzzTarget: Int] = [
        .script: 1_500, .tree: 600, .expression: 4_000, .json: 4_000, .har: 300, .advice: 3_000, .oauth: 3_000,
        .rakuten: 3_000, .report: 400, .webauthn: 3_000, .passkey: 3_000, .headers: 3_000, .load: 300,
        .markdown: 600,
        .capture: 1_000,
    ]
    /// One input that takes longer than this is reported as a hang (each takes milliseconds).
    static let slowInput: Duration = TestTime.duration(30)

    @Test(arguments: FuzzTarget.allCases)
    func mutatedInputsNeitherCrashNorHang(_ target: FuzzTarget) throws {
        let seeds = try Self.seeds(of: target)
        #expect(!seeds.isEmpty, "no seeds in Fuzz/corpus/\(target.rawValue)")
        let index = FuzzTarget.allCases.firstIndex(of: target) ?? 0
        // JOURNEY_FUZZ_SCALE=50 JOURNEY_FUZZ_SEED=7 run longer, or other inputs (docs/fuzzing.md).
        let environment = ProcessInfo.processInfo.environment
        let scale = environment["JOURNEY_FUZZ_SCALE"].flatMap { Int($0) } ?? 1
        let seed = environment["JOURNEY_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x1EE7_F022
        var mutator = Mutator(seed: seed + UInt64(index), seeds: seeds)
        for seed in seeds { try Self.feed(seed, to: target) }
        for _ in 0..<((Self.budget[target] ?? 0) * scale) { try Self.feed(mutator.next(), to: target) }
    }

    static func feed(_ input: [UInt8], to target: FuzzTarget) throws {
        let clock = ContinuousClock()
        let elapsed = clock.measure { target.run(input) }
        if target == .script { expectEveryErrorIsPlaced(input) }
        if elapsed > slowInput {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "journey-slow-\(target.rawValue)-\(UUID().uuidString)")
            try Data(input).write(to: file)
            Issue.record("\(target.rawValue): one input took \(elapsed); saved as \(file.path)")
        }
    }

    /// Every error lint gives a script, however mangled, names file:line:col (issue 16, item 13).
    static func expectEveryErrorIsPlaced(_ input: [UInt8]) {
        var diagnostics: [Diagnostic]
        do {
            let text = try SourceFile.decode(input, file: "fuzz.yaml")
            let (script, found) = ScriptLoader.lint(text: text, file: "fuzz.yaml")
            diagnostics = found
            if let script {
                do {
                    diagnostics += try JourneyCompiler.compile(script).warnings
                } catch {
                    diagnostics += error.diagnostics
                }
            }
        } catch {
            diagnostics = [error]
        }
        for diagnostic in diagnostics where diagnostic.severity == .error && diagnostic.location == nil {
            Issue.record("an error without file:line:col: \(diagnostic.message)")
        }
    }

    static func seeds(of target: FuzzTarget) throws -> [[UInt8]] {
        let folder = corpus.appendingPathComponent(target.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
    }
}

/// Derives inputs from seeds by a few random edits each: bit flips, syntax bytes, cut, copied
/// and repeated ranges (deep nesting, long lines), splices of two seeds. Same seed, same inputs.
struct Mutator {
    private var random: SeededGenerator
    private let seeds: [[UInt8]]
    private static let syntax = Array("{}[]:-&*!|>#%@`'\"\\\n \t,?".utf8) + [0, 0xFF, 0xC3]
    private static let tokens = [
        "{{ ", " }}", "lower(", "*a", "&a ", "<<: ", "!!binary ", "1e308", "-1", "99999999999999999999", "null",
        "~", "\"\\u0000\"", "%YAML 1.1\n", "---\n", "? ", "command: [x]", "uses: x.yaml", "kind: simulator\n",
    ].map { Array($0.utf8) }

    init(seed: UInt64, seeds: [[UInt8]]) {
        random = SeededGenerator(seed: seed)
        self.seeds = seeds.isEmpty ? [[]] : seeds
    }

    mutating func next() -> [UInt8] {
        var bytes = seeds[pick(seeds.count)]
        for _ in 0...pick(4) { mutate(&bytes) }
        return bytes
    }

    private mutating func pick(_ count: Int) -> Int { count <= 1 ? 0 : Int(random.next() % UInt64(count)) }

    private mutating func range(in bytes: [UInt8], upTo length: Int) -> Range<Int> {
        let start = pick(bytes.count + 1)
        return start..<min(bytes.count, start + 1 + pick(length))
    }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        switch pick(7) {
        case 0 where !bytes.isEmpty:
            bytes[pick(bytes.count)] ^= UInt8(1) << UInt8(pick(8))
        case 1 where !bytes.isEmpty:
            bytes[pick(bytes.count)] = Self.syntax[pick(Self.syntax.count)]
        case 2:
            bytes.removeSubrange(range(in: bytes, upTo: 32))
        case 3:
            let copied = bytes[range(in: bytes, upTo: 64)]
            bytes.insert(contentsOf: copied, at: pick(bytes.count + 1))
        case 4:
            bytes.insert(contentsOf: Self.tokens[pick(Self.tokens.count)], at: pick(bytes.count + 1))
        case 5:
            let other = seeds[pick(seeds.count)]
            let part = other[range(in: other, upTo: 256)]
            bytes.replaceSubrange(range(in: bytes, upTo: 256), with: part)
        default:
            let repeated = Array(bytes[range(in: bytes, upTo: 8)])
            let times = 1 + pick(500)
            bytes.insert(contentsOf: (0..<times).flatMap { _ in repeated }, at: pick(bytes.count + 1))
        }
    }
}
