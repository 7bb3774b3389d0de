import JourneyFuzzing

/// libFuzzer entry point: every input goes to the json parser (``FuzzTarget/json``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.json.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
