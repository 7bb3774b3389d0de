import ArgumentParser
import Foundation

/// journey's manual page in mdoc, made in the process from the commands' own help screens, so it
/// always says what the binary does: NAME and SYNOPSIS from the root command, DESCRIPTION its
/// help, then one subsection per command (each nested command too) with its help screen as a
/// literal block. Nothing is read from files and the build needs no extra tool.
enum ManPage {
    /// Help screens are wrapped at this width: a terminal's man fits it with its margins.
    static let columns = 78

    static func render(_ root: ParsableCommand.Type) -> String {
        let configuration = root.configuration
        let name = configuration.commandName ?? "journey"
        var lines = [
            ".Dd \(Self.date())",
            ".Dt \(name.uppercased()) 1",
            ".Os",
            ".Sh NAME",
            ".Nm \(escaped(name))",
            ".Nd \(escaped(configuration.abstract))",
            ".Sh SYNOPSIS",
            ".Nm",
            ".Ar command",
            ".Op Ar options",
            ".Sh DESCRIPTION",
        ]
        lines += literal(root.helpMessage(columns: columns))
        lines.append(".Sh COMMANDS")
        for (path, command) in commands(under: root, path: [name]) {
            lines.append(".Ss \(escaped(path.joined(separator: " ")))")
            lines.append(escaped(command.configuration.abstract))
            lines += literal(root.helpMessage(for: command, columns: columns))
        }
        lines += [
            ".Sh EXIT STATUS",
            "0 passed; 1 an expectation failed; 2 a script is invalid, or a file it or the command line names",
            "cannot be read or written; 3 transport or protocol error only; 4 a replay did not match its",
            "recording; 64 a usage error.",
            ".Sh SEE ALSO",
            "README.md, beside the binary in the release tarball: installing, a first script, the examples",
            "in examples/ and",
            ".Nm",
            "init.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every command below `root`, depth first in the order they are declared, with its path.
    static func commands(under root: ParsableCommand.Type, path: [String]) -> [([String], ParsableCommand.Type)] {
        root.configuration.subcommands.flatMap { command -> [([String], ParsableCommand.Type)] in
            let name = command.configuration.commandName ?? String(describing: command).lowercased()
            let commandPath = path + [name]
            return [(commandPath, command)] + commands(under: command, path: commandPath)
        }
    }

    /// `text` shown as it is: each line escaped so roff reads none of it as a request.
    static func literal(_ text: String) -> [String] {
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
        return [".Bd -literal -offset indent"] + body.reversed().drop { $0.isEmpty }.reversed() + [".Ed"]
    }

    /// A line roff prints as written: a backslash as `\e`, a character beyond ASCII as its
    /// `\[uXXXX]` escape (read whatever the reader's locale), and a leading `.` or `'` (a
    /// request or macro otherwise) guarded by the zero-width `\&`.
    static func escaped(_ line: String) -> String {
        var text = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\": text += "\\e"
            case _ where !scalar.isASCII: text += "\\[u" + hex(scalar.value) + "]"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
    }

    /// At least four upper-case hexadecimal digits, as groff and mandoc read `\[uXXXX]`.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func date() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMMM d, yyyy"
        return formatter.string(from: Date())
    }
}
