import Foundation

/// A number with a fixed count of decimals, exactly as C's `printf("%.Nf")` writes it (rounded to
/// nearest from the exact binary value, ties to even, `-` kept on a negative that rounds to zero),
/// for N from 0 to 3, without `String(format:)`: its C variadic arguments cost a protocol
/// conformance lookup per argument type the first time, each a scan of every conformance in the
/// binary (docs/performance.md, "2026-11-27: start-up"). Values it does not cover (not finite,
/// 1e15 or more, more decimals) go through `String(format:)`, which writes them the same way.
enum FixedDecimal {
    static func format(_ value: Double, decimals: Int) -> String {
        let scales: [UInt64] = [1, 10, 100, 1000]
        guard value.isFinite, value.magnitude < 1e15, scales.indices.contains(decimals) else {
            return String(format: "%.\(decimals)f", value)
        }
        let scale = scales[decimals]
        let units = scaledAndRounded(value.magnitude, scale: scale)
        var text = value.sign == .minus ? "-" : ""
        text += String(units / scale)
        guard decimals > 0 else { return text }
        let fraction = String(units % scale)
        return text + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// `magnitude × scale` rounded to the nearest integer, ties to even, computed exactly:
    /// a double is `significand × 2^exponent` with a significand under 2^53, so the product with a
    /// scale up to 1000 fits in 63 bits and the bits shifted out are the exact remainder.
    private static func scaledAndRounded(_ magnitude: Double, scale: UInt64) -> UInt64 {
        let significand =
            magnitude.exponentBitPattern == 0
            ? magnitude.significandBitPattern : magnitude.significandBitPattern | (1 << 52)
        let exponent = magnitude.exponentBitPattern == 0 ? -1074 : Int(magnitude.exponentBitPattern) - 1075
        let scaled = significand * scale
        if exponent >= 0 { return scaled << UInt64(exponent) }
        let shift = -exponent
        // Under 2^63, so less than half of 2^shift: rounds to zero.
        guard shift < 64 else { return 0 }
        let whole = scaled >> UInt64(shift)
        let remainder = scaled & ((1 << UInt64(shift)) - 1)
        let half: UInt64 = 1 << UInt64(shift - 1)
        return remainder > half || (remainder == half && whole & 1 == 1) ? whole + 1 : whole
    }
}
