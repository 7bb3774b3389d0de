import JourneyFuzzing

/// libFuzzer entry point: every input goes to the expression parser (``FuzzTarget/expression``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.expression.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
