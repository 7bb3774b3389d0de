import CYaml

/// Checks a YAML text's cost before it is composed: how many nodes it holds once every alias
/// is expanded. An alias bomb ("billion laughs": ten aliases of ten aliases of ...) is a few
/// hundred bytes that expand to billions of nodes; it is rejected here, in one streaming pass
/// over libyaml's events that never expands anything.
package enum YAMLBudget {
    /// The most nodes a document may hold after alias expansion. A 1 MiB file without
    /// aliases holds at most about 260,000 nodes, so only aliases reach this.
    package static let maximumExpandedNodes = 500_000

    /// A problem found by the pass: the message and where (1-based line and column).
    package struct Overrun: Error, Equatable {
        package var message: String
        package var line: Int
        package var column: Int
    }

    /// Throws when the document expands past `limit` nodes. Syntax errors are left for the
    /// composer to report (the pass stops at the first one).
    package static func check(_ text: String, limit: Int = maximumExpandedNodes) throws(Overrun) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBufferPointer { (buffer) throws(Overrun) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            try walk(&parser, limit: limit)
        }
    }

    private struct Frame {
        var nodes = 1
        var anchor: String?
    }

    private static func walk(_ parser: inout yaml_parser_t, limit: Int) throws(Overrun) {
        var anchors: [String: Int] = [:]
        var frames: [Frame] = []
        var total = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return }
            defer { yaml_event_delete(&event) }
            let mark = event.start_mark
            var added = 0
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return
            case YAML_SCALAR_EVENT:
                added = 1
                if let anchor = string(event.data.scalar.anchor) { anchors[anchor] = 1 }
            case YAML_ALIAS_EVENT:
                added = string(event.data.alias.anchor).flatMap { anchors[$0] } ?? 0
            case YAML_SEQUENCE_START_EVENT:
                frames.append(Frame(anchor: string(event.data.sequence_start.anchor)))
                total += 1
            case YAML_MAPPING_START_EVENT:
                frames.append(Frame(anchor: string(event.data.mapping_start.anchor)))
                total += 1
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = frames.popLast() else { return }
                if let anchor = frame.anchor { anchors[anchor] = frame.nodes }
                if !frames.isEmpty { frames[frames.count - 1].nodes += frame.nodes }
            default:
                break
            }
            if added > 0 {
                total += added
                if !frames.isEmpty { frames[frames.count - 1].nodes += added }
            }
            if total > limit {
                throw Overrun(
                    message:
                        "the document holds more than \(limit) nodes once its aliases are expanded (the alias expansion limit)",
                    line: Int(mark.line) + 1, column: Int(mark.column) + 1)
            }
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
    }
}
