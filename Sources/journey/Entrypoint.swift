import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The process entry point. For the server commands, Swift concurrency's jobs run on NIO's
/// event loops, so a request does not hop between the concurrency pool's threads and the event
/// loops' (20 to 30% more requests per second, docs/performance.md). The runner keeps the
/// default pool: there its own work would queue behind I/O on the same threads.
@main
enum Entrypoint {
    private static let serverCommands: Set<String> = ["simulate", "serve"]

    static func main() async {
        // A reader that goes away (`journey run … | head`) makes writes fail with EPIPE instead of
        // killing the process, so the run still ends with its verdict's exit code.
        signal(SIGPIPE, SIG_IGN)
        // A file-size limit (`ulimit -f`) makes a write fail with EFBIG instead of killing the
        // process, so the file being replaced is left whole and the command says why.
        signal(SIGXFSZ, SIG_IGN)
        if let command = CommandLine.arguments.dropFirst().first, serverCommands.contains(command) {
            NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
        await JourneyCommand.main()
    }
}
