import JourneyFuzzing

/// libFuzzer entry point: every input goes to the OAuth 2.0 readers (``FuzzTarget/oauth``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOAuth(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.oauth.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
