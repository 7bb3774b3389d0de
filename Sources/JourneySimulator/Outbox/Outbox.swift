import Foundation
import JourneyCore
import Synchronization

/// One message the simulator "sent": an email or SMS with a code or a resume link.
public struct OutboxMessage: Sendable, Hashable {
    public enum Channel: String, Sendable {
        case email, sms
    }

    public var channel: Channel
    public var subject: String
    public var body: String
    /// The one-time code, for OTP messages.
    public var code: String?
    /// The resume link, for suspend messages.
    public var link: String?
    /// The suspendedId inside `link`.
    public var suspendedId: String?
    public var time: Date

    var json: JSONValue {
        var object: [String: JSONValue] = [
            "channel": .string(channel.rawValue), "subject": .string(subject), "body": .string(body),
            "time": .string(ISO8601.format(time)),
        ]
        if let code { object["code"] = .string(code) }
        if let link { object["link"] = .string(link) }
        if let suspendedId { object["suspendedId"] = .string(suspendedId) }
        return .object(object)
    }
}

/// Messages per recipient (exact strings), newest last.
final class Outbox: Sendable {
    private let messages = Mutex<[String: [OutboxMessage]]>([:])

    func send(_ message: OutboxMessage, to recipient: String) {
        messages.withLock { $0[recipient, default: []].append(message) }
    }

    func messages(for recipient: String) -> [OutboxMessage] {
        messages.withLock { $0[recipient] ?? [] }
    }

    func clear(_ recipient: String) {
        _ = messages.withLock { $0.removeValue(forKey: recipient) }
    }

    /// The body of `GET /__simulator/outbox/<recipient>`.
    func json(for recipient: String) -> JSONValue {
        ["recipient": .string(recipient), "messages": .array(messages(for: recipient).map(\.json))]
    }
}

/// ISO 8601 timestamps in UTC with milliseconds, e.g. `2026-01-01T00:00:00.000Z`.
enum ISO8601 {
    static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

extension ISO8601 {
    /// Without fractional seconds: `2026-01-01T00:00:00Z`.
    static func seconds(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}
