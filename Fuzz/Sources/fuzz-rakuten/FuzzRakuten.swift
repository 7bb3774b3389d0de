import JourneyFuzzing

/// libFuzzer entry point: every input goes to the Rakuten readers (``FuzzTarget/rakuten``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRakuten(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.rakuten.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
