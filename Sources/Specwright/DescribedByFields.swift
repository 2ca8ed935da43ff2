/// A generated final class (a model only responses use, a service call's arguments) prints as a
/// struct prints: `Post(id: 1, text: "Hello", editedAt: nil)`, each stored property by name, read
/// through reflection (a class would print its type's name alone).
///
/// These are classes because a struct of many fields makes the compiler emit code to copy, assign
/// and destroy each field, for every type (a third of a large client's code), where a class is one
/// reference the runtime's own functions copy. They are immutable, so a class reads and behaves as
/// the struct would.
public protocol DescribedByFields: CustomStringConvertible {}

extension DescribedByFields {
    /// The type's name and each stored property, as `print` writes a struct.
    public var description: String {
        let fields = Mirror(reflecting: self).children.map { child in
            "\(child.label ?? "_"): \(String(reflecting: child.value))"
        }
        return "\(Self.self)(\(fields.joined(separator: ", ")))"
    }
}
