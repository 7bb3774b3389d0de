import Foundation
import JourneyCore

/// A recording that cannot be used: not a file, not JSON, not a HAR, or without the traffic needed.
public struct RecordingError: Error, Sendable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Reads HAR files, whoever wrote them, and undoes their body encodings.
package enum HARReader {
    /// The HAR document in the file at `path`.
    package static func read(path: String) throws(RecordingError) -> HARDocument {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw RecordingError("\(path) is a folder, not a HAR file")
        }
        let data: Data
        do {
            data = try SourceFile.bytes(path, limit: maximumFileBytes, what: "a recording")
        } catch {
            throw RecordingError("cannot read the recording \(path): \(error.message)")
        }
        return try read(data: data, name: path)
    }

    /// The largest HAR file read (its bodies may then inflate up to ``Inflate/maximumOutput`` each).
    package static let maximumFileBytes = 256 << 20

    /// The HAR document in `data`; `name` is used in messages. Decoded once; only a file that
    /// does not decode is parsed again, to say whether it is not JSON or not a HAR.
    package static func read(data: Data, name: String) throws(RecordingError) -> HARDocument {
        if data.isEmpty { throw RecordingError("\(name) is empty, not a HAR file") }
        let decodingError: any Error
        do {
            return try JSONDecoder().decode(HARDocument.self, from: data)
        } catch {
            decodingError = error
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(data)
        } catch {
            let hint = looksTruncated(data) ? " (the file looks truncated: it ends before the JSON does)" : ""
            throw RecordingError("\(name) is not a HAR file: it is not valid JSON\(hint): \(error.message)")
        }
        guard let log = json["log"], log.objectValue != nil else {
            throw RecordingError(
                "\(name) is not a HAR file: it has no top-level \"log\" object (HAR 1.2 files start with {\"log\": {\"version\": \"1.2\", ...}})"
            )
        }
        guard log["entries"]?.arrayValue != nil else {
            throw RecordingError("\(name) is not a HAR file: \"log\" has no \"entries\" array")
        }
        if let error = decodingError as? DecodingError {
            throw RecordingError("\(name) is not a valid HAR file: \(describe(error))")
        }
        throw RecordingError("\(name) is not a valid HAR file: \(decodingError)")
    }

    /// A file that starts as a JSON object and does not end as one; text that is no JSON at
    /// all is not called truncated.
    private static func looksTruncated(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let tail = String(decoding: data.suffix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return head.hasPrefix("{") && !tail.hasSuffix("}")
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath)) has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    // MARK: Bodies

    /// The request body bytes (empty for a request without `postData`).
    package static func requestBody(_ request: HARRequest) -> Data {
        Data((request.postData?.text ?? "").utf8)
    }

    /// The response body bytes: base64 decoded (a JSON array of base64 chunks too, as Polly.js
    /// writes content-encoded bodies), hex chunks of older Polly.js versions, and gzip or zlib
    /// compression undone.
    package static func responseBody(_ response: HARResponse) throws(RecordingError) -> Data {
        guard let text = response.content.text, !text.isEmpty else { return Data() }
        let headers = response.headers
        let contentEncoding =
            headers.first(where: { HTTPText.namesMatch($0.name, "content-encoding") })?.value.lowercased() ?? ""
        var bytes: Data
        if response.content.encoding?.lowercased() == "base64" {
            if let chunks = chunkArray(text) {
                bytes = Data()
                for chunk in chunks {
                    guard let decoded = base64(chunk) else {
                        throw RecordingError("a response body chunk is not valid base64")
                    }
                    bytes.append(decoded)
                }
            } else {
                guard let decoded = base64(text) else {
                    throw RecordingError("a response body marked base64 is not valid base64")
                }
                bytes = decoded
            }
        } else if !contentEncoding.isEmpty, contentEncoding != "identity", let chunks = chunkArray(text),
            let decoded = hexChunks(chunks)
        {
            bytes = decoded
        } else {
            return Data(text.utf8)
        }
        do {
            if Inflate.isGzip(bytes) {
                bytes = try Inflate.gunzip(bytes)
            } else if contentEncoding == "deflate" {
                bytes = Inflate.isZlib(bytes) ? try Inflate.unzlib(bytes) : try Inflate.inflateRaw(bytes)
            }
        } catch {
            throw RecordingError("a compressed response body cannot be decompressed: \(error)")
        }
        return bytes
    }

    private static func chunkArray(_ text: String) -> [String]? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("["), let json = try? JSONValue.parse(trimmed), let items = json.arrayValue else {
            return nil
        }
        let strings = items.compactMap(\.stringValue)
        return strings.count == items.count ? strings : nil
    }

    /// Standard base64 or base64url, padding optional, whitespace (line breaks) ignored.
    private static func base64(_ text: String) -> Data? {
        Base64URL.decode(text.filter { !$0.isWhitespace })
    }

    private static func hexChunks(_ chunks: [String]) -> Data? {
        var data = Data()
        for chunk in chunks {
            guard chunk.count % 2 == 0 else { return nil }
            var index = chunk.startIndex
            while index < chunk.endIndex {
                let next = chunk.index(index, offsetBy: 2)
                guard let byte = UInt8(chunk[index..<next], radix: 16) else { return nil }
                data.append(byte)
                index = next
            }
        }
        return data
    }

    // MARK: Times

    /// An ISO 8601 time as HAR writes it, with or without fractional seconds.
    package static func date(_ text: String) -> Date? {
        ReportTime.date(parsing: text)
    }

    /// A time as HAR writes it: ISO 8601, UTC, milliseconds.
    package static func string(_ date: Date) -> String {
        ReportTime.iso8601(date, fractionalSeconds: true)
    }
}
