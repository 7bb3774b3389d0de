import JourneyCore
import JourneyRun
import Mustache

/// One self-contained HTML page for a run: a summary, filters by status and tag, each script's
/// steps with their callbacks and (redacted) answers, a timing waterfall per script, and the
/// failures with their file:line and expected and received sides. See docs/reports.md.
///
/// It is rendered from the JSON report (``JSONReport/document(_:)``) with the mustache templates
/// of `templates/`, which the build embeds in the library (EmbedTemplatesPlugin): no resource
/// file, no network, no script or style from elsewhere. Every text goes through `{{ }}`, which
/// HTML-escapes it; the templates never use `{{{ }}}`; control characters are written out first
/// (``visible(_:)``).
package enum HTMLReport {
    /// The page for a run.
    package static func render(_ summary: RunSummary) -> String {
        render(document: JSONReport.document(summary))
    }

    /// The page for a JSON report document (a run's, or one `journey report merge` joined).
    package static func render(document: JSONValue) -> String {
        render(HTMLReportModel.context(visible(document)), withTemplate: "report")
    }

    /// `value` with every text's control characters (ESC, CSI U+009B, bidi overrides...) written
    /// out as `\u001b`: HTML-escaping leaves them as they are, and a server's text must never
    /// reach the page raw. Line breaks and tabs stay.
    static func visible(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(VisibleText.escapedBlock(text))
        case .array(let items): return .array(items.map(visible))
        case .object(let members):
            return .object(
                Dictionary(members.map { (VisibleText.escapedBlock($0.key), visible($0.value)) }) { first, _ in first })
        default: return value
        }
    }

    private static func render(_ context: [String: Any], withTemplate template: String) -> String {
        switch library {
        case .success(let library):
            return library.render(context, withTemplate: template) ?? ""
        case .failure(let error):
            // Only a broken build gets here (the templates are tested); still a valid page.
            let message = "\(error)".replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
                of: "<", with: "&lt;")
            return
                "<!DOCTYPE html><html><body><p>journey: the HTML report template is broken: \(message)</p></body></html>\n"
        }
    }

    /// The page of a load run (`journey load --report html=FILE`), from the context JourneyLoad builds
    /// of its summary: numbers and escaped text only.
    package static func renderLoad(_ context: [String: Any]) -> String {
        render(context, withTemplate: "load")
    }

    /// The templates, parsed once: the page and the style and script it includes as partials.
    static let library: Result<MustacheLibrary, any Error> = Result {
        var library = MustacheLibrary()
        try library.register(EmbeddedTemplates.report, named: "report")
        try library.register(EmbeddedTemplates.style, named: "style")
        try library.register(EmbeddedTemplates.script, named: "script")
        try library.register(EmbeddedTemplates.load, named: "load")
        try library.register(EmbeddedTemplates.diagram, named: "diagram")
        return library
    }
}

/// A ``Reporter`` that writes the HTML report once the run is over.
package struct HTMLReporter: Reporter {
    package init() {}

    package func scriptFinished(_ result: JourneyResult) -> String { "" }

    package func finish(_ summary: RunSummary) -> String { HTMLReport.render(summary) }
}
