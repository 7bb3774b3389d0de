// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6)
]

let package = Package(
    name: "journey",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "JourneyKit", targets: ["JourneyKit"]),
        .library(name: "JourneySimulator", targets: ["JourneySimulator"]),
        .executable(name: "journey", targets: ["journey"]),
        // Entry points for the fuzz targets (Fuzz/) and the suite's fuzz smoke test.
        .library(name: "JourneyFuzzing", targets: ["JourneyFuzzing"]),
    ],
    // Exact versions: the ones that resolve today from the machines' package copies; an
    // upgrade is a reviewed change of this list.
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", exact: "4.5.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", exact: "0.2.0"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV.git", exact: "0.10.0"),
        // OTLP/HTTP only: the gRPC exporter would build gRPC for nothing.
        .package(url: "https://github.com/swift-otel/swift-otel.git", exact: "1.6.0", traits: ["OTLPHTTP"]),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", exact: "1.7.3"),
        .package(url: "https://github.com/vapor/jwt-kit.git", exact: "5.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", exact: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types.git", exact: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", exact: "2.1.1"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", exact: "0.12.1"),
        // Tests only: property checks over generated hostile traffic (JourneyRecordingTests).
        .package(url: "https://github.com/x-sheep/swift-property-based.git", exact: "2.0.1"),
    ],
    targets: [
        // Shared foundations: JSON values, source locations and diagnostics, clocks, seeded randomness.
        .target(
            name: "JourneyCore",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The script format: the script model, its loader and lint, expressions and templates.
        .target(
            name: "JourneyFormat",
            dependencies: ["JourneyCore", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        // One run of one script: the plan of phases, the session, callbacks and their answerers,
        // solvers, passkeys, redaction and the HTTP transport; results are values of this module.
        .target(
            name: "JourneyRun",
            dependencies: [
                "JourneyCore", "JourneyFormat",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // Recordings: HAR writing, the replay transport, `journey import`.
        .target(
            name: "JourneyRecording",
            dependencies: [
                "JourneyCore", "JourneyFormat", "JourneyRun", .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
        // Reports of results: console, JSON, JUnit, HTML, and `journey report merge`.
        .target(
            name: "JourneyReport",
            dependencies: [
                "JourneyCore", "JourneyRun", .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["EmbedTemplatesPlugin"]
        ),
        // Suites: finding scripts, preparing and running them, lint, watch, shards and report files.
        .target(
            name: "JourneySuite",
            dependencies: ["JourneyCore", "JourneyFormat", "JourneyRun", "JourneyRecording", "JourneyReport"],
            swiftSettings: swiftSettings,
            plugins: ["EmbedProjectTemplatesPlugin"]
        ),
        // The one module a library user imports: the modules above, re-exported.
        .target(
            name: "JourneyKit",
            dependencies: [
                "JourneyCore", "JourneyFormat", "JourneyRun", "JourneyRecording", "JourneyReport", "JourneySuite",
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "JourneySimulator",
            dependencies: [
                "JourneyCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "journey",
            dependencies: [
                "JourneyCore",
                "JourneyKit",
                "JourneySimulator",
                "JourneyBench",
                "JourneyLoad",
                "JourneyTelemetry",
                "JourneyMCP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["EmbedSchemasPlugin", "EmbedCommitPlugin"]
        ),
        // `journey schema` prints schemas/*.json, embedded at build time (docs/decisions.md).
        .plugin(name: "EmbedSchemasPlugin", capability: .buildTool(), dependencies: ["EmbedSchemasTool"]),
        // The HTML report's templates/ embedded into JourneyKit, by the same tool.
        .plugin(name: "EmbedTemplatesPlugin", capability: .buildTool(), dependencies: ["EmbedSchemasTool"]),
        // What `journey init` writes (templates/project/) embedded into JourneySuite, by the same tool.
        .plugin(name: "EmbedProjectTemplatesPlugin", capability: .buildTool(), dependencies: ["EmbedSchemasTool"]),
        .executableTarget(name: "EmbedSchemasTool", swiftSettings: swiftSettings),
        // `journey --version` names the commit it was built from: read from .git at build time.
        .plugin(name: "EmbedCommitPlugin", capability: .buildTool(), dependencies: ["EmbedCommitTool"]),
        .executableTarget(name: "EmbedCommitTool", swiftSettings: swiftSettings),
        .target(
            name: "JourneyFuzzing",
            dependencies: ["JourneyKit", "JourneyLoad", "JourneySimulator"],
            swiftSettings: swiftSettings
        ),
        // `journey bench`: the runner and proof-of-work measurements. Not a product: no library
        // user depends on how the bench measures.
        .target(
            name: "JourneyBench",
            dependencies: ["JourneyCore", "JourneyKit"],
            swiftSettings: swiftSettings
        ),
        // `journey load`: scripts run as a load test (open and closed models, HdrHistogram
        // latencies, thresholds).
        .target(
            name: "JourneyLoad",
            dependencies: [
                "JourneyCore", "JourneyKit", .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
            ],
            swiftSettings: swiftSettings
        ),
        // `--otel-endpoint`: each journey a trace, each round trip a span, exported over OTLP/HTTP.
        .target(
            name: "JourneyTelemetry",
            dependencies: [
                "JourneyKit", .product(name: "OTel", package: "swift-otel"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // `journey mcp`: a Model Context Protocol server on stdio (lint, run, list, describe
        // callbacks) for the assistants QA engineers write scripts with (docs/assistants.md).
        .target(
            name: "JourneyMCP",
            dependencies: ["JourneyCore", "JourneyKit", .product(name: "MCP", package: "swift-sdk")],
            swiftSettings: swiftSettings,
            plugins: ["EmbedAssistantDocsPlugin"]
        ),
        // docs/format.md, schemas/*.json and the example scripts journeys/*.yaml embedded into
        // JourneyMCP as its resources, by the same tool as the schemas.
        .plugin(name: "EmbedAssistantDocsPlugin", capability: .buildTool(), dependencies: ["EmbedSchemasTool"]),
        .testTarget(
            name: "JourneyLoadTests",
            dependencies: ["JourneyLoad", "JourneyKit"],
            swiftSettings: swiftSettings
        ),
        // What the test targets share (trees they start the simulator on, fixtures, scripts from text,
        // scripted AMs); not a test target itself.
        .target(
            name: "JourneyTestSupport",
            dependencies: [
                "JourneyCore", "JourneyFormat", "JourneyRun", "JourneyRecording", "JourneySimulator",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "Tests/JourneyTestSupport", swiftSettings: swiftSettings),
        .testTarget(
            name: "JourneyCoreTests",
            dependencies: [
                "JourneyCore", "JourneyTestSupport", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ], swiftSettings: swiftSettings),
        // One test target per module of the pipeline, importing only what that module's layer may
        // (scripts/check-imports): `swift test --filter JourneyFormatTests` runs one module's tests.
        .testTarget(
            name: "JourneyFormatTests",
            dependencies: ["JourneyCore", "JourneyFormat", "JourneyTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "JourneyRunTests",
            dependencies: [
                "JourneyCore", "JourneyFormat", "JourneyRun", "JourneyTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "JourneyRecordingTests",
            dependencies: [
                "JourneyCore", "JourneyFormat", "JourneyRun", "JourneyRecording", "JourneyTestSupport",
                .product(name: "Yams", package: "Yams"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "JourneyReportTests",
            dependencies: [
                "JourneyCore", "JourneyFormat", "JourneyRun", "JourneyReport", "JourneyTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "JourneySuiteTests",
            dependencies: [
                "JourneyCore", "JourneyFormat", "JourneyRun", "JourneyRecording", "JourneyReport", "JourneySuite",
                "JourneyTestSupport", .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "JourneySimulatorTests",
            dependencies: [
                "JourneySimulator", "JourneyCore", "JourneyTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "JourneyCore", "JourneyKit", "JourneyRun", "JourneyRecording", "JourneyReport", "JourneySuite",
                "JourneySimulator", "journey", "JourneyFuzzing", "JourneyTestSupport", "JourneyLoad",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // The CLI's golden transcripts, read from the source tree (Golden.swift).
            exclude: ["Golden"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PublicAPITests",
            dependencies: ["JourneyCore", "JourneyKit", "JourneySimulator", "JourneyTestSupport"],
            // The list PublicSurfaceTests keeps, read from the source tree, not a resource.
            exclude: ["public-api.txt"],
            // Sees only what a library user outside the package sees: the public API.
            packageAccess: false,
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "JourneyBenchTests",
            dependencies: ["JourneyBench", "JourneyCore"],
            swiftSettings: swiftSettings
        ),
    ]
)
