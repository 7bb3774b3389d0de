import JourneyCore

/// Reads `device:` — the device file of the run's passkeys.
extension ScriptLoadContext {
    func device(_ node: YNode) -> DeviceSpec? {
        guard let mapping = node.mapping("device") else { return nil }
        mapping.allowOnly(ScriptKeys.device)
        guard let fileNode = required(ScriptKeys.Device.file, in: mapping, "device", accepted: ScriptKeys.device.names),
            let path = fileNode.strictString("device.file (a JSON file path)")
        else { return nil }
        guard !path.isEmpty else {
            error("device.file is empty", at: fileNode, hint: "name a JSON file, e.g. file: alice-device.json")
            return nil
        }
        // A template like every path of a script: resolved when the run starts.
        guard let template = templates.template(text: path, of: fileNode) else { return nil }
        return DeviceSpec(file: Located(path, at: fileNode.location), path: template)
    }
}
