/// A ``SequenceDiagram`` placed for SVG: fixed sizes, a monospace font whose width is known,
/// columns as far apart as their widest label needs, one row per arrow or note. The HTML
/// report's template draws it (the `diagram` partial), writing each text through `{{ }}`, which
/// escapes it: the layout holds numbers and plain text only.
struct SequenceDiagramLayout {
    static let charWidth = 7.3
    static let margin = 16.0
    static let boxHeight = 40.0
    static let rowHeight = 30.0
    static let noteHeight = 24.0
    /// The height each further line of a wrapped note adds.
    static let noteLineHeight = 15.0
    /// The narrowest a note wraps to, in a diagram narrower than that.
    static let minimumNoteWidth = 320.0
    static let minimumGap = 60.0
    static let failedColor = "#c62828"
    static let color = "#333"

    struct Box {
        var centre: Double
        var width: Double
        var title: String
        var detail: String
    }

    struct Arrow {
        var from: Double
        var to: Double
        var y: Double
        var label: String
        var dashed: Bool
        var failed: Bool
        var lost: Bool
    }

    struct NoteBox {
        var x: Double
        var y: Double
        var width: Double
        /// The note's text wrapped to its width, one line each.
        var lines: [String]
        var failed: Bool

        var height: Double { SequenceDiagramLayout.noteHeight + Double(lines.count - 1) * noteLineHeight }
    }

    var boxes: [Box] = []
    var arrows: [Arrow] = []
    var notes: [NoteBox] = []
    var width = 0.0
    var height = 0.0
    var lifelineTop = 0.0

    /// Width of a text in the diagram's monospace font: a wide character (CJK, emoji) counts two.
    static func textWidth(_ text: String) -> Double {
        let columns = text.unicodeScalars.reduce(0) { sum, scalar in
            let wide = scalar.value >= 0x2E80 || (scalar.value >= 0x1100 && scalar.properties.isEmojiPresentation)
            return sum + (wide ? 2 : 1)
        }
        return Double(columns) * charWidth
    }

    init(_ diagram: SequenceDiagram) {
        let count = diagram.participants.count
        let boxWidths = diagram.participants.map {
            max(Self.textWidth($0.title), Self.textWidth($0.detail), 60) + 20
        }
        // Each column is placed after the ones before it: far enough from its neighbour for both
        // boxes, and from each earlier column for the widest label of an arrow between them.
        var centres = [Double](repeating: 0, count: count)
        for column in 0..<count {
            if column == 0 {
                centres[0] = Self.margin + boxWidths[0] / 2
                continue
            }
            var centre = centres[column - 1] + (boxWidths[column - 1] + boxWidths[column]) / 2 + Self.minimumGap
            for event in diagram.events {
                guard case .message(let message) = event else { continue }
                let low = min(message.from, message.to)
                let high = max(message.from, message.to)
                guard high == column, low < column, low >= 0 else { continue }
                centre = max(centre, centres[low] + Self.textWidth(Self.label(message)) + 24)
            }
            centres[column] = centre
        }
        boxes = diagram.participants.enumerated().map { index, participant in
            Box(centre: centres[index], width: boxWidths[index], title: participant.title, detail: participant.detail)
        }
        lifelineTop = Self.margin + Self.boxHeight
        var y = lifelineTop + 8
        var right = (centres.last ?? 0) + (boxWidths.last ?? 0) / 2
        // A note wraps inside the width the participants and arrows take (its card), never widening it.
        let columnsRight = right
        for event in diagram.events {
            switch event {
            case .message(let message):
                guard centres.indices.contains(message.from), centres.indices.contains(message.to) else { continue }
                y += Self.rowHeight
                arrows.append(
                    Arrow(
                        from: centres[message.from], to: centres[message.to], y: y, label: Self.label(message),
                        dashed: message.isResponse, failed: message.failed, lost: message.lost))
            case .note(let note):
                guard centres.indices.contains(note.first), centres.indices.contains(note.last) else { continue }
                y += 8
                let left = centres[note.first] - 10
                let span = centres[note.last] + 10 - left
                let available = max(span, columnsRight - left, Self.minimumNoteWidth)
                let lines = Self.wrap(note.text, width: available - 16)
                let width = max(span, (lines.map(Self.textWidth).max() ?? 0) + 16)
                let box = NoteBox(x: left, y: y, width: width, lines: lines, failed: note.failed)
                notes.append(box)
                right = max(right, left + width)
                y += box.height
            }
        }
        height = y + 16 + Self.margin
        width = right + Self.margin
    }

    /// `text` in lines no wider than `width`, broken at spaces; a word wider than that is cut.
    static func wrap(_ text: String, width: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let joined = line.isEmpty ? word : line + " " + word
            if textWidth(joined) <= width {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            for character in word {
                if !line.isEmpty, textWidth(line + String(character)) > width {
                    lines.append(line)
                    line = ""
                }
                line.append(character)
            }
        }
        lines.append(line)
        return lines
    }

    static func label(_ message: SequenceDiagram.Message) -> String {
        message.failed ? "✗ " + message.label : message.label
    }

    /// The values the `diagram` partial draws; every key it tests is present.
    var context: [String: Any] {
        [
            "width": Self.number(width),
            "height": Self.number(height),
            "participants": boxes.map { box -> [String: Any] in
                [
                    "x": Self.number(box.centre - box.width / 2), "y": Self.number(Self.margin),
                    "width": Self.number(box.width), "height": Self.number(Self.boxHeight),
                    "centre": Self.number(box.centre),
                    "titleY": Self.number(Self.margin + (box.detail.isEmpty ? 24 : 17)),
                    "detailY": Self.number(Self.margin + 32),
                    "title": box.title, "detail": box.detail, "hasDetail": !box.detail.isEmpty,
                    "lifelineTop": Self.number(lifelineTop), "lifelineBottom": Self.number(height - Self.margin),
                ]
            },
            "arrows": arrows.map { arrow -> [String: Any] in
                let direction = arrow.to >= arrow.from ? 1.0 : -1.0
                let tip = arrow.to - direction * 1
                let head = [
                    (tip, arrow.y), (tip - direction * 9, arrow.y - 4.5), (tip - direction * 9, arrow.y + 4.5),
                ].map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
                return [
                    "x1": Self.number(arrow.from), "x2": Self.number(tip), "y": Self.number(arrow.y),
                    "labelX": Self.number((arrow.from + arrow.to) / 2), "labelY": Self.number(arrow.y - 6),
                    "label": arrow.label, "dashed": arrow.dashed, "failed": arrow.failed, "lost": arrow.lost,
                    "colour": arrow.failed ? Self.failedColor : Self.color,
                    "head": head,
                    "crossX1": Self.number(tip - 6), "crossX2": Self.number(tip + 6),
                    "crossY1": Self.number(arrow.y - 6), "crossY2": Self.number(arrow.y + 6),
                ]
            },
            "notes": notes.map { note -> [String: Any] in
                let colour = note.failed ? Self.failedColor : Self.color
                return [
                    "x": Self.number(note.x), "y": Self.number(note.y), "width": Self.number(note.width),
                    "height": Self.number(note.height), "failed": note.failed,
                    "lines": note.lines.enumerated().map { index, line -> [String: Any] in
                        [
                            "x": Self.number(note.x + 8),
                            "y": Self.number(note.y + 16 + Double(index) * Self.noteLineHeight),
                            "text": line, "colour": colour,
                        ]
                    },
                    "colour": colour,
                    "fill": note.failed ? "#fdecea" : "#fff8dc",
                ]
            },
        ]
    }

    /// A coordinate with at most one decimal: `12`, `12.5`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
