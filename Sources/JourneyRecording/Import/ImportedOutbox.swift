import JourneyCore
import Yams

/// The simulator's outbox reads in a recording (`GET /__simulator/outbox/<recipient>`): a
/// secret the client sent that it had read there (a one-time code mailed to the user) is
/// imported as the same outbox read, `{ outbox: { to, field }, secret: true }`, so the script
/// reads the new code on every run instead of a recorded one.
struct ImportedOutbox {
    struct Read {
        var value: String
        var recipient: String
        var field: String
    }

    let reads: [Read]

    init(_ exchanges: [RecordedExchange]) {
        var reads: [Read] = []
        for exchange in exchanges where exchange.kind == .outbox && exchange.method == "GET" {
            guard let json = exchange.responseJSON, let recipient = json["recipient"]?.stringValue else { continue }
            for message in json["messages"]?.arrayValue ?? [] {
                for field in ["code", "link"] {
                    if let value = message[field]?.stringValue, !value.isEmpty {
                        reads.append(Read(value: value, recipient: recipient, field: field))
                    }
                }
            }
        }
        self.reads = reads
    }

    /// The outbox read of `value`, the last one recorded, as a handler's value.
    func source(for value: String) -> Node? {
        guard let read = reads.last(where: { $0.value == value }) else { return nil }
        return .flow([
            ("outbox", .flow([("to", ImportedText.template(read.recipient)), ("field", .plain(read.field))])),
            ("secret", .plain("true")),
        ])
    }
}
