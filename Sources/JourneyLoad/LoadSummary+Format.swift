import Foundation
import JourneyCore

extension LoadSummary {
    /// The `format` member of every load summary.
    public static let formatName = "journey-load-summary"
    /// The version of the layout this journey writes, and the newest it reads.
    public static let currentVersion = 1

    /// What the file says it is: its `format` and `version` members, when it is a JSON object.
    private static func marker(_ data: Data) -> (format: JSONValue?, version: JSONValue?)? {
        guard let object = (try? JSONValue.parse(data))?.objectValue else { return nil }
        return (object["format"], object["version"])
    }

    /// Whether `data` says it is a load summary (its `format` is ``formatName``), whatever its version.
    static func claimsFormat(_ data: Data) -> Bool {
        marker(data)?.format?.stringValue == formatName
    }

    /// Refuses a file of another format or a newer version, by its marker. A summary without one
    /// (written before the marker existed) is read as version 1.
    static func checkMarker(_ data: Data, file: String) throws(LoadOptionError) {
        guard let marker = marker(data) else { return }
        if let format = marker.format {
            guard let name = format.stringValue else {
                throw LoadOptionError("\(file): format is \(AMWireCheck.kind(format)), not \"\(formatName)\"")
            }
            guard name == formatName else {
                throw LoadOptionError(
                    "\(file) is a \"\(VisibleText.escaped(String(name.prefix(80))))\" file, not a journey load summary (\(formatName))"
                )
            }
        }
        if let version = marker.version {
            guard case .int(let number) = version else {
                throw LoadOptionError("\(file): version is \(AMWireCheck.kind(version)), not a whole number")
            }
            guard (1...currentVersion).contains(number) else {
                throw LoadOptionError(
                    "\(file) is a load summary of version \(number); this journey reads versions 1 to \(currentVersion)"
                )
            }
        }
    }
}
