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
                return try search(
                    SHA_CTX(), prefix, start, end, limits, digestSize: 20, accept,
                    initialize: CCryptoBoringSSL_SHA1_Init, update: CCryptoBoringSSL_SHA1_Update,
                    final: CCryptoBoringSSL_SHA1_Final)
            case .sha256:
                return try search(
                    SHA256_CTX(), prefix, start, end, limits, digestSize: 32, accept,
                    initialize: CCryptoBoringSSL_SHA256_Init, update: CCryptoBoringSSL_SHA256_Update,
                    final: CCryptoBoringSSL_SHA256_Final)
            case .sha512:
                return try search(
                    SHA512_CTX(), prefix, start, end, limits, digestSize: 64, accept,
                    initialize: CCryptoBoringSSL_SHA512_Init, update: CCryptoBoringSSL_SHA512_Update,
                    final: CCryptoBoringSSL_SHA512_Final)
            }
        }

        /// One search over a BoringSSL context type: the prefix hashed once, then per candidate a
        /// copy of that context, the nonce's digits and the final block.
        @inline(__always)
        private static func search<Context>(
            _ empty: Context, _ prefix: [UInt8], _ start: UInt64, _ end: UInt64, _ limits: PoWLimits,
            digestSize: Int, _ accept: (UnsafeRawBufferPointer) -> Bool,
            initialize: (UnsafeMutablePointer<Context>?) -> Int32,
            update: (UnsafeMutablePointer<Context>?, UnsafeRawPointer?, Int) -> Int32,
            final: (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Context>?) -> Int32
        ) throws(PoWError) -> PoWResult {
            var base = empty
            _ = initialize(&base)
            prefix.withUnsafeBytes { _ = update(&base, $0.baseAddress, $0.count) }
            return try PoWSearch.loop(start, end, limits, digestSize: digestSize, accept) { digits, out in
                var context = base
                _ = update(&context, digits.baseAddress, digits.count)
                _ = final(out, &context)
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
