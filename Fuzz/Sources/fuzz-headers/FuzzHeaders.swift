import JourneyFuzzing

/// libFuzzer entry point: every input goes to the runner's response-header readers (``FuzzTarget/headers``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaders(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.headers.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
