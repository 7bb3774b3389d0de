import Foundation
import JourneyCore
import JourneyRun

/// A capture as a HAR 1.2 document, redacted: every secret is found first over the whole
/// capture (`CaptureSecrets`), then each exchange is redacted as `--record` redacts a run. One
/// page per captured journey, named after the script `journey capture` imports from it, so
/// `journey run DIR/<journey>.yaml --replay DIR/capture.har` replays that page.
package enum CaptureDocument {
    /// A page of the document: a captured journey and the script file it becomes.
    package struct Page: Sendable {
        package var id: String
        /// `Login.yaml`, `Login-2.yaml`...: distinct, also to a file system that ignores case.
        package var scriptFile: String
        package var journeyName: String?
    }

    package static func make(_ log: CaptureLog, upstream: CaptureRoute) -> (HARDocument, [Page]) {
        let exchanges = log.exchanges
        let journeys = log.journeys
        // The secrets of the bodies not kept are known already; the rest are found now.
        let redactor = log.secretsOfBodiesNotKept
        CaptureSecrets.register(exchanges, in: redactor)
        var firstOfJourney: [Int: CapturedExchange] = [:]
        for exchange in exchanges {
            if let journey = exchange.journey, firstOfJourney[journey] == nil { firstOfJourney[journey] = exchange }
        }
        var pages: [Page] = []
        var harPages: [HARPage] = []
        var pageOfJourney: [Int: String] = [:]
        var names = CaptureScriptNames()
        for (index, journey) in journeys.enumerated() where !journey.isAdvice {
            guard journey.ended else {
                // Left before its end (an app closed mid-journey): kept in the file, on a page
                // of its own that no script replays.
                let id = "page_abandoned_\(index + 1)"
                pageOfJourney[index] = id
                harPages.append(
                    HARPage(
                        startedDateTime: HARReader.string(firstOfJourney[index]?.startedAt ?? Date()),
                        id: id, title: "\(journey.name ?? "default journey") (not finished)", journey: nil))
                continue
            }
            let stem = names.take(journey.name)
            let id = "page_\(pages.count + 1)"
            let started = HARReader.string(firstOfJourney[index]?.startedAt ?? Date())
            pages.append(Page(id: id, scriptFile: stem + ".yaml", journeyName: journey.name))
            pageOfJourney[index] = id
            let info = HARJourneyPage(
                script: stem + ".yaml", name: "\(journey.name ?? "default journey") (captured)",
                journey: journey.name, server: upstream.baseURL, seed: nil, clockStart: started, variables: [:],
                status: nil, outcome: nil)
            harPages.append(
                HARPage(
                    startedDateTime: started, id: id, title: "\(journey.name ?? "default journey") (captured)",
                    journey: info))
        }
        // Each entry is redacted on its own (the secrets are all known by now): over the cores.
        let pageOfExchange = exchanges.map { exchange in
            exchange.journey.flatMap { journeys.indices.contains($0) ? pageOfJourney[journeys[$0].page] : nil }
        }
        let entries = Parallel.map(Array(zip(exchanges, pageOfExchange))) { exchange, page in
            entry(exchange, pageref: page, redactor: redactor)
        }
        let document = HARDocument(
            log: HARLog(
                creator: HARCreator(name: "journey capture", version: HARWriter.creatorVersion), pages: harPages,
                entries: entries, journey: HARJourneyLog()))
        return (document, pages)
    }

    static func entry(_ exchange: CapturedExchange, pageref: String?, redactor: Redactor) -> HAREntry {
        let redacted = Exchange(
            method: exchange.method, url: redactor.redact(url: exchange.url),
            requestHeaders: redactor.redact(headers: exchange.requestHeaders),
            requestBody: redactor.redact(body: exchange.requestBody, sent: true), status: exchange.status,
            responseHeaders: redactor.redact(headers: exchange.responseHeaders),
            responseBody: CaptureSecrets.redactingIDTokenClaims(
                redactor.redact(body: exchange.responseBody, sent: false), with: redactor),
            startedAt: exchange.startedAt,
            duration: exchange.duration, step: exchange.step)
        var entry = HARWriter.entry(
            redacted, status: exchange.status, step: exchange.step, kind: HARWriter.kind(of: exchange.url),
            pageref: pageref ?? "")
        if pageref == nil { entry.pageref = nil }
        return entry
    }
}
