import Foundation
import JourneyCore

extension LoadSummary {
    /// The `format` member of every load summary.
    public static let formatName = "journey-load-summary"
    /// The version of the layout this journey writes, and the newest it reads.
    public static let currentVersion = 1

    /// The members a reader looks at before the rest: what the file says it is.
    struct Marker: Decodable {
        var format: String?
        var version: Int?
    }

    /// Whether `data` says it is a load summary (its `format` is ``formatName``), whatever its version.
    static func claimsFormat(_ data: Data) -> Bool {
        (try? JSONDecoder().decode(Marker.self, from: data))?.format == formatName
    }

    /// Refuses a file of another format or a newer version, by its marker. A summary without one
    /// (written before the marker existed) is read as version 1.
    static func checkMarker(_ data: Data, file: String) throws(LoadOptionError) {
        guard let marker = try? JSONDecoder().decode(Marker.self, from: data) else { return }
        if let format = marker.format, format != formatName {
            throw LoadOptionError(
                "\(file) is a \"\(VisibleText.escaped(String(format.prefix(80))))\" file, not a journey load summary (\(formatName))"
            )
        }
        if let version = marker.version, !(1...currentVersion).contains(version) {
            throw LoadOptionError(
                "\(file) is a load summary of version \(version); this journey reads versions 1 to \(currentVersion)")
        }
    }
}
