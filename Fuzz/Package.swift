// swift-tools-version: 6.1
// libFuzzer targets, one per parser that reads outside input. A separate package, so the
// fuzzer-instrumented build never touches the main one; scripts/fuzz builds and runs them
// (docs/fuzzing.md).
import PackageDescription

let package = Package(
    name: "journey-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "journey", path: "..")],
    targets: [
        .executableTarget(
            name: "fuzz-script", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-script"),
        .executableTarget(
            name: "fuzz-tree", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-tree"),
        .executableTarget(
            name: "fuzz-expression", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-expression"),
        .executableTarget(
            name: "fuzz-json", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-json"),
        .executableTarget(
            name: "fuzz-har", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-har"),
        .executableTarget(
            name: "fuzz-advice", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-advice"),
        .executableTarget(
            name: "fuzz-oauth", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-oauth"),
        .executableTarget(
            name: "fuzz-rakuten", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-rakuten"),
        .executableTarget(
            name: "fuzz-report", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-report"),
        .executableTarget(
            name: "fuzz-passkey", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-passkey"),
        .executableTarget(
            name: "fuzz-webauthn", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-webauthn"),
        .executableTarget(
            name: "fuzz-headers", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-headers"),
        .executableTarget(
            name: "fuzz-load", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-load"),
        .executableTarget(
            name: "fuzz-markdown", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-markdown"),
        .executableTarget(
            name: "fuzz-capture", dependencies: [.product(name: "JourneyFuzzing", package: "journey")],
            path: "Sources/fuzz-capture"),
    ]
)
