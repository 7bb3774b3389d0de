/// MurmurHash3 x64 128-bit (Austin Appleby's smhasher reference routine): blocks read as
/// little-endian 64-bit words, `h1 = h2 = seed` at the start. Rakuten's Challenger proof of work
/// compares the top 16 bits of `h1` with its mask (docs/format.md, `protocol: rakuten`).
package enum MurmurHash3 {
    /// The two 64-bit halves of the digest; `h1` is bytes 0–7 of the 16-byte digest, little-endian.
    package static func x64Hash128(_ bytes: some Collection<UInt8>, seed: UInt32) -> (h1: UInt64, h2: UInt64) {
        let data = Array(bytes)
        let c1: UInt64 = 0x87c3_7b91_1142_53d5
        let c2: UInt64 = 0x4cf5_ad43_2745_937f
        var h1 = UInt64(seed)
        var h2 = UInt64(seed)
        let blocks = data.count / 16
        for block in 0..<blocks {
            var k1 = word(data, at: block * 16)
            var k2 = word(data, at: block * 16 + 8)
            k1 &*= c1
            k1 = rotl(k1, 31)
            k1 &*= c2
            h1 ^= k1
            h1 = rotl(h1, 27)
            h1 &+= h2
            h1 = h1 &* 5 &+ 0x52dc_e729
            k2 &*= c2
            k2 = rotl(k2, 33)
            k2 &*= c1
            h2 ^= k2
            h2 = rotl(h2, 31)
            h2 &+= h1
            h2 = h2 &* 5 &+ 0x3849_5ab5
        }
        let tail = blocks * 16
        let rest = data.count & 15
        var k1: UInt64 = 0
        var k2: UInt64 = 0
        if rest > 8 {
            for index in stride(from: rest - 1, through: 8, by: -1) {
                k2 ^= UInt64(data[tail + index]) << (8 * UInt64(index - 8))
            }
            k2 &*= c2
            k2 = rotl(k2, 33)
            k2 &*= c1
            h2 ^= k2
        }
        if rest > 0 {
            for index in stride(from: min(rest, 8) - 1, through: 0, by: -1) {
                k1 ^= UInt64(data[tail + index]) << (8 * UInt64(index))
            }
            k1 &*= c1
            k1 = rotl(k1, 31)
            k1 &*= c2
            h1 ^= k1
        }
        h1 ^= UInt64(data.count)
        h2 ^= UInt64(data.count)
        h1 &+= h2
        h2 &+= h1
        h1 = fmix(h1)
        h2 = fmix(h2)
        h1 &+= h2
        h2 &+= h1
        return (h1, h2)
    }

    private static func word(_ data: [UInt8], at offset: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(data[offset + index]) << (8 * UInt64(index)) }
        return value
    }

    private static func rotl(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    private static func fmix(_ value: UInt64) -> UInt64 {
        var k = value
        k ^= k >> 33
        k &*= 0xff51_afd7_ed55_8ccd
        k ^= k >> 33
        k &*= 0xc4ce_b9fe_1a85_ec53
        k ^= k >> 33
        return k
    }
}
