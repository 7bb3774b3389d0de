import Foundation

/// Numbers as the load summary writes them.
enum LoadFormat {
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
    }

    static func seconds(_ value: Double) -> String {
        value < 1 ? "\(number(value * 1000))ms" : "\(number(value))s"
    }

    /// Microseconds as milliseconds with two decimals.
    static func milliseconds(_ microseconds: UInt64) -> String {
        String(format: "%.2f", Double(microseconds) / 1000)
    }
}

extension LoadFormat {
    /// A share with up to three decimals: `0.125`, `12.5`.
    static func percent(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
