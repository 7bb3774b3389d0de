import JourneyFuzzing

/// libFuzzer entry point: every input goes to the load summary reader and merge (``FuzzTarget/load``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoad(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.load.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
