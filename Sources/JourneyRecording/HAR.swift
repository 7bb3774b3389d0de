import Foundation
import JourneyCore

/// An HTTP Archive (HAR 1.2, http://www.softwareishard.com/blog/har-12-spec/). Reading is
/// lenient: Chrome DevTools exports, Polly.js recordings and other tools' files decode, with
/// their custom (`_`-prefixed) fields ignored. Writing produces every field HAR 1.2 requires.
public struct HARDocument: Codable, Sendable {
    public var log: HARLog

    public init(log: HARLog) {
        self.log = log
    }
}

public struct HARLog: Codable, Sendable {
    public var version: String
    public var creator: HARCreator
    public var browser: HARCreator?
    public var pages: [HARPage]?
    public var entries: [HAREntry]
    public var comment: String?
    /// journey's own field: which tool wrote the file, and the format version of the `_journey` fields.
    public var journey: HARJourneyLog?

    public init(
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

    public init(from decoder: Decoder) throws {
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

public struct HARCreator: Codable, Sendable {
    public var name: String
    public var version: String

    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}

/// `log._journey`: set by journey's writer.
public struct HARJourneyLog: Codable, Sendable {
    /// The format version of journey's custom fields.
    public var format: Int

    public init(format: Int = 1) {
        self.format = format
    }
}

public struct HARPage: Codable, Sendable {
    public var startedDateTime: String
    public var id: String
    public var title: String
    public var pageTimings: HARPageTimings
    /// journey's own field: the run this page holds.
    public var journey: HARJourneyPage?

    public init(startedDateTime: String, id: String, title: String, journey: HARJourneyPage?) {
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

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        startedDateTime = (try? container.decode(String.self, forKey: .startedDateTime)) ?? ""
        id = (try? container.decode(String.self, forKey: .id)) ?? ""
        title = (try? container.decode(String.self, forKey: .title)) ?? ""
        pageTimings = (try? container.decode(HARPageTimings.self, forKey: .pageTimings)) ?? HARPageTimings()
        journey = try? container.decode(HARJourneyPage.self, forKey: .journey)
    }
}

public struct HARPageTimings: Codable, Sendable {
    public var onContentLoad: Double?
    public var onLoad: Double?

    public init(onContentLoad: Double? = -1, onLoad: Double? = -1) {
        self.onContentLoad = onContentLoad
        self.onLoad = onLoad
    }
}

/// `pages[]._journey`: one script run, with what a replay needs to be exact.
public struct HARJourneyPage: Codable, Sendable, Equatable {
    /// The script file as given on the command line.
    public var script: String
    /// The script's `name`.
    public var name: String
    /// The journey (authIndexValue) the script starts, when it starts one by name.
    public var journey: String?
    /// The AM base URL the run used.
    public var server: String?
    /// The run's random seed, as a decimal string (a UInt64 does not fit a JSON number exactly).
    public var seed: String?
    /// The run's clock at its start, ISO 8601 with milliseconds.
    public var clockStart: String
    /// The run's variables that are not secret, as text.
    public var variables: [String: String]
    /// The run's verdict (`passed`, `failed`, ...) and outcome name, for people reading the file.
    public var status: String?
    public var outcome: String?

    public init(
        script: String, name: String, journey: String?, server: String?, seed: String?, clockStart: String,
        variables: [String: String], status: String?, outcome: String?
    ) {
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
public struct HARJourneyEntry: Codable, Sendable, Equatable {
    /// The round trip it belongs to (an outbox read belongs to the step it answers).
    public var step: Int?
    /// `authenticate`, `outbox`, `sessions`, `call`...
    public var kind: String

    public init(step: Int?, kind: String) {
        self.step = step
        self.kind = kind
    }
}

public struct HAREntry: Codable, Sendable {
    public var pageref: String?
    public var startedDateTime: String
    /// Milliseconds.
    public var time: Double
    public var request: HARRequest
    public var response: HARResponse
    public var cache: HARCache
    public var timings: HARTimings
    public var serverIPAddress: String?
    public var connection: String?
    public var comment: String?
    public var journey: HARJourneyEntry?

    public init(
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

    public init(from decoder: Decoder) throws {
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

public struct HARCache: Codable, Sendable {
    public init() {}
}

/// A `{name, value}` pair (headers, query parameters, cookies). Values that other tools write
/// as numbers or booleans (Polly's `content-length: 2`) are read as text.
public struct HARNameValue: Codable, Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    enum CodingKeys: String, CodingKey { case name, value }

    public init(from decoder: Decoder) throws {
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

public struct HARRequest: Codable, Sendable {
    public var method: String
    public var url: String
    public var httpVersion: String
    public var cookies: [HARNameValue]
    public var headers: [HARNameValue]
    public var queryString: [HARNameValue]
    public var postData: HARPostData?
    public var headersSize: Int
    public var bodySize: Int

    public init(
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

    public init(from decoder: Decoder) throws {
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

public struct HARPostData: Codable, Sendable {
    public var mimeType: String
    public var text: String

    public init(mimeType: String, text: String) {
        self.mimeType = mimeType
        self.text = text
    }

    enum CodingKeys: String, CodingKey { case mimeType, text, params }

    public init(from decoder: Decoder) throws {
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

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mimeType, forKey: .mimeType)
        try container.encode(text, forKey: .text)
    }
}

public struct HARResponse: Codable, Sendable {
    public var status: Int
    public var statusText: String
    public var httpVersion: String
    public var cookies: [HARNameValue]
    public var headers: [HARNameValue]
    public var content: HARContent
    public var redirectURL: String
    public var headersSize: Int
    public var bodySize: Int

    public init(status: Int, statusText: String, cookies: [HARNameValue], headers: [HARNameValue], content: HARContent)
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

    public init(from decoder: Decoder) throws {
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

public struct HARContent: Codable, Sendable {
    public var size: Int
    public var compression: Int?
    public var mimeType: String
    public var text: String?
    /// `base64` when `text` holds encoded bytes (possibly gzip-compressed, as Polly.js records them).
    public var encoding: String?

    public init(mimeType: String, text: String?, encoding: String? = nil) {
        self.size = text?.utf8.count ?? 0
        self.mimeType = mimeType
        self.text = text
        self.encoding = encoding
    }

    enum CodingKeys: String, CodingKey { case size, compression, mimeType, text, encoding }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        size = (try? container.decode(Int.self, forKey: .size)) ?? -1
        compression = try? container.decode(Int.self, forKey: .compression)
        mimeType = (try? container.decode(String.self, forKey: .mimeType)) ?? ""
        text = try? container.decode(String.self, forKey: .text)
        encoding = try? container.decode(String.self, forKey: .encoding)
    }
}

public struct HARTimings: Codable, Sendable {
    public var send: Double
    public var wait: Double
    public var receive: Double

    public init(send: Double = 0, wait: Double, receive: Double = 0) {
        self.send = send
        self.wait = wait
        self.receive = receive
    }

    enum CodingKeys: String, CodingKey { case send, wait, receive }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        send = (try? container.decode(Double.self, forKey: .send)) ?? 0
        wait = (try? container.decode(Double.self, forKey: .wait)) ?? 0
        receive = (try? container.decode(Double.self, forKey: .receive)) ?? 0
    }
}
