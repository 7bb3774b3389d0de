import Foundation

/// Why a body could not be read as JSON.
public struct JSONDecodingFailure: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

extension JSONValue {
    /// Parses JSON text. Keys are kept; their order is not (output is sorted, see `encoded`).
    public static func parse(_ data: Data) throws(JSONDecodingFailure) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            throw JSONDecodingFailure(message: underlying ?? context.debugDescription)
        } catch {
            throw JSONDecodingFailure(message: "\(error)")
        }
    }

    public static func parse(_ text: String) throws(JSONDecodingFailure) -> JSONValue {
        try parse(Data(text.utf8))
    }

    /// Compact JSON with sorted keys: deterministic, so recordings and diffs are stable.
    public var encoded: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }

    /// Indented JSON with sorted keys, for humans.
    public var prettyEncoded: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }

    public var compactJSON: String { String(decoding: encoded, as: UTF8.self) }
    public var prettyJSON: String { String(decoding: prettyEncoded, as: UTF8.self) }
}
