import Foundation

extension AMStep {
    /// `json.encoded`, written straight from the step: no dictionary is built, hashed or sorted
    /// for a continue request (one per step). The keys come in the same sorted order, so the
    /// bytes are the same (`AMStepWritingTests`); a part with unknown members is written through its JSON.
    package var encodedJSON: Data {
        guard extra.isEmpty else { return json.encoded }
        var writer = JSONWriter(capacity: 256 + authId.utf8.count)
        writer.object { members in
            members.member("authId", string: authId)
            members.member("callbacks") { writer in
                writer.array(callbacks) { writer, callback in callback.write(into: &writer) }
            }
            if let description { members.member("description", string: description) }
            if let header { members.member("header", string: header) }
            if let stage { members.member("stage", string: stage) }
        }
        return Data(writer.bytes)
    }
}

extension AMCallback {
    /// The callback as `json` writes it: `_id`, `input`, `output`, `type`, in sorted order.
    func write(into writer: inout JSONWriter) {
        guard extra.isEmpty, output.allSatisfy({ $0.extra.isEmpty }), (input ?? []).allSatisfy({ $0.extra.isEmpty })
        else {
            writer.value(json)
            return
        }
        writer.object { members in
            if let id { members.member("_id", id) }
            if let input {
                members.member("input") { writer in writer.array(input) { $1.write(into: &$0) } }
            }
            members.member("output") { writer in writer.array(output) { $1.write(into: &$0) } }
            members.member("type", string: type)
        }
    }
}

extension NameValue {
    /// A pair without unknown members: `{"name":…,"value":…}`.
    fileprivate func write(into writer: inout JSONWriter) {
        writer.object { members in
            members.member("name", string: name)
            members.member("value", value)
        }
    }
}
