// swift-tools-version:6.1
// An app-style package: the ChirpKit library gets its API client from Chirp.api.yaml at build time
// (the SpecwrightPlugin build-tool plugin), and the chirp-demo executable talks to a server with it.
import PackageDescription

let package = Package(
    name: "ChirpApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // In your own package: .package(url: "<specwright repository URL>", from: "0.1.0")
        .package(name: "Specwright", path: "../.."),
    ],
    targets: [
        .target(
            name: "ChirpKit",
            dependencies: [.product(name: "Specwright", package: "Specwright")],
            plugins: [.plugin(name: "SpecwrightPlugin", package: "Specwright")]
        ),
        .executableTarget(name: "chirp-demo", dependencies: ["ChirpKit"], path: "Sources/ChirpDemo"),
        .testTarget(name: "ChirpKitTests", dependencies: ["ChirpKit"]),
    ]
)
