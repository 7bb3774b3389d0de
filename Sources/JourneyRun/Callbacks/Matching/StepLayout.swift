import JourneyCore

/// What is known about a step before any callback is answered: each callback's special form,
/// which HiddenValueCallbacks belong to a special form, and the Polling Wait node's pair.
struct StepLayout: Sendable {
    let step: AMStep
    /// The round trip, counted from 1.
    let number: Int
    /// The special form of each callback (`nil` for ordinary ones), by position.
    let forms: [SpecialForm?]
    /// HiddenValueCallback position → the position of the special form that writes it.
    let pairedOwner: [Int: Int]
    /// The PollingWaitCallback's position, when the step has one.
    let pollingIndex: Int?
    /// The ConfirmationCallback beside the PollingWaitCallback ("Exit"), when there is one.
    let pollingConfirmationIndex: Int?

    init(step: AMStep, number: Int) {
        self.step = step
        self.number = number
        let forms = step.callbacks.map(SpecialForm.init)
        self.forms = forms

        var owners: [Int: Int] = [:]
        for (ownerIndex, form) in forms.enumerated() {
            guard let form else { continue }
            for hiddenId in form.pairedHiddenIds {
                let target = step.callbacks.indices.first { index in
                    owners[index] == nil && step.callbacks[index].hasType(.hiddenValue)
                        && (step.callbacks[index].output("id")?.stringValue ?? "").contains(hiddenId)
                }
                if let target { owners[target] = ownerIndex }
            }
        }
        self.pairedOwner = owners

        let polling = step.callbacks.firstIndex { $0.hasType(.pollingWait) }
        self.pollingIndex = polling
        self.pollingConfirmationIndex =
            polling == nil ? nil : step.callbacks.firstIndex { $0.hasType(.confirmation) }
    }

    /// The type names a handler may use for the callback at `index`: its wire type, and the
    /// name of its special form (`WebAuthnRegistrationCallback`...).
    func typeNames(at index: Int) -> [String] {
        let wire = step.callbacks[index].type
        guard let form = forms[index], form.typeName != wire else { return [wire] }
        return [wire, form.typeName]
    }

    /// The 1-based rank of the callback at `index` among the step's callbacks answering to `type`.
    func occurrence(of index: Int, as type: String) -> Int {
        (0...index).filter { typeNames(at: $0).contains(type) }.count
    }

    /// The special form positions whose paired HiddenValueCallbacks are at these positions.
    func pairedHiddenIndices(of ownerIndex: Int) -> [Int] {
        pairedOwner.filter { $0.value == ownerIndex }.map(\.key).sorted()
    }
}
