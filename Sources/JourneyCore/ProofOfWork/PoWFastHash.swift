#if canImport(CCryptoBoringSSL)
    import CCryptoBoringSSL

    /// The search loop on BoringSSL's hash contexts directly (Linux, where swift-crypto is backed by
    /// BoringSSL): the prefix's context is copied by value on the stack for each candidate, with no
    /// allocation and no zeroing, which swift-crypto's `HashFunction` copy-on-write does per copy.
    /// The hashes are the same; only the bookkeeping around them is cheaper.
    enum PoWFastHash {
        static let available = true

        @inline(__always)
        static func run(
            _ hash: PoWHash, _ prefix: [UInt8], _ start: UInt64, _ end: UInt64, _ limits: PoWLimits,
            _ accept: (UnsafeRawBufferPointer) -> Bool
        ) throws(PoWError) -> PoWResult {
            switch hash {
            case .sha1:
                var base = SHA_CTX()
                CCryptoBoringSSL_SHA1_Init(&base)
                prefix.withUnsafeBytes { _ = CCryptoBoringSSL_SHA1_Update(&base, $0.baseAddress, $0.count) }
                return try PoWSearch.loop(start, end, limits, digestSize: 20, accept) { digits, out in
                    var context = base
                    _ = CCryptoBoringSSL_SHA1_Update(&context, digits.baseAddress, digits.count)
                    _ = CCryptoBoringSSL_SHA1_Final(out, &context)
                }
            case .sha256:
                var base = SHA256_CTX()
                CCryptoBoringSSL_SHA256_Init(&base)
                prefix.withUnsafeBytes { _ = CCryptoBoringSSL_SHA256_Update(&base, $0.baseAddress, $0.count) }
                return try PoWSearch.loop(start, end, limits, digestSize: 32, accept) { digits, out in
                    var context = base
                    _ = CCryptoBoringSSL_SHA256_Update(&context, digits.baseAddress, digits.count)
                    _ = CCryptoBoringSSL_SHA256_Final(out, &context)
                }
            case .sha512:
                var base = SHA512_CTX()
                CCryptoBoringSSL_SHA512_Init(&base)
                prefix.withUnsafeBytes { _ = CCryptoBoringSSL_SHA512_Update(&base, $0.baseAddress, $0.count) }
                return try PoWSearch.loop(start, end, limits, digestSize: 64, accept) { digits, out in
                    var context = base
                    _ = CCryptoBoringSSL_SHA512_Update(&context, digits.baseAddress, digits.count)
                    _ = CCryptoBoringSSL_SHA512_Final(out, &context)
                }
            }
        }
    }
#else
    enum PoWFastHash {
        static let available = false

        static func run(
            _ hash: PoWHash, _ prefix: [UInt8], _ start: UInt64, _ end: UInt64, _ limits: PoWLimits,
            _ accept: (UnsafeRawBufferPointer) -> Bool
        ) throws(PoWError) -> PoWResult {
            throw .cancelled(tried: 0)
        }
    }
#endif
