import JourneyFuzzing

/// libFuzzer entry point: every input goes to the har parser (``FuzzTarget/har``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHAR(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.har.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
