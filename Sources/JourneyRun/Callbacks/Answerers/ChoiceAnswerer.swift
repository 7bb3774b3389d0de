import JourneyCore
import JourneyFormat

/// ChoiceCallback (`choices`) and ConfirmationCallback (`options`): `choose` by label or by
/// 0-based index; the input gets the index as an integer.
package enum ChoiceAnswerer: CallbackAnswerer {
    static var recordedShape: RecordedAnswerShape { .choice }

    static func answer(_ draft: inout CallbackDraft, _ context: AnswerContext) async throws(RunError) {
        guard let choose = context.answer.choose else { return try context.requireAnswer(draft, expected: "choose") }
        let labels = optionLabels(of: draft.original)
        let index = try index(of: choose.value, in: labels, draft: draft, context: context)
        // The trace shows the chosen label beside the index (`InputTrace.label`).
        try draft.write(.int(index), suffix: "", redactor: context.redactor, context: context)
    }

    /// The labels offered: `choices` for ChoiceCallback, `options` for ConfirmationCallback.
    static func optionLabels(of callback: AMCallback) -> [String] {
        (callback.output(labelsOutput(of: callback.type))?.arrayValue ?? []).map(\.displayText)
    }

    /// The output listing the labels (the registry's `choicesOutput`), `choices` for other types.
    package static func labelsOutput(of type: String) -> String {
        CallbackRegistry.definition(wireName: type)?.choicesOutput ?? "choices"
    }

    /// The index for a selector: an exact label, else a unique case-insensitive one, or an index in range.
    static func index(
        of selector: ChoiceSelector, in labels: [String], draft: CallbackDraft, context: AnswerContext
    ) throws(RunError) -> Int {
        let what = labelsOutput(of: draft.type)
        switch selector {
        case .index(let index):
            guard labels.indices.contains(index) else {
                throw context.error(
                    "\(draft.subject) has no \(what.dropLast()) #\(index); \(what): \(String.quotedList(labels))")
            }
            return index
        case .label(let label):
            if let exact = labels.firstIndex(of: label) { return exact }
            let folded = labels.indices.filter { labels[$0].lowercased() == label.lowercased() }
            if folded.count == 1 { return folded[0] }
            throw context.error(
                "\(draft.subject) has no \(what.dropLast()) '\(label)'; \(what): \(String.quotedList(labels))")
        }
    }
}
