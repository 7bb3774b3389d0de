import ArgumentParser

struct ManCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "man",
        abstract: "Print journey's manual page (mdoc), made from the commands' help.",
        discussion: """
            Read it:     journey man > journey.1 && man ./journey.1
            Install it:  journey man > ~/.local/share/man/man1/journey.1
            """)

    func run() {
        print(ManPage.render(JourneyCommand.self), terminator: "")
    }
}
