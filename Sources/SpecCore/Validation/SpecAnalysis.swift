/// What validation and lowering both need of a spec, made once per run: its models by name, the
/// Swift names of its declarations, and where its models contain themselves.
public struct SpecAnalysis: Sendable {
    /// The models by name.
    public let symbols: SymbolTable
    /// Every declaration's Swift name.
    public let names: NameTable
    /// The by-value references between models, and the fields that must be stored indirectly.
    public let recursion: Recursion

    /// Analyses `spec` (decoded; validation may still find it has errors): the names on one core,
    /// the symbol table and the recursion analysis on another.
    public init(_ spec: Spec) {
        let (tables, names) = BothAtOnce.run({ () -> (SymbolTable, Recursion) in
            let symbols = SymbolTable(spec)
            return (symbols, Recursion(spec, symbols: symbols))
        }, { NameTable(spec) })
        (symbols, recursion) = tables
        self.names = names
    }
}
