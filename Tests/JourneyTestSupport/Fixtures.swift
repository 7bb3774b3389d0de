import Foundation
import JourneyCore
import Testing

/// Fixture bodies kept in the repository (`Tests/Fixtures`, see its INDEX.md).
package enum Fixtures {
    package static let root = Repository.fixtures

    /// The fixture's JSON tree, as the server sent it. Documentation examples without an
    /// `authId` (MetadataCallback.json) get a placeholder one, so they read as a step.
    package static func json(_ path: String) throws -> JSONValue {
        let json = try JSONValue.parse(Data(contentsOf: root.appendingPathComponent(path)))
        guard case .object(var body) = json, body["authId"] == nil else { return json }
        body["authId"] = "doc-example"
        return .object(body)
    }

    /// The fixture read as a step.
    package static func step(_ path: String) throws -> AMStep {
        try #require(AMStep(json: json(path)))
    }
}
