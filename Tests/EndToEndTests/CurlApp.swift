import Foundation
import JourneyCore
import JourneyTestSupport

/// An app that talks HTTP through curl, as a QA engineer's app or script would: its own cookie
/// jar, no knowledge of journey. The capture tests point it at `journey capture`.
struct CurlApp {
    struct Response {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: String

        var json: JSONValue? { try? JSONValue.parse(Data(body.utf8)) }

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    let jar: URL
    /// The certificate an HTTPS proxy serves, trusted for this app alone.
    let caCertificate: String?

    init(folder: URL, caCertificate: String? = nil) {
        jar = folder.appendingPathComponent("cookies-\(UUID().uuidString).txt")
        self.caCertificate = caCertificate
    }

    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") }

    /// One request; `body` goes as it is with `contentType`.
    func send(
        _ method: String, _ url: String, body: String? = nil, contentType: String = "application/json",
        headers: [String] = []
    ) async throws -> Response {
        var arguments = [
            "-s", "-i", "-X", method, "--max-time", "\(Int(TestTime.request))", "-b", jar.path, "-c", jar.path,
        ]
        if let caCertificate { arguments += ["--cacert", caCertificate] }
        for header in headers { arguments += ["-H", header] }
        if let body {
            arguments += ["-H", "Content-Type: \(contentType)", "--data-binary", body]
        }
        arguments.append(url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let (ended, done) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in done.finish() }
        try process.run()
        let data = await withCheckedContinuation { (continuation: CheckedContinuation<Data, Never>) in
            Thread.detachNewThread { continuation.resume(returning: output.fileHandleForReading.readDataToEndOfFile()) }
        }
        for await _ in ended {}
        return Self.parse(String(decoding: data, as: UTF8.self))
    }

    static func parse(_ text: String) -> Response {
        guard let split = text.range(of: "\r\n\r\n") else { return Response(status: 0, headers: [], body: text) }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Response(status: status, headers: headers, body: String(text[split.upperBound...]))
    }

    /// Walks an AM journey from `start` to its end, answering each callback with `answer`
    /// (type, prompt) → value; returns the last response.
    func walk(_ start: String, answer: (String, String) async throws -> JSONValue) async throws -> Response {
        var response = try await send("POST", start, body: "{}")
        for _ in 0..<10 {
            guard var json = response.json?.objectValue, var callbacks = json["callbacks"]?.arrayValue else {
                return response
            }
            for (index, callback) in callbacks.enumerated() {
                guard var object = callback.objectValue, var inputs = object["input"]?.arrayValue, !inputs.isEmpty
                else { continue }
                let type = object["type"]?.stringValue ?? ""
                let prompt =
                    object["output"]?.arrayValue?.first { $0["name"]?.stringValue == "prompt" }?["value"]?.stringValue
                    ?? ""
                var first = inputs[0].objectValue ?? [:]
                first["value"] = try await answer(type, prompt)
                inputs[0] = .object(first)
                object["input"] = .array(inputs)
                callbacks[index] = .object(object)
            }
            json["callbacks"] = .array(callbacks)
            response = try await send("POST", start, body: JSONValue.object(json).compactJSON)
        }
        return response
    }
}
