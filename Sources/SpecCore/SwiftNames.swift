/// The Swift name of each kind of declaration, in one place so validation and lowering agree.
public enum SwiftNames {
    /// A model's type name: `public_user` -> `PublicUser`.
    public static func model(_ name: String) -> String { Naming.upperCamel(name) }
    /// A field or parameter: its `swiftName`, else the wire name in lowerCamelCase.
    public static func field(_ field: FieldDecl) -> String { field.swiftName ?? Naming.lowerCamel(field.wireName) }
    /// An enum case: its chosen name, else the wire value in lowerCamelCase.
    public static func enumCase(_ enumCase: EnumDecl.Case) -> String { enumCase.swiftName ?? Naming.lowerCamel(enumCase.wireValue) }
    /// A union case: the tag in lowerCamelCase.
    public static func unionCase(_ tag: String) -> String { Naming.lowerCamel(tag) }
    /// An endpoint's factory function.
    public static func endpoint(_ name: String) -> String { Naming.lowerCamel(name) }
    /// An endpoint's method in the service protocol: its group path and name in lowerCamelCase
    /// (`posts` / `like` -> `postsLike`), since the protocol is flat.
    public static func serviceMethod(_ name: String, groups: [String]) -> String {
        groups.isEmpty ? endpoint(name) : Naming.lowerCamel((groups + [name]).joined(separator: "_"))
    }
    /// The service protocol of the API named `namespace`.
    public static func serviceProtocol(_ namespace: String) -> String { namespace + "Service" }
    /// The service protocol's implementation over `APIClient`.
    public static func liveService(_ namespace: String) -> String { "Live" + namespace + "Service" }
    /// The service protocol's test double, whose methods answer with closures a test sets.
    public static func stubService(_ namespace: String) -> String { "Stub" + namespace + "Service" }
    /// The stub's closure for a service method: `feedHandler`; `taken` holds every service method
    /// name, and a handler name that is one of them gets a `_` (`feedHandler_`).
    public static func stubHandler(_ method: String, taken: Set<String>) -> String {
        var name = method.filter { $0 != "`" } + "Handler"
        while taken.contains(name) { name += "_" }
        return name
    }
    /// A group's nested enum.
    public static func group(_ name: String) -> String { Naming.upperCamel(name) }
    /// The enum of an endpoint's error bodies, when they have several types.
    public static func errorEnum(_ endpoint: String) -> String { Naming.upperCamel(endpoint) + "Error" }
    /// The argument for the path placeholder `{name}` of `endpoint`: its declared parameter's Swift
    /// name, or the placeholder in lowerCamelCase when undeclared (then a String).
    public static func pathArgument(_ name: String, of endpoint: EndpointDecl) -> String {
        endpoint.pathParameters.first { $0.wireName == name }.map(field) ?? Naming.lowerCamel(name)
    }
}
