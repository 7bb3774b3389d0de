import ArgumentParser

struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            Install, for bash, zsh (into a folder of $fpath, before compinit) or fish:
              journey completions bash > ~/.local/share/bash-completion/completions/journey
              journey completions zsh > ~/.zfunc/_journey
              journey completions fish > ~/.config/fish/completions/journey.fish
            """)

    enum Shell: String, ExpressibleByArgument, CaseIterable {
        case bash, zsh, fish
    }

    @Argument(help: "The shell.")
    var shell: Shell

    func run() {
        let script: String
        switch shell {
        case .bash: script = JourneyCommand.completionScript(for: .bash)
        case .zsh: script = JourneyCommand.completionScript(for: .zsh)
        case .fish: script = JourneyCommand.completionScript(for: .fish)
        }
        print(script, terminator: script.hasSuffix("\n") ? "" : "\n")
    }
}
