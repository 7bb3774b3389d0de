/// The rules of `journey run --repeat N` and `--allow-flaky`, checked before anything runs.
package enum RepeatOption {
    /// The most runs of one script: enough to find a rare flake, few enough that a typo (`--repeat
    /// 100000`) does not keep a CI job busy for days.
    package static let maximum = 1000

    /// Why the options cannot be used together, or nil when they can.
    ///
    /// - `N` must be 1 to `maximum`;
    /// - `--allow-flaky` needs `N` > 1 (with one run nothing is ever flaky, so it would do nothing);
    /// - `--record` with `N` > 1 is refused: a recording holds one run of each script, and none of
    ///   the attempts is the run (record one run, then replay it with `--repeat`).
    package static func problem(count: Int?, allowFlaky: Bool, record: Bool) -> String? {
        if let count, !(1...maximum).contains(count) {
            return "--repeat must be 1 to \(maximum), got \(count)"
        }
        let repeats = (count ?? 1) > 1
        if allowFlaky && !repeats {
            return "--allow-flaky needs --repeat N with N of 2 or more (with one run no script is flaky)"
        }
        if record && repeats {
            return "--record cannot be used with --repeat: a recording holds one run of each script"
        }
        return nil
    }
}
