// swift-tools-version:6.1
// A library target with two specs. Both APIs have a `list` and a `get` endpoint: in one namespace
// they would collide, but each spec generates its own (`Billing.list()`, `Accounts.list()`).
import PackageDescription

let package = Package(
    name: "TwoAPIs",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "Services", targets: ["Services"])],
    dependencies: [
        .package(name: "Specwright", path: "../.."),
    ],
    targets: [
        .target(
            name: "Services",
            dependencies: [.product(name: "Specwright", package: "Specwright")],
            plugins: [.plugin(name: "SpecwrightPlugin", package: "Specwright")]
        ),
        .testTarget(name: "ServicesTests", dependencies: ["Services"]),
    ]
)
