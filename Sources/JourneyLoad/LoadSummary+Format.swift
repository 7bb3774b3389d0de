import Foundation
import JourneyCore

extension LoadSummary {
    /// The `format` member of every load summary.
    package static let formatName = "journey-load-summary"
    /// The version of the layout this journey writes, and the newest it reads.
    package static let currentVersion = 1

    /// What the file says it is: its `format` and `version` members, when it is a JSON object.
    private static func marker(_ data: Data) -> (format: JSONValue?, version: JSONValue?)? {
        guard let object = (try? JSONValue.parse(data))?.objectValue else { return nil }
        return (object["format"], object["version"])
    }

    /// Whether `data` says it is a load summary (its `format` is ``formatName``), whatever its version.
    static func claimsFormat(_ data: Data) -> Bool {
        marker(data)?.format?.stringValue == formatName
    }

    /// Names what is wrong with the marker of a file that did not decode as a summary: a `format`
    /// or `version` of the wrong type, another format, a newer version. Nothing when the marker is fine.
    static func checkMarker(_ data: Data, file: String) throws(LoadOptionError) {
        guard let marker = marker(data) else { return }
        var format: String?
        if let value = marker.format {
            guard let name = value.stringValue else {
                throw LoadOptionError("\(file): format is \(AMWireCheck.kind(value)), not \"\(formatName)\"")
            }
            format = name
        }
        var version: Int?
        if let value = marker.version {
            guard case .int(let number) = value else {
                throw LoadOptionError("\(file): version is \(AMWireCheck.kind(value)), not a whole number")
            }
            version = number
        }
        try check(format: format, version: version, file: file)
    }

    /// Refuses another format or a newer version. A summary without them (written before the
    /// marker existed) is read as version 1.
    static func check(format: String?, version: Int?, file: String) throws(LoadOptionError) {
        if let format, format != formatName {
            throw LoadOptionError(
                "\(file) is a \"\(VisibleText.escaped(String(format.prefix(80))))\" file, not a journey load summary (\(formatName))"
            )
        }
        if let version, !(1...currentVersion).contains(version) {
            throw LoadOptionError(
                "\(file) is a load summary of version \(version); this journey reads versions 1 to \(currentVersion)")
        }
    }
}
