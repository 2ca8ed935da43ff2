import SpecCompiler
import SpecCore
import SpecDiagnostics
import SpecRender
import SpecWriter

/// Runs `generate` and `validate` over several specs, and `convert` over one: all errors reported,
/// nothing written on error.
struct Runner {
    /// The folder of `--templates`, if given.
    let templatesFolder: String?

    func validate(_ specs: [String]) -> Int32 {
        var diagnostics = DiagnosticBag()
        for spec in specs {
            diagnostics.append(contentsOf: SpecCompiler.check(path: spec, read: { try FileSystem.read($0) }).diagnostics)
        }
        report(diagnostics.sorted)
        return diagnostics.hasErrors ? 1 : 0
    }

    /// `generate`: writes every spec's files that changed, all or nothing, and removes the files a
    /// spec generated with another shard count; with `prune`, also the files in `output` that
    /// Specwright generated and no spec given generates any more.
    func generate(_ specs: [String], output: String, settings: GenerateSettings, prune: Bool) -> Int32 {
        let files: [(file: OutputFile, spec: String)]
        let prefixes: [String]
        switch compile(specs, settings: settings) {
        case .success(let compiled): (files, prefixes) = compiled
        case .failure(let exit): return exit.code
        }
        let paths = files.map { FileSystem.join(output, $0.file.name) }
        // A spec's own files of another shard count go in any case (they would declare everything
        // twice), unless their header names another spec (`Chirp2.swift`, the namespace file of a
        // spec `Chirp2`, is also the name of spec `Chirp`'s second shard); with `prune`, so do the
        // files of specs no longer given.
        let written = files.map(\.file.name)
        let sources = Set(specs.map(POSIX.name(of:)))
        let stale = FileSystem.generatedFiles(in: output)
            .filter { name in
                guard !written.contains(name) else { return false }
                if prune { return true }
                guard prefixes.contains(where: { OutputLayout.isFile(name, ofPrefix: $0) }) else { return false }
                return FileSystem.generatedSource(of: FileSystem.join(output, name)).map(sources.contains) ?? true
            }
            .map { FileSystem.join(output, $0) }
        do {
            let changed = try OutputCommit.write(zip(paths, files).map { OutputCommit.File(path: $0, contents: $1.file.contents) },
                                                 into: output, removing: stale)
            if !settings.quiet {
                for (path, changed) in zip(paths, changed) { print(changed ? "wrote \(path)" : "unchanged \(path)") }
                for path in stale { print("removed \(path)") }
            }
        } catch {
            printError("error: cannot write to '\(output)': \(error); nothing was written")
            return 1
        }
        return 0
    }

    /// `convert`: reads `input` (an OpenAPI document or a spec) and writes it as one spec file to
    /// `output`, all or nothing, or to standard output. Nothing is written when there is an error.
    /// A `config` gives what shapes the spec (`operations`, `groupByTag`, `pagination`,
    /// `paginationConventions`); its other keys are for `generate`.
    func convert(_ input: String, output: String?, groupByTag: Bool = false, config configPath: String? = nil) -> Int32 {
        if let output {
            if FileSystem.isFolder(output) {
                printError("error: '\(output)' is a folder; --output names the spec file to write\nRun 'specwright --help' for usage.")
                return 2
            }
            if let input = POSIX.canonical(input), POSIX.canonical(output) == input {
                printError("error: --output '\(output)' is the input file; write the spec to another file\nRun 'specwright --help' for usage.")
                return 2
            }
        }
        let config: GeneratorConfig
        switch loadConfig(configPath, stableFileSet: false) {
        case .success(let loaded): config = loaded
        case .failure(let exit): return exit.code
        }
        var options = CompilerOptions(groupByTag: groupByTag || config.groupByTag == true, operations: config.operations)
        options.setPaging(from: config)
        let checked = SpecCompiler.check(path: input, options: options) { try FileSystem.read($0, limit: options.limits.maxFileSize) }
        var diagnostics = checked.diagnostics
        if let spec = checked.spec {
            for problem in SpecWriter.problems(spec) { diagnostics.report(problem) }
        }
        report(diagnostics.sorted)
        guard let spec = checked.spec, !diagnostics.hasErrors else { return 1 }
        let text = SpecWriter.yaml(spec)
        guard let output else {
            POSIX.write(text, to: 1)
            return 0
        }
        let folder = POSIX.folder(of: output)
        do {
            let changed = try OutputCommit.write([OutputCommit.File(path: output, contents: text)], into: folder.isEmpty ? "." : folder)
            print(changed.first == true ? "wrote \(output)" : "unchanged \(output)")
        } catch {
            printError("error: cannot write '\(output)': \(error); nothing was written")
            return 1
        }
        return 0
    }

    /// `generate --check`: names every file that is missing, differs, or was generated but no spec
    /// generates any more; writes nothing. For CI of teams that commit generated code.
    func check(_ specs: [String], output: String, settings: GenerateSettings) -> Int32 {
        let files: [(file: OutputFile, spec: String)]
        switch compile(specs, settings: settings) {
        case .success(let compiled): files = compiled.files
        case .failure(let exit): return exit.code
        }
        var problems: [String] = []
        for (file, spec) in files {
            let path = FileSystem.join(output, file.name)
            guard let existing = try? FileSystem.read(path) else {
                problems.append("error: \(path) is missing; generate it again (from \(spec))")
                continue
            }
            if !existing.elementsEqual(file.contents.utf8) {
                problems.append("error: \(path) differs from what \(spec) generates; generate it again")
            }
        }
        for path in staleFiles(in: output, besides: files.map(\.file.name)) {
            problems.append("error: \(path) was generated by Specwright but no spec given generates it")
        }
        if !problems.isEmpty {
            problems.append("note: 'specwright generate --prune' with the same specs and options (or 'swift package generate-client') brings the folder up to date")
        }
        problems.forEach(printError)
        if problems.isEmpty { print("\(files.count) files in \(output) are up to date") }
        return problems.isEmpty ? 0 : 1
    }

    /// The files in `output` that start with Specwright's header and are not among `names`.
    private func staleFiles(in output: String, besides names: [String]) -> [String] {
        FileSystem.generatedFiles(in: output).filter { !names.contains($0) }.map { FileSystem.join(output, $0) }
    }

    /// A failed run's exit status, once its errors are reported.
    struct ExitStatus: Error {
        var code: Int32
    }

    /// The config at `path` (none: the defaults), or the exit status after reporting its errors;
    /// with `stableFileSet`, `shards` is held to the build plugin's limit.
    private func loadConfig(_ path: String?, stableFileSet: Bool) -> Result<GeneratorConfig, ExitStatus> {
        guard let path else { return .success(GeneratorConfig()) }
        let loaded = stableFileSet
            ? ConfigLoader.load(path: path, maxShards: OutputLayout.maxStableShards, shardLimit: "the build plugin's limit", read: { try FileSystem.read($0) })
            : ConfigLoader.load(path: path, maxShards: CompilerOptions.maxShards, read: { try FileSystem.read($0) })
        guard let config = loaded.config else {
            report(loaded.diagnostics.sorted)
            return .failure(ExitStatus(code: 1))
        }
        return .success(config)
    }

    /// Every spec's files, or the exit status after reporting the errors of any spec (including two
    /// specs that would write the same file).
    private func compile(
        _ specs: [String], settings: GenerateSettings
    ) -> Result<(files: [(file: OutputFile, spec: String)], prefixes: [String]), ExitStatus> {
        var diagnostics = DiagnosticBag()
        let config: GeneratorConfig
        switch loadConfig(settings.config, stableFileSet: settings.stableFileSet) {
        case .success(let loaded): config = loaded
        case .failure(let exit): return .failure(exit)
        }
        let templates: TemplateSet
        switch loadTemplates(from: templatesFolder ?? config.templates, namedAt: templatesFolder == nil ? config.templatesLocation : nil) {
        case .success(let loaded): templates = loaded
        case .failure(let exit): return .failure(exit)
        }
        var options = CompilerOptions(access: settings.access ?? config.access, filePrefix: settings.filePrefix,
                                      shards: settings.shards ?? config.shards, groupByTag: settings.groupByTag || config.groupByTag == true,
                                      stableFileSet: settings.stableFileSet, stubService: config.stubService,
                                      operations: config.operations)
        options.setPaging(from: config)
        var files: [(file: OutputFile, spec: String)] = []
        var prefixes: [String] = []
        for spec in specs {
            let result = SpecCompiler.compile(path: spec, templates: templates, options: options) {
                try FileSystem.read($0, limit: options.limits.maxFileSize)
            }
            diagnostics.append(contentsOf: result.diagnostics)
            if let prefix = result.prefix { prefixes.append(prefix) }
            for file in result.files {
                if let other = files.first(where: { $0.file.name == file.name }) {
                    diagnostics.error("'\(file.name)' would be generated by both '\(other.spec)' and '\(spec)'; give the specs different names",
                                      at: SourceLocation(file: spec, line: 1, column: 1))
                }
                files.append((file, spec))
            }
        }
        report(diagnostics.sorted)
        return diagnostics.hasErrors ? .failure(ExitStatus(code: 1)) : .success((files, prefixes))
    }

    /// The default templates with the overrides in `folder`. A missing folder is a usage error
    /// (exit 2) when a flag names it, an error at the config's line when the config does; a
    /// template that does not parse is an error (exit 1).
    private func loadTemplates(from folder: String?, namedAt location: SourceLocation?) -> Result<TemplateSet, ExitStatus> {
        var overrides: [(name: String, path: String, text: String)] = []
        if let folder {
            guard FileSystem.isFolder(folder) else {
                if let location {
                    printError("\(location): error: templates folder '\(folder)' does not exist")
                    return .failure(ExitStatus(code: 1))
                }
                printError("error: templates folder '\(folder)' does not exist\nRun 'specwright --help' for usage.")
                return .failure(ExitStatus(code: 2))
            }
            do {
                overrides = try FileSystem.templates(in: folder)
            } catch {
                printError("error: cannot read templates in '\(folder)': \(error)")
                return .failure(ExitStatus(code: 1))
            }
        }
        let (templates, diagnostics) = SpecCompiler.templates(overrides: overrides)
        report(diagnostics.sorted)
        return templates.map { .success($0) } ?? .failure(ExitStatus(code: 1))
    }
}

extension CompilerOptions {
    /// The config's paging: by operation, and the conventions to recognize.
    mutating func setPaging(from config: GeneratorConfig) {
        pagination = config.pagination
        paginationConventions = config.paginationConventions
    }
}
