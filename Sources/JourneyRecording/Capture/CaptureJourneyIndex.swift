import Foundation

/// The journeys of a capture by what finds the one a request belongs to (`CaptureLog`): their
/// last `authId`, the open ones that have one, the suspended ones. Each lookup is as a backward
/// walk over every journey would answer, without the walk: a long capture has thousands.
struct CaptureJourneyIndex {
    private var byAuthId: [String: IndexSet] = [:]
    private var open = IndexSet()
    private var suspended = IndexSet()

    /// The journey a continue (`authId`) or a resume (`suspendedId`) belongs to; nil for a new one.
    func journey(of authId: String?, resumes: Bool) -> Int? {
        if let authId { return byAuthId[authId]?.last ?? open.last }
        return resumes ? suspended.last : nil
    }

    /// Files `journey` (at `index`) again after a change; `before` is what it was.
    mutating func update(_ index: Int, from before: CaptureLog.Journey?, to journey: CaptureLog.Journey) {
        if let old = before?.lastAuthId, old != journey.lastAuthId {
            byAuthId[old]?.remove(index)
            if byAuthId[old]?.isEmpty == true { byAuthId[old] = nil }
        }
        if let new = journey.lastAuthId { byAuthId[new, default: []].insert(index) }
        if !journey.ended && journey.lastAuthId != nil { open.insert(index) } else { open.remove(index) }
        if journey.suspended { suspended.insert(index) } else { suspended.remove(index) }
    }
}
