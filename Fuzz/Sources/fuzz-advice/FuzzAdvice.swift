import JourneyFuzzing

/// libFuzzer entry point: every input goes to the advice parser (``FuzzTarget/advice``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAdvice(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.advice.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
