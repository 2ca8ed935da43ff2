// swift-tools-version:6.1
// Specwright: a declarative API spec compiler for Swift.
//
// The generator is a pipeline, one module per stage:
//   SpecYAML (libyaml events -> located nodes) -> SpecCore (nodes -> validated spec model; SpecOpenAPI
//   lowers an OpenAPI document into the same model, SpecSwagger first reads a Swagger 2.0 one as 3.0)
//   -> SpecIR (spec -> resolved, named, semantic IR) -> SpecRender (IR -> templates -> laid-out text)
//   -> SpecCompiler (one call for the whole pipeline) -> SpecwrightCLI (`specwright`).
// `Specwright` is the runtime library that generated code and apps import.
import PackageDescription

/// The default templates in Templates/, embedded in the generator at build time.
/// Keep in step with Templates/DefaultTemplates.swift (a test checks both against the folder).
let templateNames = [
    "Alias", "Auth", "BodyEnum", "Doc", "Effects", "Endpoint", "EndpointDoc", "EndpointItem", "Endpoints", "Enum",
    "ErrorEntry", "ErrorEnum", "FileHeader", "Group", "ModelList", "Models", "Outcome", "ResponseHeaders", "Service",
    "ServiceMembers", "Shard", "Struct", "Union", "WireValue",
]

/// Generated example clients are compiled with warnings as errors: generated code must be warning-free.
let strictWarnings: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

/// The specs whose generated clients are compiled and exercised by the tests: those in Specs/, the
/// landmine spec kept in Tests/GeneratedClients/Landmine.yaml (every Swift keyword and type name),
/// Tests/GeneratedClients/Menagerie.yaml, an OpenAPI 3.1 document, and
/// Tests/GeneratedClients/Streams.yaml, the stream server's routes (streamed responses).
let exampleClients = ["Chirp", "Courses", "Tips", "Articles", "Kitchen", "HTTPBin", "Landmine", "Menagerie", "Streams"]

let package = Package(
    name: "Specwright",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Specwright", targets: ["Specwright"]),
        .executable(name: "specwright", targets: ["SpecwrightCLI"]),
        .plugin(name: "SpecwrightPlugin", targets: ["SpecwrightPlugin"]),
        .plugin(name: "GenerateClientCommand", targets: ["GenerateClientCommand"]),
    ],
    targets: [
        // MARK: Generator pipeline
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "SpecDiagnostics"),
        .target(name: "SpecYAML", dependencies: ["CYAML", "SpecDiagnostics"]),
        .target(name: "SpecCore", dependencies: ["SpecYAML", "SpecDiagnostics"]),
        .target(name: "SpecSwagger", dependencies: ["SpecYAML", "SpecDiagnostics"]),
        .target(name: "SpecOpenAPI", dependencies: ["SpecCore", "SpecSwagger", "SpecYAML", "SpecDiagnostics"]),
        .target(name: "SpecIR", dependencies: ["SpecCore"]),
        .target(name: "SpecRender", dependencies: ["SpecIR", "SpecCore", "SpecDiagnostics"]),
        .target(
            name: "DefaultTemplates",
            path: "Templates",
            sources: ["DefaultTemplates.swift"],
            resources: templateNames.map { .embedInCode("\($0).swifttemplate") }
        ),
        .target(
            name: "SpecCompiler",
            dependencies: ["SpecYAML", "SpecCore", "SpecOpenAPI", "SpecIR", "SpecRender", "DefaultTemplates"]
        ),
        .target(name: "SpecWriter", dependencies: ["SpecCore", "SpecDiagnostics"]),
        .executableTarget(name: "SpecwrightCLI", dependencies: ["SpecCompiler", "SpecYAML", "SpecWriter"]),

        // MARK: Plugins
        .plugin(name: "SpecwrightPlugin", capability: .buildTool(), dependencies: ["SpecwrightCLI"]),
        .plugin(
            name: "GenerateClientCommand",
            capability: .command(
                intent: .custom(verb: "generate-client", description: "Write the generated clients of *.api.yaml specs into each target's Generated/ folder"),
                permissions: [.writeToPackageDirectory(reason: "Specwright writes the generated client into the target's Generated/ folder")]
            ),
            dependencies: ["SpecwrightCLI"]
        ),

        // MARK: Runtime
        .target(name: "Specwright"),

        // MARK: Benchmark
        .executableTarget(
            name: "SpecwrightBenchmark",
            dependencies: ["SpecCompiler", "SpecCore", "SpecIR", "SpecYAML", "SpecSwagger", "SpecDiagnostics"],
            path: "Benchmarks/SpecwrightBenchmark"
        ),

        // MARK: Fuzzing (Scripts/fuzz builds it as a libFuzzer target; built normally it replays inputs)
        .target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"),
        .executableTarget(name: "SpecwrightFuzz", dependencies: ["SpecCompiler", "SpecRender", "SpecDiagnostics", "FuzzDriver"], path: "Fuzz/SpecwrightFuzz"),
        // The runtime's stream parsers (`Scripts/fuzz --parsers`): split input parses as whole input.
        .executableTarget(name: "StreamParserFuzz", dependencies: ["Specwright", "FuzzDriver"], path: "Fuzz/StreamParserFuzz", exclude: ["Seeds"]),

        .executableTarget(name: "RuntimeBenchmark", dependencies: ["Specwright"], path: "Benchmarks/RuntimeBenchmark", exclude: ["server.py"]),
        .executableTarget(name: "TransferBenchmark", dependencies: ["Specwright"], path: "Benchmarks/TransferBenchmark", exclude: ["server.py"]),

        // MARK: Tests
        // Helpers every test target shares: golden files, the team's shared data, child processes.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "SpecYAMLTests", dependencies: ["SpecYAML", "TestSupport"], exclude: ["YAMLTestSuite-deviations.txt"]),
        .testTarget(name: "SpecCoreTests", dependencies: ["SpecCore", "TestSupport"]),
        .testTarget(name: "SpecRenderTests", dependencies: ["SpecRender", "TestSupport"]),
        .testTarget(
            name: "SpecCompilerTests",
            dependencies: ["SpecCompiler", "SpecCore", "SpecRender", "SpecWriter", "Specwright", "DefaultTemplates", "TestSupport"],
            exclude: ["Goldens", "Diagnostics", "Server", "Corpus"]
        ),
        .testTarget(name: "SpecOpenAPITests", dependencies: ["SpecOpenAPI", "SpecCompiler", "SpecCore", "SpecYAML", "SpecDiagnostics", "TestSupport"], exclude: ["Goldens", "Diagnostics"]),
        .testTarget(name: "SpecWriterTests", dependencies: ["SpecWriter", "SpecCompiler", "SpecCore", "SpecYAML", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "SpecwrightCLITests", dependencies: ["SpecwrightCLI", "TestSupport"]),
        .testTarget(name: "SpecwrightTests", dependencies: ["Specwright", "TestSupport"], exclude: ["Server"]),
        .testTarget(
            name: "GeneratedClientTests",
            dependencies: exampleClients.map { .target(name: "\($0)Client") } + ["Specwright", "TestSupport"]
        ),
        // Against a real httpbin on loopback (Scripts/httpbin): started by Scripts/test, or by the tests.
        .testTarget(name: "HTTPBinTests", dependencies: ["HTTPBinClient", "Specwright", "TestSupport"]),
    ] + exampleClients.map { name in
        .target(
            name: "\(name)Client",
            dependencies: ["Specwright"],
            path: "Tests/GeneratedClients/\(name)",
            swiftSettings: strictWarnings
        )
    }
)
