import Specwright
import Foundation

/// One fuzz input for the stream parsers: the first byte picks the framing (event stream, JSON
/// Lines, JSON text sequence, or a multipart body), the next eight seed where the rest is split.
/// The invariant: the split input gives the same elements as the whole, or both fail with the
/// parser's typed error. A small limit makes the too-large path reachable. A multipart body is
/// read whole; its parts written again and read back are the same parts.
enum StreamInput {
    static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 9 else { return }
        if bytes[0] % 4 == 3 {
            MultipartInput.run(Data(bytes[9...]))
            return
        }
        let framing = bytes[0] % 4
        var seed: UInt64 = 0
        for byte in bytes[1..<9] { seed = seed << 8 | UInt64(byte) }
        let stream = Data(bytes[9...])
        let cuts = splitPoints(count: stream.count, seed: seed)
        let limit = 64 + Int(bytes[1]) * 16
        let whole: Parsed
        let split: Parsed
        switch framing {
        case 0:
            whole = events(stream, cuts: [], limit: limit)
            split = events(stream, cuts: cuts, limit: limit)
        case 1:
            whole = records(stream, cuts: [], parser: JSONLinesParser(maxLineBytes: limit))
            split = records(stream, cuts: cuts, parser: JSONLinesParser(maxLineBytes: limit))
        default:
            whole = records(stream, cuts: [], parser: JSONSequenceParser(maxRecordBytes: limit))
            split = records(stream, cuts: cuts, parser: JSONSequenceParser(maxRecordBytes: limit))
        }
        precondition(whole == split, "framing \(framing): whole \(whole), split at \(cuts) \(split)")
    }

    /// What a parser gave: its elements, or that it failed.
    enum Parsed: Equatable {
        case elements([String])
        case tooLarge
    }

    /// Up to 16 cut points in `0..<count`, from `seed`.
    static func splitPoints(count: Int, seed: UInt64) -> [Int] {
        guard count > 1 else { return [] }
        var state = seed
        var cuts: [Int] = []
        for _ in 0..<Int(seed % 16) + 1 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            cuts.append(1 + Int((state >> 33) % UInt64(count - 1)))
        }
        return Array(Set(cuts)).sorted()
    }

    static func pieces(_ data: Data, cuts: [Int]) -> [Data] {
        var start = 0
        var pieces: [Data] = []
        for cut in cuts {
            pieces.append(data.subdata(in: start..<cut))
            start = cut
        }
        pieces.append(data.subdata(in: start..<data.count))
        return pieces
    }

    static func events(_ data: Data, cuts: [Int], limit: Int) -> Parsed {
        var parser = ServerSentEventParser(maxEventBytes: limit)
        var out: [String] = []
        do {
            for piece in pieces(data, cuts: cuts) {
                out += try parser.parse(piece).map { "\($0.event)|\($0.id ?? "-")|\($0.retry ?? -1)|\($0.data)" }
            }
        } catch {
            return .tooLarge
        }
        _ = parser.finish()
        return .elements(out)
    }

    static func records<Parser: RecordParsing>(_ data: Data, cuts: [Int], parser: Parser) -> Parsed {
        var parser = parser
        var out: [Data] = []
        do {
            for piece in pieces(data, cuts: cuts) { out += try parser.parse(piece) }
        } catch {
            return .tooLarge
        }
        out += parser.finish()
        return .elements(out.map { $0.base64EncodedString() })
    }
}

/// The two record parsers, for one generic check.
protocol RecordParsing {
    mutating func parse(_ bytes: Data) throws(StreamFrameTooLarge) -> [Data]
    mutating func finish() -> [Data]
}

extension JSONLinesParser: RecordParsing {}
extension JSONSequenceParser: RecordParsing {}
