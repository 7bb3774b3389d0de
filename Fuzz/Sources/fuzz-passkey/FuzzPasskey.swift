import JourneyFuzzing

/// libFuzzer entry point: every input goes to the passkey readers (``FuzzTarget/passkey``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPasskey(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.passkey.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
