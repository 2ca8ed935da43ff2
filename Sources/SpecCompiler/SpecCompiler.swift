import DefaultTemplates
import SpecCore
import SpecDiagnostics
import SpecIR
import SpecOpenAPI
import SpecRender
import SpecYAML

/// One generated file: its name (no folder) and its text.
public struct OutputFile: Sendable, Hashable {
    /// The file name, like `ChirpModels.swift`.
    public var name: String
    /// The Swift source.
    public var contents: String
}

/// What a compile run may override.
public struct CompilerOptions: Sendable {
    /// Overrides the spec's `access`.
    public var access: AccessLevel?
    /// Names the output files instead of the spec's `name` (build plugins use the spec's file name,
    /// which they know before the generator runs).
    public var filePrefix: String?
    /// How many files the models and the endpoints are each split into (1: one file each); nil
    /// chooses by the spec's size (``automaticShards(declarations:)``).
    public var shards: Int?
    /// Bounds for the YAML layer.
    public var limits: YAMLLimits
    /// For an OpenAPI document: each operation goes into a group named after its first tag.
    public var groupByTag: Bool
    /// Whether to generate every file of `OutputLayout.stableFileNames`, the ones this shard count
    /// does not use holding only a header: for build plugins, whose outputs are planned once.
    public var stableFileSet: Bool
    /// Overrides the spec's `stubService`.
    public var stubService: Bool?
    /// Only these operations, and the models they use, are generated (see ``OperationSelection``).
    public var operations: [LocatedName]?
    /// How operations page, by name, beside their own `pagination:` (a config's `pagination`).
    public var pagination: [PaginationSetting] = []
    /// The paging conventions to recognize (a config's `paginationConventions`).
    public var paginationConventions: [LocatedName] = []

    /// Options with the spec's own settings.
    public init(
        access: AccessLevel? = nil, filePrefix: String? = nil, shards: Int? = nil, limits: YAMLLimits = .default, groupByTag: Bool = false,
        stableFileSet: Bool = false, stubService: Bool? = nil, operations: [LocatedName]? = nil
    ) {
        self.operations = operations
        self.access = access
        self.filePrefix = filePrefix
        self.shards = shards
        self.limits = limits
        self.groupByTag = groupByTag
        self.stableFileSet = stableFileSet
        self.stubService = stubService
    }

    /// The most shards a spec can be split into.
    public static let maxShards = OutputLayout.maxShards

    /// How many declarations (models and endpoints) one shard holds when the spec does not say.
    static let declarationsPerShard = 150

    /// The shards a spec of `declarations` models and endpoints gets when nothing sets `shards`:
    /// one per ``declarationsPerShard``, an even number when more than one, at most the build
    /// plugin's limit. Smaller files keep the compiler's memory down (OpenAI's 560 declarations
    /// build in 267 MB in 4 shards, 364 MB in one) and let an edit recompile one shard; an even
    /// count beside the small namespace file gives two cores the same number of shards.
    static func automaticShards(declarations: Int) -> Int {
        let shards = (declarations + declarationsPerShard - 1) / declarationsPerShard
        guard shards > 1 else { return 1 }
        return min(shards + shards % 2, OutputLayout.maxStableShards)
    }
}

/// The result of compiling one spec.
public struct CompileResult: Sendable {
    /// The generated files; empty when there are errors.
    public var files: [OutputFile]
    /// Every diagnostic of the run.
    public var diagnostics: DiagnosticBag
    /// Every spec file read (the root and its includes), for build systems.
    public var inputs: [String]
    /// What the names of the generated files start with (``OutputLayout/prefix``); nil when there are errors.
    public var prefix: String?
}

/// The whole pipeline in one call: YAML -> spec model -> validation -> IR -> templates -> files.
public enum SpecCompiler {
    /// Reads, decodes and validates the spec at `path`: every diagnostic, and the spec when it has no errors.
    public static func check(
        path: String, options: CompilerOptions = CompilerOptions(), read: (String) throws -> [UInt8]
    ) -> (spec: Spec?, diagnostics: DiagnosticBag, inputs: [String]) {
        let checked = checkAndAnalyse(path: path, options: options, read: read)
        return (checked.spec, checked.diagnostics, checked.inputs)
    }

    /// ``check(path:options:read:)``, with the spec's analysis, made once for validation and lowering.
    private static func checkAndAnalyse(
        path: String, options: CompilerOptions, read: (String) throws -> [UInt8]
    ) -> (spec: Spec?, analysis: SpecAnalysis?, diagnostics: DiagnosticBag, inputs: [String]) {
        let (decoded, decodeDiagnostics) = load(
            path: path, limits: options.limits, groupByTag: options.groupByTag, operations: options.operations, read: read)
        var diagnostics = decodeDiagnostics
        guard let loaded = decoded else { return (nil, nil, diagnostics, [path]) }
        let spec = PaginationConventions.apply(options.pagination, conventions: options.paginationConventions, to: loaded, diagnostics: &diagnostics)
        let analysis = SpecAnalysis(spec)
        diagnostics.append(contentsOf: Validator.validate(spec, analysis: analysis))
        return diagnostics.hasErrors ? (nil, nil, diagnostics, spec.files) : (spec, analysis, diagnostics, spec.files)
    }

    /// Decodes the file at `path`: a Specwright spec, or an OpenAPI 3 document lowered into the same model.
    /// - Parameters:
    ///   - groupByTag: for an OpenAPI document, group each operation under its first tag.
    ///   - operations: keep only these operations and the models they use (an OpenAPI document
    ///     lowers only them); a name that matches nothing is an error.
    public static func load(
        path: String, limits: YAMLLimits = .default, groupByTag: Bool = false, operations: [LocatedName]? = nil,
        read: (String) throws -> [UInt8]
    ) -> (spec: Spec?, diagnostics: DiagnosticBag) {
        var selects: (@Sendable (String, HTTPMethodName, String) -> Bool)?
        let seen = OperationSelection.SeenNames()
        if let names = operations?.map(\.name) {
            selects = { (name: String, method: HTTPMethodName, path: String) -> Bool in
                seen.add(name)
                return names.contains { selector in OperationSelection.matches(selector, name: name, method: method, path: path) }
            }
        }
        // The root's duplicate keys (the only errors a parsed root can have) go with the rest.
        let (parsed, rootDiagnostics) = SpecLoader.parseRoot(path: path, limits: limits, read: read)
        var diagnostics = rootDiagnostics
        guard let root = parsed else { return (nil, diagnostics) }
        let (spec, decoding) = OpenAPILoader.isOpenAPI(root)
            ? withoutActuallyEscaping(read) { read in OpenAPILoader.load(root: root, path: path, limits: limits, groupByTag: groupByTag, selecting: selects, read: read) }
            : SpecLoader.load(root: root, path: path, limits: limits, read: read)
        diagnostics.append(contentsOf: decoding)
        if let operations, var selected = spec {
            selected = OperationSelection.select(operations, in: selected, alsoNamed: seen.names, diagnostics: &diagnostics)
            return (selected, diagnostics)
        }
        return (spec, diagnostics)
    }

    /// Compiles the spec at `path`, reading files with `read`.
    public static func compile(
        path: String, templates: TemplateSet, options: CompilerOptions = CompilerOptions(),
        read: (String) throws -> [UInt8]
    ) -> CompileResult {
        var (checked, analysis, diagnostics, inputs) = checkAndAnalyse(path: path, options: options, read: read)
        guard var spec = checked, let analysis else { return CompileResult(files: [], diagnostics: diagnostics, inputs: inputs) }
        if let stubService = options.stubService { spec.stubService = stubService }
        let lowering = Lowering(spec, analysis: analysis, access: options.access)
        let shards = options.shards ?? CompilerOptions.automaticShards(declarations: spec.models.count + spec.flattenedEndpoints.count)
        let layout = OutputLayout(prefix: options.filePrefix ?? spec.name, shards: shards)
        let sharding = Sharding(count: layout.shards)
        var jobs: [@Sendable () -> Result<OutputFile, TemplateError>] = []
        if sharding.count == 1 {
            jobs.append { render("Models", .object(lowering.modelsFile()), as: layout.modelsFile, with: templates) }
            jobs.append { render("Endpoints", .object(lowering.endpointsFile()), as: layout.namespaceFile, with: templates) }
        } else {
            jobs.append { render("Endpoints", .object(lowering.endpointsFile(skeletonOnly: true)), as: layout.namespaceFile, with: templates) }
            for shard in 0..<sharding.count {
                jobs.append { render("Shard", .object(lowering.shard(shard, of: sharding)), as: layout.shardFile(shard), with: templates) }
            }
        }
        switch Parallel.map(jobs) {
        case .success(var files):
            if options.stableFileSet { files += placeholders(besides: files, of: layout, source: spec.file) }
            return CompileResult(files: files, diagnostics: diagnostics, inputs: inputs, prefix: layout.prefix)
        case .failure(let error):
            diagnostics.report(error.diagnostic)
            return CompileResult(files: [], diagnostics: diagnostics, inputs: inputs)
        }
    }

    /// The files of `OutputLayout.stableFileNames` that `files` leave out, each holding only a header
    /// that says why it is empty.
    private static func placeholders(besides files: [OutputFile], of layout: OutputLayout, source: String) -> [OutputFile] {
        let file = source.split(separator: "/").last.map(String.init) ?? source
        let header = """
            // Generated by Specwright from \(file). DO NOT EDIT.
            //
            // Empty: with \(layout.shards == 1 ? "one shard" : "\(layout.shards) shards") this file holds nothing. The build plugin declares
            // every file a shard count can use, so that changing `shards` needs no clean build.

            """
        let written = Set(files.map(\.name))
        return OutputLayout.stableFileNames(prefix: layout.prefix).filter { !written.contains($0) }.map { OutputFile(name: $0, contents: header) }
    }

    private static func render(
        _ template: String, _ context: TemplateValue, as name: String, with templates: TemplateSet
    ) -> Result<OutputFile, TemplateError> {
        do {
            return .success(OutputFile(name: name, contents: try templates.render(template, context)))
        } catch {
            return .failure(error)
        }
    }

    /// The default templates, each replaced by a file of the same name from `overrides`.
    /// Returns nil when a template does not parse; the diagnostics say where.
    public static func templates(
        overrides: [(name: String, path: String, text: String)] = []
    ) -> (templates: TemplateSet?, diagnostics: DiagnosticBag) {
        var diagnostics = DiagnosticBag()
        var templates: [Template] = []
        for (name, text) in DefaultTemplates.all {
            do {
                templates.append(try Template(name: name, path: "Templates/\(name).swifttemplate", source: text))
            } catch {
                diagnostics.report(error.diagnostic)
            }
        }
        let defaults = DefaultTemplates.all.map(\.name)
        for override in overrides {
            guard defaults.contains(override.name) else {
                diagnostics.error(
                    "'\(override.name).swifttemplate' does not replace a default template\(Suggestions.didYouMean(override.name, in: defaults)) (the defaults are \(defaults.joined(separator: ", ")))",
                    at: SourceLocation(file: override.path, line: 1, column: 1))
                continue
            }
            do {
                templates.append(try Template(name: override.name, path: override.path, source: override.text))
            } catch {
                diagnostics.report(error.diagnostic)
            }
        }
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        let set = TemplateSet(templates)
        for problem in set.validate() { diagnostics.report(problem) }
        return (diagnostics.hasErrors ? nil : set, diagnostics)
    }
}
