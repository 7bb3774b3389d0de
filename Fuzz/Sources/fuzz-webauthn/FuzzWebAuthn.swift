import JourneyFuzzing

/// libFuzzer entry point: every input goes to the simulator's WebAuthn readers (``FuzzTarget/webauthn``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebAuthn(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.webauthn.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
