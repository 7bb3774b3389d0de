import Foundation
import JourneyCore

/// An HTTP Archive (HAR 1.2, http://www.softwareishard.com/blog/har-12-spec/). Reading is
/// lenient: Chrome DevTools exports, Polly.js recordings and other tools' files decode, with
/// their custom (`_`-prefixed) fields ignored. Writing produces every field HAR 1.2 requires.
package struct HARDocument: Codable, Sendable {
    package var log: HARLog

    package init(log: HARLog) {
        self.log = log
    }
}

package struct HARLog: Codable, Sendable {
    package var version: String
    package var creator: HARCreator
    package var browser: HARCreator?
    package var pages: [HARPage]?
    package var entries: [HAREntry]
    package var comment: String?
    /// journey's own field: which tool wrote the file, and the format version of the `_journey` fields.
    package var journey: HARJourneyLog?

    package init(
        version: String = "1.2", creator: HARCreator, pages: [HARPage]? = nil, entries: [HAREntry],
        journey: HARJourneyLog? = nil
    ) {
        self.version = version
        self.creator = creator
        self.pages = pages
        self.entries = entries
        self.journey = journey
    }

    enum CodingKeys: String, CodingKey {
        case version, creator, browser, pages, entries, comment
        case journey = "_journey"
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = (try? container.decode(String.self, forKey: .version)) ?? "1.2"
        creator = (try? container.decode(HARCreator.self, forKey: .creator)) ?? HARCreator(name: "unknown", version: "")
        browser = try? container.decode(HARCreator.self, forKey: .browser)
        pages = try container.decodeIfPresent([HARPage].self, forKey: .pages)
        entries = try container.decode([HAREntry].self, forKey: .entries)
        comment = try? container.decode(String.self, forKey: .comment)
        journey = try? container.decode(HARJourneyLog.self, forKey: .journey)
    }
}

package struct HARCreator: Codable, Sendable {
    package var name: String
    package var version: String

    package init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}

/// `log._journey`: set by journey's writer.
package struct HARJourneyLog: Codable, Sendable {
    /// The format version of journey's custom fields.
    package var format: Int

    package init(format: Int = 1) {
        self.format = format
    }
}

package struct HARPage: Codable, Sendable {
    package var startedDateTime: String
    package var id: String
    package var title: String
    package var pageTimings: HARPageTimings
    /// journey's own field: the run this page holds.
    package var journey: HARJourneyPage?

    package init(startedDateTime: String, id: String, title: String, journey: HARJourneyPage?) {
        self.startedDateTime = startedDateTime
        self.id = id
        self.title = title
        self.pageTimings = HARPageTimings()
        self.journey = journey
    }

    enum CodingKeys: String, CodingKey {
        case startedDateTime, id, title, pageTimings
        case journey = "_journey"
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        startedDateTime = (try? container.decode(String.self, forKey: .startedDateTime)) ?? ""
        id = (try? container.decode(String.self, forKey: .id)) ?? ""
        title = (try? container.decode(String.self, forKey: .title)) ?? ""
        pageTimings = (try? container.decode(HARPageTimings.self, forKey: .pageTimings)) ?? HARPageTimings()
        journey = try? container.decode(HARJourneyPage.self, forKey: .journey)
    }
}

package struct HARPageTimings: Codable, Sendable {
    package var onContentLoad: Double?
    package var onLoad: Double?

    package init(onContentLoad: Double? = -1, onLoad: Double? = -1) {
        self.onContentLoad = onContentLoad
        self.onLoad = onLoad
    }
}

/// `pages[]._journey`: one script run, with what a replay needs to be exact.
package struct HARJourneyPage: Codable, Sendable, Equatable {
    /// The script file as given on the command line.
    package var script: String
    /// The script's `name`.
    package var name: String
    /// The journey (authIndexValue) the script starts, when it starts one by name.
    package var journey: String?
    /// The AM base URL the run used.
    package var server: String?
    /// The run's random seed, as a decimal string (a UInt64 does not fit a JSON number exactly).
    package var seed: String?
    /// The SDK profile the run sent its requests as (`client.sdk`, `--sdk`); a replay sends them so again.
    package var sdk: String?
    /// The run's clock at its start, ISO 8601 with milliseconds.
    package var clockStart: String
    /// The run's variables that are not secret, as text.
    package var variables: [String: String]
    /// The run's verdict (`passed`, `failed`, ...) and outcome name, for people reading the file.
    package var status: String?
    package var outcome: String?

    package init(
        script: String, name: String, journey: String?, server: String?, seed: String?, clockStart: String,
        variables: [String: String], status: String?, outcome: String?, sdk: String? = nil
    ) {
        self.sdk = sdk
        self.script = script
        self.name = name
        self.journey = journey
        self.server = server
        self.seed = seed
        self.clockStart = clockStart
        self.variables = variables
        self.status = status
        self.outcome = outcome
    }
}

/// `entries[]._journey`: where the exchange sits in the run.
package struct HARJourneyEntry: Codable, Sendable, Equatable {
    /// The round trip it belongs to (an outbox read belongs to the step it answers).
    package var step: Int?
    /// `authenticate`, `outbox`, `sessions`, `call`...
    package var kind: String

    package init(step: Int?, kind: String) {
        self.step = step
        self.kind = kind
    }
}

package struct HAREntry: Codable, Sendable {
    package var pageref: String?
    package var startedDateTime: String
    /// Milliseconds.
    package var time: Double
    package var request: HARRequest
    package var response: HARResponse
    package var cache: HARCache
    package var timings: HARTimings
    package var serverIPAddress: String?
    package var connection: String?
    package var comment: String?
    package var journey: HARJourneyEntry?

    package init(
        pageref: String?, startedDateTime: String, time: Double, request: HARRequest, response: HARResponse,
        timings: HARTimings, journey: HARJourneyEntry?
    ) {
        self.pageref = pageref
        self.startedDateTime = startedDateTime
        self.time = time
        self.request = request
        self.response = response
        self.cache = HARCache()
        self.timings = timings
        self.journey = journey
    }

    enum CodingKeys: String, CodingKey {
        case pageref, startedDateTime, time, request, response, cache, timings, serverIPAddress, connection, comment
        case journey = "_journey"
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pageref = try? container.decode(String.self, forKey: .pageref)
        startedDateTime = (try? container.decode(String.self, forKey: .startedDateTime)) ?? ""
        time = (try? container.decode(Double.self, forKey: .time)) ?? 0
        request = try container.decode(HARRequest.self, forKey: .request)
        response = try container.decode(HARResponse.self, forKey: .response)
        cache = (try? container.decode(HARCache.self, forKey: .cache)) ?? HARCache()
        timings = (try? container.decode(HARTimings.self, forKey: .timings)) ?? HARTimings(wait: time)
        serverIPAddress = try? container.decode(String.self, forKey: .serverIPAddress)
        connection = try? container.decode(String.self, forKey: .connection)
        comment = try? container.decode(String.self, forKey: .comment)
        journey = try? container.decode(HARJourneyEntry.self, forKey: .journey)
    }
}

package struct HARCache: Codable, Sendable {
    package init() {}
}

/// A `{name, value}` pair (headers, query parameters, cookies). Values that other tools write
/// as numbers or booleans (Polly's `content-length: 2`) are read as text.
package struct HARNameValue: Codable, Sendable, Hashable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    enum CodingKeys: String, CodingKey { case name, value }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        if let text = try? container.decode(String.self, forKey: .value) {
            value = text
        } else if let json = try? container.decode(JSONValue.self, forKey: .value) {
            value = json.isNull ? "" : json.displayText
        } else {
            value = ""
        }
    }
}

package struct HARRequest: Codable, Sendable {
    package var method: String
    package var url: String
    package var httpVersion: String
    package var cookies: [HARNameValue]
    package var headers: [HARNameValue]
    package var queryString: [HARNameValue]
    package var postData: HARPostData?
    package var headersSize: Int
    package var bodySize: Int

    package init(
        method: String, url: String, cookies: [HARNameValue], headers: [HARNameValue], queryString: [HARNameValue],
        postData: HARPostData?
    ) {
        self.method = method
        self.url = url
        self.httpVersion = "HTTP/1.1"
        self.cookies = cookies
        self.headers = headers
        self.queryString = queryString
        self.postData = postData
        self.headersSize = -1
        self.bodySize = postData.map { $0.text.utf8.count } ?? 0
    }

    enum CodingKeys: String, CodingKey {
        case method, url, httpVersion, cookies, headers, queryString, postData, headersSize, bodySize
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decode(String.self, forKey: .method)
        url = try container.decode(String.self, forKey: .url)
        httpVersion = (try? container.decode(String.self, forKey: .httpVersion)) ?? "HTTP/1.1"
        cookies = (try? container.decode([HARNameValue].self, forKey: .cookies)) ?? []
        headers = (try? container.decode([HARNameValue].self, forKey: .headers)) ?? []
        queryString = (try? container.decode([HARNameValue].self, forKey: .queryString)) ?? []
        postData = try? container.decode(HARPostData.self, forKey: .postData)
        headersSize = (try? container.decode(Int.self, forKey: .headersSize)) ?? -1
        bodySize = (try? container.decode(Int.self, forKey: .bodySize)) ?? -1
    }
}

package struct HARPostData: Codable, Sendable {
    package var mimeType: String
    package var text: String

    package init(mimeType: String, text: String) {
        self.mimeType = mimeType
        self.text = text
    }

    enum CodingKeys: String, CodingKey { case mimeType, text, params }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mimeType = (try? container.decode(String.self, forKey: .mimeType)) ?? ""
        if let text = try? container.decode(String.self, forKey: .text) {
            self.text = text
        } else if let params = try? container.decode([HARNameValue].self, forKey: .params) {
            text = params.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        } else {
            text = ""
        }
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mimeType, forKey: .mimeType)
        try container.encode(text, forKey: .text)
    }
}

package struct HARResponse: Codable, Sendable {
    package var status: Int
    package var statusText: String
    package var httpVersion: String
    package var cookies: [HARNameValue]
    package var headers: [HARNameValue]
    package var content: HARContent
    package var redirectURL: String
    package var headersSize: Int
    package var bodySize: Int

    package init(status: Int, statusText: String, cookies: [HARNameValue], headers: [HARNameValue], content: HARContent)
    {
        self.status = status
        self.statusText = statusText
        self.httpVersion = "HTTP/1.1"
        self.cookies = cookies
        self.headers = headers
        self.content = content
        self.redirectURL = headers.first(where: { HTTPText.namesMatch($0.name, "location") })?.value ?? ""
        self.headersSize = -1
        self.bodySize = content.size
    }

    enum CodingKeys: String, CodingKey {
        case status, statusText, httpVersion, cookies, headers, content, redirectURL, headersSize, bodySize
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = (try? container.decode(Int.self, forKey: .status)) ?? 0
        statusText = (try? container.decode(String.self, forKey: .statusText)) ?? ""
        httpVersion = (try? container.decode(String.self, forKey: .httpVersion)) ?? "HTTP/1.1"
        cookies = (try? container.decode([HARNameValue].self, forKey: .cookies)) ?? []
        headers = (try? container.decode([HARNameValue].self, forKey: .headers)) ?? []
        content = (try? container.decode(HARContent.self, forKey: .content)) ?? HARContent(mimeType: "", text: nil)
        redirectURL = (try? container.decode(String.self, forKey: .redirectURL)) ?? ""
        headersSize = (try? container.decode(Int.self, forKey: .headersSize)) ?? -1
        bodySize = (try? container.decode(Int.self, forKey: .bodySize)) ?? -1
    }
}

package struct HARContent: Codable, Sendable {
    package var size: Int
    package var compression: Int?
    package var mimeType: String
    package var text: String?
    /// `base64` when `text` holds encoded bytes (possibly gzip-compressed, as Polly.js records them).
    package var encoding: String?

    package init(mimeType: String, text: String?, encoding: String? = nil) {
        self.size = text?.utf8.count ?? 0
        self.mimeType = mimeType
        self.text = text
        self.encoding = encoding
    }

    enum CodingKeys: String, CodingKey { case size, compression, mimeType, text, encoding }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        size = (try? container.decode(Int.self, forKey: .size)) ?? -1
        compression = try? container.decode(Int.self, forKey: .compression)
        mimeType = (try? container.decode(String.self, forKey: .mimeType)) ?? ""
        text = try? container.decode(String.self, forKey: .text)
        encoding = try? container.decode(String.self, forKey: .encoding)
    }
}

package struct HARTimings: Codable, Sendable {
    package var send: Double
    package var wait: Double
    package var receive: Double

    package init(send: Double = 0, wait: Double, receive: Double = 0) {
        self.send = send
        self.wait = wait
        self.receive = receive
    }

    enum CodingKeys: String, CodingKey { case send, wait, receive }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        send = (try? container.decode(Double.self, forKey: .send)) ?? 0
        wait = (try? container.decode(Double.self, forKey: .wait)) ?? 0
        receive = (try? container.decode(Double.self, forKey: .receive)) ?? 0
    }
}
