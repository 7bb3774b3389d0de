import Foundation

/// A 200 response that carries an `authId`: the journey waits for the client's answers.
package struct AMStep: Sendable, Hashable {
    package var authId: String
    package var callbacks: [AMCallback]
    package var stage: String?
    package var header: String?
    package var description: String?
    /// Members the runner does not interpret, echoed back untouched.
    package var extra: [String: JSONValue]

    package init(
        authId: String, callbacks: [AMCallback], stage: String? = nil, header: String? = nil,
        description: String? = nil, extra: [String: JSONValue] = [:]
    ) {
        self.authId = authId
        self.callbacks = callbacks
        self.stage = stage
        self.header = header
        self.description = description
        self.extra = extra
    }

    /// Reads a step body. Returns `nil` when there is no string `authId`.
    package init?(json: JSONValue) {
        guard case .object(let object) = json, let authId = object["authId"]?.stringValue else {
            return nil
        }
        self.authId = authId
        self.callbacks = (object["callbacks"]?.arrayValue ?? []).compactMap(AMCallback.init(json:))
        self.stage = object["stage"]?.stringValue
        self.header = object["header"]?.stringValue
        self.description = object["description"]?.stringValue
        self.extra = object.members(otherThan: Self.members)
        if stage == nil {
            // AM 6.5.2 delivered the stage in a MetadataCallback.
            stage = callbacks.first(where: { $0.hasType(.metadata) })?.output("data")?["stage"]?.stringValue
        }
    }

    /// The members this type reads; any other is kept in `extra` and echoed.
    static let members = ["authId", "callbacks", "stage", "header", "description"]

    package var json: JSONValue {
        var object = extra
        // At its final size at once: growing it member by member rehashed it (a continue request per step).
        object.reserveCapacity(extra.count + 5)
        object["authId"] = .string(authId)
        object["callbacks"] = .array(callbacks.map(\.json))
        if let stage { object["stage"] = .string(stage) }
        if let header { object["header"] = .string(header) }
        if let description { object["description"] = .string(description) }
        return .object(object)
    }
}
