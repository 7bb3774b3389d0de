import JourneyReport

/// A command that finds no script to run or check is not green: it stops with exit 2 and says
/// why, unless `--allow-empty` says an empty selection is expected (a generated CI matrix with
/// more shards than scripts, a tag no script carries yet).
package enum EmptySelection {
    /// Why `command` (`run`, `lint`) had nothing to do, naming the paths and the filters that left nothing.
    package static func message(command: String, paths: [String], tags: [String] = [], shard: Shard? = nil) -> String {
        var selection = "no script to \(command) in \(paths.joined(separator: " "))"
        if !tags.isEmpty { selection += " with --tag \(tags.joined(separator: ", "))" }
        if let shard { selection += " in shard \(shard)" }
        return selection
            + " (a script is a .yaml or .yml file, or a `yaml journey` block of a Markdown guide); "
            + "pass --allow-empty when an empty selection is expected, as in a generated CI matrix"
    }
}
