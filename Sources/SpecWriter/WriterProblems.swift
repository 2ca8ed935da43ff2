import SpecCore
import SpecDiagnostics

/// What format v1 cannot say of a spec: a spec `SpecLoader` decoded has none of these, but one
/// built by another front end (OpenAPI) can. Each is a warning at the declaration it concerns.
enum WriterProblems {
    static func check(_ spec: Spec) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        if case .pattern(let pattern) = spec.dates, ["", "iso8601", "iso8601-fractional", "seconds", "milliseconds"].contains(pattern) {
            problems.append(warning("the date format pattern '\(pattern)' reads back as a named date strategy", at: spec.nameLocation))
        }
        let names = NameTable(spec)
        for model in spec.models { check(model, caseNames: names.model(named: model.name)?.cases ?? [], into: &problems) }
        check(spec.endpoints, into: &problems)
        return problems
    }

    private static func check(_ model: ModelDecl, caseNames: [String], into problems: inout [Diagnostic]) {
        switch model.kind {
        case .alias:
            break
        case .object(let fields):
            check(fields, in: "model '\(model.name)'", into: &problems)
        case .enumeration(let decl):
            let chosen = decl.cases.filter { $0.swiftName != nil }.count
            if chosen > 0 && chosen < decl.cases.count {
                problems.append(warning(
                    "enum '\(model.name)' chooses the Swift names of some cases only; the format chooses all or none, so the derived names are written out",
                    at: model.location))
            }
            if chosen > 0 {
                for (enumCase, name) in zip(decl.cases, caseNames) where !Naming.isIdentifier(name) {
                    problems.append(warning(
                        "case '\(name)' of enum '\(model.name)' is not a Swift identifier, which the format needs as a case name",
                        at: enumCase.location))
                }
            }
        case .union:
            break
        }
    }

    private static func check(_ items: [EndpointItem], into problems: inout [Diagnostic]) {
        for item in items {
            switch item {
            case .endpoint(let endpoint):
                check(endpoint, into: &problems)
            case .group(let group):
                if group.items.isEmpty {
                    problems.append(warning("group '\(group.name)' is empty; the format reads an empty entry as an error", at: group.location))
                }
                for case .endpoint(let endpoint) in group.items where endpoint.name == "request" {
                    problems.append(warning(
                        "group '\(group.name)' holds an endpoint named 'request'; the format reads such a group as an endpoint",
                        at: endpoint.location))
                }
                check(group.items, into: &problems)
            }
        }
    }

    private static func check(_ endpoint: EndpointDecl, into problems: inout [Diagnostic]) {
        let what = "endpoint '\(endpoint.name)'"
        let path = endpoint.path.unicodeScalars
        if path.isEmpty || path.first == " " || path.last == " " || path.last == "\t" {
            problems.append(warning("the path '\(endpoint.path)' of \(what) cannot be written in a request line", at: endpoint.pathLocation))
        }
        check(endpoint.pathParameters, in: what, into: &problems)
        check(endpoint.query, in: what, into: &problems)
        check(endpoint.headers, in: what, into: &problems)
        check(endpoint.cookies, in: what, into: &problems)
        if case .fields(let fields, _) = endpoint.body { check(fields, in: "the body of \(what)", into: &problems) }
        for error in endpoint.errors {
            if case .code(let status) = error.status, !(300...599).contains(status) {
                problems.append(warning("error status \(status) of \(what) is not one the format takes (300 to 599)", at: error.location))
            }
        }
        if let timeout = endpoint.timeout, !(timeout.isFinite && timeout > 0) {
            problems.append(warning("the timeout of \(what) is not a positive number of seconds", at: endpoint.location))
        }
    }

    private static func check(_ fields: [FieldDecl], in what: String, into problems: inout [Diagnostic]) {
        for field in fields {
            if let swiftName = field.swiftName, !Naming.isIdentifier(swiftName) {
                problems.append(warning("swiftName '\(swiftName)' of '\(field.wireName)' in \(what) is not a Swift identifier", at: field.location))
            }
            if case .number(let text)? = (field.defaultValue ?? field.serverDefault)?.value, !FieldWriting.isDefaultNumber(text) {
                problems.append(warning(
                    "the default '\(text)' of '\(field.wireName)' in \(what) is not a number the format reads (digits, one '.', an optional '-')",
                    at: field.location))
            }
        }
    }

    private static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, at: location, message)
    }
}
