import Synchronization

/// The fallback for environments that do not keep a `DeviceState`: one device per run, found
/// by the run's redactor (a run has exactly one). Entries go when their redactor does.
enum DeviceStateRegistry {
    private struct Entry {
        weak var redactor: Redactor?
        let state: DeviceState
    }

    private static let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    /// The device of the run that owns `redactor`.
    static func state(for redactor: Redactor) -> DeviceState {
        entries.withLock { entries in
            entries = entries.filter { $0.value.redactor != nil }
            let key = ObjectIdentifier(redactor)
            if let entry = entries[key], entry.redactor === redactor { return entry.state }
            let state = DeviceState()
            entries[key] = Entry(redactor: redactor, state: state)
            return state
        }
    }
}
