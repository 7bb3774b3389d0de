import Dispatch
import Foundation
import JourneyKit
import Synchronization

/// While installed: SIGINT or SIGTERM first ends the provider commands still running (their
/// process groups never get the terminal's Ctrl-C), then ends journey as the signal asks.
final class SignalEndsProviders {
    private let sources: [any DispatchSourceSignal]
    private let ending = Ending()

    private final class Ending: Sendable {
        let value = Atomic<Bool>(false)
    }

    init() {
        let ending = ending
        sources = [SIGINT, SIGTERM].compactMap { number in
            // A signal ignored at start (a background job's SIGINT) stays ignored.
            let previous = signal(number, SIG_IGN)
            guard unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else { return nil }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                ending.value.store(true, ordering: .sequentiallyConsistent)
                ProviderGroups.terminateAll()
                // Dispatch reads signals with them blocked: unblocked here, the default action ends journey.
                var signals = sigset_t()
                sigemptyset(&signals)
                sigaddset(&signals, number)
                signal(number, SIG_DFL)
                pthread_sigmask(SIG_UNBLOCK, &signals, nil)
                raise(number)
            }
            source.resume()
            return source
        }
    }

    /// Called as the command ends: when a signal is being handled, the run that its providers'
    /// ending cut short must not exit first with its own code, so this waits for the signal's end.
    func holdWhileEnding() {
        guard ending.value.load(ordering: .sequentiallyConsistent) else { return }
        while true { pause() }
    }
}
