import JourneyFuzzing

/// libFuzzer entry point: every input goes to the Markdown guide reader (``FuzzTarget/markdown``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    FuzzTarget.markdown.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
