import Foundation

/// Why a body could not be read as JSON.
package struct JSONDecodingFailure: Error, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

extension JSONValue {
    /// Parses JSON text (RFC 8259, strict). Keys are kept; their order is not (output is sorted,
    /// see `encoded`). Uses the project's byte-level reader: Foundation's JSONDecoder into an
    /// enum was a quarter of the runner's time per step (docs/decisions.md).
    package static func parse(_ data: Data) throws(JSONDecodingFailure) -> JSONValue {
        // Read in place: copying the body into an array first was a visible part of every parse.
        let result = data.withUnsafeBytes { raw in
            Result { () throws(JSONSyntaxError) in try JSONReader.parse(raw.assumingMemoryBound(to: UInt8.self)) }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw JSONDecodingFailure(message: error.description)
        }
    }

    package static func parse(_ text: String) throws(JSONDecodingFailure) -> JSONValue {
        try parse(Data(text.utf8))
    }

    /// Compact JSON with sorted keys: deterministic, so recordings and diffs are stable.
    package var encoded: Data { Data(fastJSON) }

    package var compactJSON: String { fastJSONString }
}
