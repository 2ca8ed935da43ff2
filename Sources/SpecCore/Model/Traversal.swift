/// The walks every stage needs over the model, written once: the endpoints with their groups, and
/// the types a declaration refers to.

/// An endpoint with the groups it is nested in, outermost first.
public struct EndpointEntry: Sendable {
    /// The endpoint.
    public let endpoint: EndpointDecl
    /// The enclosing groups, outermost first; empty at the top level.
    public let groups: [GroupDecl]
    /// The endpoint's position in ``Spec/flattenedEndpoints``.
    public let index: Int

    /// The groups' names as the spec writes them.
    var groupNames: [String] { groups.map(\.name) }
}

extension Spec {
    /// Every endpoint, depth first in declaration order, with its groups.
    public var flattenedEndpoints: [EndpointEntry] {
        var entries: [EndpointEntry] = []
        func walk(_ items: [EndpointItem], groups: [GroupDecl]) {
            for item in items {
                switch item {
                case .endpoint(let endpoint): entries.append(EndpointEntry(endpoint: endpoint, groups: groups, index: entries.count))
                case .group(let group): walk(group.items, groups: groups + [group])
                }
            }
        }
        walk(endpoints, groups: [])
        return entries
    }
}

extension GroupDecl {
    /// How many endpoints the group holds, in its subgroups too.
    var endpointCount: Int {
        items.reduce(0) { count, item in
            switch item {
            case .endpoint: count + 1
            case .group(let group): count + group.endpointCount
            }
        }
    }
}

extension EndpointDecl {
    /// The path, query and header parameters the spec declares, in that order.
    var parameterFields: [FieldDecl] { pathParameters + query + headers + cookies }

    /// The types a request sends: parameters and the body.
    public var requestTypes: [TypeExpr] {
        var types = parameterFields.map(\.type)
        switch body {
        case .fields(let fields, _)?: types += fields.map(\.type) + fields.flatMap { $0.partHeaders.map(\.type) }
        case .type(let type)?: types.append(type)
        case nil: break
        }
        return types + bodies.map(\.type)
    }

    /// The types an answer decodes: the response, the error bodies and the declared headers.
    public var responseTypes: [TypeExpr] {
        (response.map { [$0] } ?? []) + outcomes.map(\.type) + errors.map(\.type) + responseHeaders.map(\.type)
    }
}

extension ModelDecl {
    /// The types the model refers to: its fields', variants' or alias target's.
    public var referencedTypes: [TypeExpr] {
        switch kind {
        case .object(let fields): fields.map(\.type)
        case .union(let decl): decl.variants.map(\.type)
        case .alias(let target): [target]
        case .enumeration: []
        }
    }
}

extension TypeExpr {
    /// Every name the expression mentions, outermost first: `[Page<Post>]?` gives `Page`, `Post`.
    public var mentionedNames: [String] {
        switch self {
        case .named(let name, let arguments, _): [name] + arguments.flatMap(\.mentionedNames)
        case .array(let inner), .dictionary(let inner), .optional(let inner): inner.mentionedNames
        }
    }
}
