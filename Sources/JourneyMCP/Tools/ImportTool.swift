import JourneyCore
import JourneyKit

/// `import { har, journey? }`: the script `journey import` makes of a recording, returned as
/// text (nothing is written). Secret inputs become `{ env: …, secret: true }` sources.
struct ImportTool: Sendable {
    let root: RootFolder

    func call(_ arguments: ToolArguments) async throws -> ToolOutput {
        let har = try root.resolve(try arguments.requiredString("har"))
        let journey = try arguments.string("journey")
        let script: String
        do throws(RecordingError) {
            script = try ScriptImporter.script(from: try Recording.load(path: har), journeyName: journey)
        } catch {
            return .failure(error.message)
        }
        return ToolOutput(structured: ["script": .string(script)], text: script)
    }
}
