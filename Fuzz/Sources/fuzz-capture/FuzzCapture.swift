import JourneyFuzzing

/// libFuzzer entry point: every input goes to the forwarding path of `journey capture` (``FuzzTarget/capture``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCapture(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.capture.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
