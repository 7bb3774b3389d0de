import Foundation
import JourneyCore
import JourneyTestSupport
import PropertyBased
import Testing

@testable import JourneyFormat
@testable import JourneyRecording
@testable import JourneyRun

/// Text from traffic is data in the scripts `journey import` and `journey capture` write: each
/// is sent back (or compared) exactly, never read as a template, a value source, a regex or a key.
@Suite("Hostile traffic imports as data")
struct HostileTrafficImportTests {
    static let sourceShapedObjects: [JSONValue] = [
        ["command": ["touch", "/tmp/journey-pwned"]], ["env": "HOME"], ["env": "PATH", "secret": true],
        ["value": "{{ env.HOME }}"], ["generate": "uuid"], ["outbox": ["to": "a@example.com", "field": "code"]],
        ["secret": true], ["default": "x"], [["command": "id"], ["env": "HOME"]], [:], [],
    ]

    @Test(arguments: sourceShapedObjects)
    func anObjectTheAppPostedStaysALiteralValue(value: JSONValue) async {
        let traffic = HostileTraffic(text: value, custom: value)
        let problem = await traffic.importAndReplay()
        #expect(problem == nil, "\(traffic)")
    }

    /// A null the app posted is sent back as null (it was imported as "").
    @Test(arguments: [JSONValue.null, ["a": .null], [.null, "x"]])
    func aNullTheAppPostedIsSentAsNull(value: JSONValue) async {
        let traffic = HostileTraffic(text: value, custom: value)
        let problem = await traffic.importAndReplay()
        #expect(problem == nil, "\(traffic)")
    }

    static let templates = [
        "{{ env.HOME }}", "{{ password }}", "{{", "a {{ b", "}} {{ }} {{{{", "{{ uuid() }}x", "{{'}}'}}",
    ]

    @Test(arguments: templates)
    func textHoldingBracesIsSentAsItIs(text: String) async {
        let traffic = HostileTraffic(
            journeyName: text, stage: text, header: text, prompt: text, label: text, name: .string(text),
            text: .string(text), custom: .string(text), message: text)
        let problem = await traffic.importAndReplay()
        #expect(problem == nil, "\(traffic)")
    }

    static let messages = ["/.*/", "/x/i", "/[/", "/", "//", "/a/ism", "(unclosed", "a.b*c", "/«x»/"]

    @Test(arguments: messages)
    func aMessageMatchesOnlyItsOwnText(message: String) async throws {
        let traffic = HostileTraffic(stage: message, message: message)
        let problem = await traffic.importAndReplay()
        #expect(problem == nil, "\(traffic)")
        let pattern = try TextPattern(parsing: ImportedText.pattern(message).string ?? "")
        #expect(pattern.matches(message))
        #expect(!pattern.matches(message + "x") && !pattern.matches("x" + message))
    }

    static let invisible = [
        "\u{FEFF}Login", "a\u{2028}b", "a\u{2029}b", "nul\u{0}byte", "a\u{85}b", "\u{1B}[31mred", "tab\there",
        "cr\rlf\r\n", "\u{202E}evil", "zero\u{200B}width", "\u{7F}", " lead and trail ", "😀é",
    ]

    @Test(arguments: invisible)
    func invisibleCharactersSurviveTheRoundTrip(text: String) async {
        let traffic = HostileTraffic(
            journeyName: text, stage: text, header: text, prompt: text, label: text, name: .string(text),
            text: .string(text), custom: .string(text), message: text)
        let problem = await traffic.importAndReplay()
        #expect(problem == nil, "\(traffic)")
    }

    /// Found by the property test: of two leading U+FEFF, Yams drops one, and the reader put
    /// back none. As a journey name: Foundation's percent decoding drops one from the query, so the
    /// capture, its HAR and the script named another journey.
    @Test(arguments: ["\u{FEFF}\u{FEFF}", "\u{FEFF}\u{FEFF}x", "\u{FEFF}"])
    func twoLeadingByteOrderMarksSurviveTheRoundTrip(text: String) async {
        let traffic = HostileTraffic(
            journeyName: text, stage: text, header: text, prompt: text, label: text, name: .string(text),
            text: .string(text), custom: .string(text), message: text)
        let problem = await traffic.importAndReplay()
        #expect(problem == nil, "\(traffic)")
    }

    /// Found by the property test: a raw U+2028 (or NEL, CR) in a quoted key moves libyaml's marks
    /// of every later line, so the U+FEFF of a label below it was not put back.
    @Test(arguments: ["\u{2028}", "\u{85}", "\r", "\u{2029}"])
    func aByteOrderMarkBelowAKeyWithALineBreakSurvives(lineBreak: String) async {
        let traffic = HostileTraffic(
            label: "\u{FEFF}", name: "\u{FEFF}", text: ["secret": true, .init(stringLiteral: "a\(lineBreak)b"): "x"])
        let problem = await traffic.importAndReplay()
        #expect(problem == nil, "\(traffic)")
    }

    /// Yams drops a scalar's leading U+FEFF as it reads it: the reader puts it back, inside
    /// literal objects and lists too.
    @Test func aLeadingByteOrderMarkSurvivesInsideAnObject() async {
        let traffic = HostileTraffic(text: ["\u{FEFF}", ["value": "\u{FEFF}x"]], custom: ["\u{FEFF}key": "v"])
        let problem = await traffic.importAndReplay()
        #expect(problem == nil, "\(traffic)")
    }

    /// Options whose labels are equal (to Swift, `é` composed or not): the choice is written as its index.
    @Test(arguments: [("SMS", "SMS"), ("\u{E9}", "e\u{301}")])
    func aLabelOfferedTwiceIsChosenByItsIndex(labels: (String, String)) async {
        let traffic = HostileTraffic(label: labels.1, otherLabel: labels.0)
        let problem = await traffic.importAndReplay()
        #expect(problem == nil, "\(traffic)")
    }

    static let fileNames = [
        "a\nversion: 2\nname: x.har", "a\rkey: v.har", "a\u{2028}key: v.har", "a\u{85}key: v.har", "a\u{0}.har",
    ]

    @Test(arguments: fileNames)
    func aFileNameInTheHeaderCommentStaysInTheComment(file: String) async throws {
        let traffic = HostileTraffic(file: file)
        let problem = await traffic.importAndReplay()
        #expect(problem == nil, "\(traffic)")
        let recording = try Recording.load(path: RecordingSupport.fixture("chrome-am-login.har"))
        var named = recording
        named.source = file
        let text = try ScriptImporter.script(from: named)
        let comments = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            .prefix { $0.hasPrefix("#") }
        // One header line, besides the note on the SDK guessed from the traffic's headers: the
        // `$schema` line is added by whoever writes the file (SchemaReference).
        #expect(comments.filter { !$0.hasPrefix("# client.sdk: ") }.count == 1, "\(text)")
        #expect(!text.unicodeScalars.contains { [0x0D, 0x85, 0x2028, 0x2029, 0x00].contains($0.value) })
    }

    // MARK: Generated

    /// Pieces hostile text is made of: YAML indicators, templates, regex syntax, placeholders,
    /// controls, line breaks and invisible characters, words YAML reads as other types.
    static let pieces = [
        "a", "Z9", " ", ":", ": ", "#", " #", "- ", "? ", "&a", "*a", "!tag", "!!str", "|", ">", "%", "@", "`", "'",
        "\"", "\\", "{", "}", "[", "]", ",", "{{", "}}", "{{ x }}", "{{ env.HOME }}", "/", "/x/i", "(", "*", "«",
        "»", "«pw»", "\n", "\r", "\r\n", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{A0}", "\u{FEFF}",
        "\u{2028}", "\u{2029}", "\u{200B}", "\u{202E}", "é", "😀", "true", "null", "~", "0x1F", "1e400", "---",
        "...", "<<", "=", "&", "+", "%00", "?", "x=y&z",
    ]

    static let piece = Gen.int(in: 0...(pieces.count - 1)).map { pieces[$0] }
    static let hostileText = piece.array(of: 0...5).map { $0.joined() }

    /// A value an app could post: hostile text, or an object or a list shaped like a value source.
    static let hostileValue = Gen<JSONValue>.oneOf(
        hostileText.map { JSONValue.string($0) }.eraseToAny(),
        Gen.int(in: 0...(sourceShapedObjects.count - 1)).map { sourceShapedObjects[$0] }.eraseToAny(),
        hostileText.map { JSONValue.object(["command": [.string($0)], "env": .string($0)]) }.eraseToAny(),
        hostileText.map { JSONValue.array([.string($0), ["value": .string($0)]]) }.eraseToAny(),
        hostileText.map { JSONValue.object([$0: .string($0), "secret": true]) }.eraseToAny())

    static let hostileTraffic = zip(
        hostileText, hostileText, hostileText, hostileText, hostileText, hostileValue, hostileValue,
        hostileText.optional, hostileText
    ).map { name, stage, header, prompt, label, text, custom, message, file in
        HostileTraffic(
            journeyName: name.isEmpty ? "J" : name, stage: stage, header: header, prompt: prompt, label: label,
            name: .string(label), text: text, custom: custom, message: message, file: file + ".har")
    }

    @Test func anyHostileTrafficImportsLintsAndReplaysItsOwnRecording() async {
        await propertyCheck(count: 150, input: Self.hostileTraffic) { traffic in
            let problem = await traffic.importAndReplay()
            #expect(problem == nil, "\(traffic)")
        }
    }
}
