import Foundation
import JourneyTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A misbehaving HTTP/1.1 server on 127.0.0.1 (ephemeral port) for the hostile-server tests. The
/// first path segment picks the misbehaviour, so a script's `server.url` is
/// `http://127.0.0.1:<port>/<behaviour>/am`. Each connection gets its own thread and one request.
final class HostileServer: Sendable {
    enum Behaviour: String, CaseIterable {
        /// Headers at once, then the body one byte every half second.
        case drip
        /// Escape sequences and newlines in the stage, header, prompt and failure message, and a C1 CSI
        /// in a response header (an ESC there is refused by the client's HTTP parser).
        case escapes
        /// `{"tokenId": 12345}`: a success whose tokenId is a number.
        case numericToken
        /// A step whose callback has two inputs named `IDToken1`.
        case duplicateInputs
        /// A step whose `callbacks` is an object.
        case callbacksNotArray
        /// 302 to the same URL, every time.
        case redirect
        /// A JSON body larger than the runner's response limit.
        case huge
        /// The same without a Content-Length: the body runs until the connection closes.
        case hugeUnsized
        /// A gzip body of 20 KB that inflates to 20 MB (Tests/BadInputs/gzip-bomb-20mb-spaces.gz).
        case gzipBomb
        /// A NameCallback step; the answer `hang-me` is never answered.
        case hangOnValue
        /// A PollingWaitCallback whose `waitTime` is 1e308 (it once trapped the runner).
        case hugeWaitTime
        /// A step and a success that echo what the client sent as whole fields: the stage, a
        /// TextOutputCallback's message, the realm and the successUrl.
        case echo
        /// A 1 MB step, for ever: the run ends at limits.maxSteps with bounded reports.
        case bigLoop
    }

    private let server: LoopbackServer

    var port: Int { server.port }

    /// The base URL a script uses for `behaviour`.
    func baseURL(_ behaviour: Behaviour) -> String { "http://127.0.0.1:\(port)/\(behaviour.rawValue)/am" }

    init() throws {
        server = try LoopbackServer(serve: Self.serve)
    }

    /// Stops accepting; open connections end when their client goes.
    func stop() { server.stop() }

    // MARK: One connection

    private static func serve(_ connection: Int32) {
        guard let (path, body) = readRequest(connection) else { return }
        let segment = path.split(separator: "/").first.map(String.init) ?? ""
        let isStart = !body.contains("authId")
        switch Behaviour(rawValue: segment) {
        case .drip:
            // 2,400 bytes: twenty minutes at this pace, far past any timeout and any test's guard.
            let json =
                Data(#"{"tokenId":"t","successUrl":"/am/console","realm":"/"}"#.utf8)
                + Data(repeating: 0x20, count: 2_346)
            guard write(connection, head(200, length: json.count)) else { return }
            for byte in json {
                guard write(connection, Data([byte])) else { return }
                usleep(500_000)
            }
        case .escapes:
            if isStart {
                let step = #"""
                    {"authId":"a","stage":"\u001b[2Jstage","header":"\u001b]0;pwned\u0007Sign in","callbacks":[
                    {"type":"NameCallback","output":[{"name":"prompt","value":"User\u001b[2J\u001b[H\n✔ passed  Name"}],
                    "input":[{"name":"IDToken1","value":""}]}]}
                    """#
                _ = write(
                    connection, head(200, length: step.utf8.count, extra: "X-Evil: a\u{9B}31mred\r\n") + Data(step.utf8)
                )
            } else {
                let failure = #"{"code":401,"reason":"Unauthorized","message":"\u001b[32m\u2714 passed\u001b[0m\nbye"}"#
                _ = write(connection, head(401, length: failure.utf8.count) + Data(failure.utf8))
            }
        case .numericToken:
            respond(connection, #"{"tokenId":12345,"successUrl":"/am/console","realm":"/"}"#)
        case .duplicateInputs:
            respond(
                connection,
                #"{"authId":"a","callbacks":[{"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":""},{"name":"IDToken1","value":""}]}]}"#
            )
        case .callbacksNotArray:
            respond(connection, #"{"authId":"a","callbacks":{"type":"NameCallback"}}"#)
        case .redirect:
            _ = write(connection, head(302, length: 0, extra: "Location: /\(path)\r\n"))
        case .huge:
            let size = 9 * 1024 * 1024
            guard write(connection, head(200, length: size + 2)) else { return }
            let chunk = Data(repeating: 0x20, count: 64 * 1024)
            guard write(connection, Data("[".utf8)) else { return }
            for _ in 0..<(size / chunk.count) where !write(connection, chunk) { return }
            _ = write(connection, Data("]".utf8))
        case .hugeUnsized:
            let head = "HTTP/1.1 200 X\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n["
            guard write(connection, Data(head.utf8)) else { return }
            let chunk = Data(repeating: 0x20, count: 64 * 1024)
            for _ in 0..<(9 * 16) where !write(connection, chunk) { return }
            _ = write(connection, Data("]".utf8))
        case .gzipBomb:
            let bomb =
                (try? Data(
                    contentsOf: Repository.root.appendingPathComponent("Tests/BadInputs/gzip-bomb-20mb-spaces.gz")))
                ?? Data()
            guard write(connection, head(200, length: bomb.count, extra: "Content-Encoding: gzip\r\n")) else { return }
            _ = write(connection, bomb)
        case .hangOnValue:
            if body.contains("hang-me") {
                var byte: UInt8 = 0
                _ = recv(connection, &byte, 1, 0)  // until the client goes away
                return
            }
            if isStart {
                respond(
                    connection,
                    #"{"authId":"a","callbacks":[{"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":""}]}]}"#
                )
            } else {
                respond(connection, #"{"tokenId":"t","successUrl":"/am/console","realm":"/"}"#)
            }
        case .hugeWaitTime:
            respond(
                connection,
                #"{"authId":"a","callbacks":[{"type":"PollingWaitCallback","output":[{"name":"waitTime","value":1e308},{"name":"message","value":"Wait"}]}]}"#
            )
        case .echo:
            let sent = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
            let callbacks = sent?["callbacks"] as? [[String: Any]] ?? []
            let inputs = callbacks.flatMap { $0["input"] as? [[String: Any]] ?? [] }
            let outputs = callbacks.flatMap { $0["output"] as? [[String: Any]] ?? [] }
            // The password sent at step 2; at step 3 the message that echoed it, sent back.
            let message = outputs.first { ($0["name"] as? String) == "message" }?["value"] as? String
            let echoed = message ?? (inputs.last?["value"] as? String) ?? ""
            let text =
                String(data: (try? JSONSerialization.data(withJSONObject: [echoed])) ?? Data(), encoding: .utf8)
                ?? "[\"\"]"
            let quoted = String(text.dropFirst().dropLast())
            if isStart {
                respond(
                    connection,
                    #"{"authId":"a","stage":"Login","callbacks":[{"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken1","value":""}]}]}"#
                )
            } else if !body.contains("IDToken2") {
                respond(
                    connection,
                    #"{"authId":"b","stage":"# + quoted
                        + #","callbacks":[{"type":"TextOutputCallback","output":[{"name":"message","value":"# + quoted
                        + #"},{"name":"messageType","value":"0"}]},{"type":"NameCallback","output":[{"name":"prompt","value":"Again"}],"input":[{"name":"IDToken2","value":""}]}]}"#
                )
            } else {
                respond(connection, #"{"tokenId":"t","successUrl":"# + quoted + #","realm":"# + quoted + #"}"#)
            }
        case .bigLoop:
            let message = String(repeating: "x", count: 1 << 20)
            respond(
                connection,
                #"{"authId":"a","callbacks":[{"type":"TextOutputCallback","output":[{"name":"message","value":""#
                    + message
                    + #""},{"name":"messageType","value":"0"}]},{"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":""}]}]}"#
            )
        case nil:
            respond(connection, #"{"code":404,"reason":"Not Found","message":"no such behaviour"}"#, status: 404)
        }
    }

    private static func respond(_ connection: Int32, _ json: String, status: Int = 200) {
        _ = write(connection, head(status, length: json.utf8.count) + Data(json.utf8))
    }

    private static func head(_ status: Int, length: Int, extra: String = "") -> Data {
        Data(
            ("HTTP/1.1 \(status) X\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n"
                + "Connection: close\r\n\(extra)\r\n").utf8)
    }

    /// The path (without its leading slash) and the body of one request.
    static func readRequest(_ connection: Int32) -> (String, String)? {
        LoopbackSocket.readRequest(connection).map { ($0.path, String(decoding: $0.body, as: UTF8.self)) }
    }

    /// Writes all of `data`; false once the client has gone.
    private static func write(_ connection: Int32, _ data: Data) -> Bool {
        LoopbackSocket.write(connection, data)
    }
}
