import CYAML
import SpecDiagnostics

/// A thin wrapper over libyaml's event parser reading a borrowed UTF-8 buffer (or, when it holds
/// NEL, LS or PS, the copy with their stand-ins: see `LineSeparators`).
///
/// `withReader` owns the parser's lifetime (initialise, use, delete); the caller keeps the input
/// buffer alive around the whole call. Each successful `next()` fills `event`, which the caller
/// must free exactly once with `deleteEvent()` before the next call.
struct EventReader {
    /// The libyaml parser state.
    let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The current event, valid between a successful `next()` and `deleteEvent()`.
    let event: UnsafeMutablePointer<yaml_event_t>
    /// The input as written, which errors locate and quote; it must outlive the reader.
    let input: UnsafeBufferPointer<UInt8>

    /// Runs `body` with a reader over `input`, or returns nil if libyaml could not allocate its parser.
    /// With `separators`, libyaml reads their copy of `input` instead.
    static func withReader<Result, Failure: Error>(
        over input: UnsafeBufferPointer<UInt8>,
        separators: LineSeparators?,
        _ body: (EventReader) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard let separators else { return try withParser(reading: input, input: input, body) }
        return try separators.input.withUnsafeBufferPointer { replaced throws(Failure) in
            try withParser(reading: replaced, input: input, body)
        }
    }

    /// `withReader` with libyaml reading `text`, a copy of `input` of the same length and lines.
    private static func withParser<Result, Failure: Error>(
        reading text: UnsafeBufferPointer<UInt8>,
        input: UnsafeBufferPointer<UInt8>,
        _ body: (EventReader) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        // libyaml rejects a NULL input pointer, which an empty buffer may have.
        let placeholder = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        defer {
            placeholder.deallocate()
            event.deallocate()
            parser.deallocate()
        }
        guard yaml_parser_initialize(parser) != 0 else { return nil }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input_string(parser, text.baseAddress ?? UnsafePointer(placeholder), text.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        return try body(EventReader(parser: parser, event: event, input: input))
    }

    /// Parses the next event into `event`; false on a libyaml error (see `failure(file:)`).
    @inline(__always)
    func next() -> Bool {
        yaml_parser_parse(parser, event) != 0
    }

    /// Frees the current event's memory.
    @inline(__always)
    func deleteEvent() {
        yaml_event_delete(event)
    }

    /// The located diagnostic for the libyaml error that made `next()` fail.
    func failure(file: String) -> Diagnostic {
        LibYAMLError.diagnostic(for: parser, input: input, file: file)
    }
}
