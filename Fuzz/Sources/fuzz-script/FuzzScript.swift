import JourneyFuzzing

/// libFuzzer entry point: every input goes to the script parser (``FuzzTarget/script``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.script.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
