import Foundation
import JourneyCore
import JourneyFormat

extension RunSession {
    /// Resolves the variables (overrides first), then the server, realm, timeout and headers.
    /// Returns false when the run cannot start: no server (a diagnostic, exit 2, found before anything is sent).
    func prepare() async throws(RunError) -> Bool {
        for declaration in script.vars {
            if let override = configuration.variables[declaration.name] {
                let secretName = declaration.value.secret ? declaration.name : nil
                context.setVariable(declaration.name, ResolvedValue(.string(override), secretName: secretName))
                continue
            }
            var value = try await context.resolve(declaration.value, timeoutMilliseconds: nil)
            if declaration.value.secret { value.secretName = declaration.name }
            context.setVariable(declaration.name, value)
        }
        for (name, value) in configuration.variables where !script.vars.contains(where: { $0.name == name }) {
            context.setVariable(name, ResolvedValue(.string(value)))
        }
        var endpoint = RunEndpoint()
        if let url = configuration.serverURL {
            endpoint.baseURL = url
        } else if let template = script.server.url {
            endpoint.baseURL = try context.evaluator.evaluate(template).text
        } else {
            addDiagnostics([
                .error(
                    "no server: give `server.url` or `server.simulate` in the script, or --server / --simulate",
                    at: script.server.location ?? SourceLocation(file: script.file, line: 1, column: 1))
            ])
            return false
        }
        if let realmOverride = configuration.realm {
            endpoint.realm = realmOverride
        } else if let template = script.server.realm {
            endpoint.realm = try context.evaluator.evaluate(template).text
        }
        endpoint.timeout = configuration.timeoutSeconds ?? script.server.timeoutSeconds
        if !script.server.headers.contains(where: { $0.name.lowercased() == "user-agent" }) {
            var userAgent = ServerSpec.defaultUserAgent
            if let template = script.server.userAgent { userAgent = try context.evaluator.evaluate(template).text }
            endpoint.extraHeaders.append(HeaderField("User-Agent", userAgent))
        }
        for header in script.server.headers {
            endpoint.extraHeaders.append(HeaderField(header.name, try context.evaluator.evaluate(header.value).text))
        }
        withState { [endpoint] in $0.endpoint = endpoint }
        context.serverOrigin = AMEndpoints.origin(of: endpoint.baseURL)
        let deviceFile = RunDeviceFile(session: self)
        guard try deviceFile.resolve() else { return false }
        try deviceFile.load()
        return true
    }
}
