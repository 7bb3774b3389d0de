import JourneyFuzzing

/// libFuzzer entry point: every input goes to the tree parser (``FuzzTarget/tree``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTree(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.tree.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
