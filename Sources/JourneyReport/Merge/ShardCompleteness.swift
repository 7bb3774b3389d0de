import JourneyCore

/// The shards a merge joins must be one whole suite: every part of one split, each once. Reports
/// of unsharded runs (none names a shard) merge as they are; a report that names its shard
/// cannot be merged with a gap, a repeat, an unsharded report or another split, since the
/// merged verdict would then speak for scripts nobody ran.
package enum ShardCompleteness {
    /// Checks the shards of the inputs (`name`: a file, for messages; `shard`: `I/N` as a report
    /// writes it, nil when the run was not sharded).
    package static func check(_ inputs: [(name: String, shard: String?)]) throws(ReportMerge.Problem) {
        guard let first = inputs.first(where: { $0.shard != nil }) else { return }
        // A shard's text comes from a report file: escaped before it reaches a message.
        let named = (name: first.name, shard: first.shard.map { VisibleText.escaped($0) })
        var parts: [Int: String] = [:]
        var count: Int?
        for input in inputs {
            guard let text = input.shard else {
                throw ReportMerge.Problem(
                    "\(input.name) is from an unsharded run, \(named.name) from shard \(named.shard ?? ""): merge the reports of one split"
                )
            }
            guard let shard = try? Shard(argument: text, environment: [:]), text == shard.description else {
                throw ReportMerge.Problem("\(input.name): the shard '\(VisibleText.escaped(text))' is not I/N")
            }
            if let count, count != shard.count {
                throw ReportMerge.Problem(
                    "\(input.name) is shard \(shard), \(named.name) is of another split (\(named.shard ?? "")): merge the reports of one split"
                )
            }
            count = shard.count
            if let earlier = parts[shard.index] {
                throw ReportMerge.Problem("shard \(shard) is given twice: \(earlier) and \(input.name)")
            }
            parts[shard.index] = input.name
        }
        guard let count else { return }
        let missingCount = count - parts.count
        guard missingCount == 0 else {
            // The first few only: a count is whatever a report says, up to Int.max.
            let list = (1...count).lazy.filter { parts[$0] == nil }.prefix(10).map { "\($0)/\(count)" }
                .joined(separator: ", ")
            throw ReportMerge.Problem(
                "\(Plural.noun(missingCount, "shard is", "shards are")) missing (\(list)\(missingCount > 10 ? ", …" : "")): merge the reports of all \(Plural.count(count, "shard"))"
            )
        }
    }
}
