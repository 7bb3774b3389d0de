import Foundation

extension LoadSummary {
    /// The summaries of `journey load --shard I/N` runs read from `paths` and merged
    /// (``merged(_:)``); nil when the first file is not a load summary (another kind of report).
    public static func merge(files paths: [String]) throws(LoadOptionError) -> LoadSummary? {
        var parts: [LoadSummary] = []
        for (position, path) in paths.enumerated() {
            let data: Data
            do {
                let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                guard size <= 64 * 1024 * 1024 else { throw LoadOptionError("\(path) is larger than 64 MiB") }
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch let error as LoadOptionError {
                throw error
            } catch {
                throw LoadOptionError("\(path) cannot be read: \(error.localizedDescription)")
            }
            guard let summary = try? read(data, file: path) else {
                if position == 0 { return nil }
                throw LoadOptionError(
                    "\(path) is not a journey load summary like \(paths[0]); merge reports of one kind")
            }
            parts.append(summary)
        }
        return merged(parts)
    }
}
