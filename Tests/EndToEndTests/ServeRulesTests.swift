import Foundation
import JourneyCore
import JourneyKit
import Testing

/// `journey serve` turns away a request it cannot read as `journey simulate` (and AM) does: the
/// rules live in `AMRequestRules`, which both use.
@Suite struct ServeRulesTests {
    static let start = "/am/json/realms/root/realms/alpha/authenticate?authIndexType=service&authIndexValue=Login"

    static func served(_ target: String, contentType: String?, body: String) throws -> RecordedServer.Reply {
        let path = CLI.packageRoot.appendingPathComponent("journeys/recordings/login.har").path
        let server = RecordedServer(recording: try Recording.load(path: path))
        let headers = contentType.map { [HeaderField("Content-Type", $0)] } ?? []
        return server.handle(method: "POST", target: target, headers: headers, body: Data(body.utf8))
    }

    static func expect(_ reply: RecordedServer.Reply, _ error: AMError) {
        #expect(reply.status == error.code)
        #expect((try? JSONValue.parse(reply.body)) == error.json, "\(String(decoding: reply.body, as: UTF8.self))")
    }

    @Test func malformedJSONIs400() throws {
        Self.expect(
            try Self.served(Self.start, contentType: "application/json", body: "{not json"), AMRequestRules.invalidJSON)
    }

    @Test func aWrongContentTypeIs415() throws {
        Self.expect(
            try Self.served(Self.start, contentType: "text/plain", body: "{}"), AMRequestRules.unsupportedMediaType)
    }

    @Test func aRealmTheRecordingDoesNotHoldIs400() throws {
        let target = Self.start.replacingOccurrences(of: "realms/alpha", with: "realms/nope")
        Self.expect(
            try Self.served(target, contentType: "application/json", body: "{}"), AMRequestRules.invalidRealm("/nope"))
    }

    @Test func aGoodStartIsStillServed() throws {
        let reply = try Self.served(Self.start, contentType: "application/json", body: "{}")
        #expect(reply.status == 200)
        let empty = try Self.served(Self.start, contentType: nil, body: "")
        #expect(empty.status == 200)
    }
}
