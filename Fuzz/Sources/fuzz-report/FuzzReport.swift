import JourneyFuzzing

/// libFuzzer entry point: every input goes to the report merge and the HTML report (``FuzzTarget/report``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReport(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.report.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
