import Foundation
import SpecDiagnostics
import Testing

@testable import SpecYAML

@Suite("Limits and hostile input")
struct LimitTests {
    /// The CPU time `body` takes on this thread, in seconds: unlike wall time, other work on the
    /// machine does not stretch it, so a bound on it holds on a loaded machine. The bounds are
    /// ten times and more what the refusals take (Docs/Benchmarks.md has the figures).
    private func cpuSeconds(_ body: () -> Void) -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let start = now()
        body()
        return now() - start
    }

    @Test func billionLaughsIsRejectedFast() throws {
        // Three levels of 100 aliases, then ~1 MB of aliases to the third level.
        var text = "l0: &l0 [" + Array(repeating: "lol", count: 100).joined(separator: ", ") + "]\n"
        text += "l1: &l1 [" + Array(repeating: "*l0", count: 100).joined(separator: ", ") + "]\n"
        text += "l2: &l2 [" + Array(repeating: "*l1", count: 100).joined(separator: ", ") + "]\n"
        text += "l3: [" + Array(repeating: "*l2", count: 200_000).joined(separator: ", ") + "]\n"
        #expect(text.utf8.count > 1_000_000)
        var result: Diagnostic?
        let time = cpuSeconds { result = failure(text) }
        let diagnostic = try #require(result)
        #expect(diagnostic.message
            == "too many alias expansions (more than 1000000 nodes); the document may be a 'billion laughs' attack")
        // l1 expands 100 × 101 nodes; the 99th alias in l2 (10,101 nodes each) crosses 1,000,000.
        #expect(diagnostic.location == at(3, 10 + 98 * 5))
        #expect(time < 1)
    }

    @Test func aliasBudgetCountsEachUseAtItsFullSize() throws {
        let limits = YAMLLimits(maxAliasExpansion: 3)
        _ = try root("a: &a [1, 2]\nb: *a\n", limits: limits)
        let diagnostic = try #require(failure("a: &a [1, 2]\nb: *a\nc: *a\n", limits: limits))
        #expect(diagnostic.message
            == "too many alias expansions (more than 3 nodes); the document may be a 'billion laughs' attack")
        #expect(diagnostic.location == at(3, 4))
    }

    @Test func deepFlowNestingIsRejectedFast() throws {
        let text = String(repeating: "[", count: 100_000)
        var result: Diagnostic?
        let time = cpuSeconds { result = failure(text) }
        let diagnostic = try #require(result)
        #expect(diagnostic.message == "nesting too deep (more than 256 levels)")
        #expect(diagnostic.location == at(1, 257))
        #expect(time < 0.5)
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let text = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        var node = try root(text)
        var depth = 0
        while let items = node.sequence {
            depth += 1
            guard let first = items.first else { break }
            node = first
        }
        #expect(depth == 256)
        let diagnostic = try #require(failure("[" + text + "]"))
        #expect(diagnostic.message == "nesting too deep (more than 256 levels)")
    }

    @Test func deepBlockNestingIsRejected() throws {
        let diagnostic = try #require(failure("a:\n b:\n  c:\n   d: 1\n", limits: YAMLLimits(maxDepth: 3)))
        #expect(diagnostic.message == "nesting too deep (more than 3 levels)")
        #expect(diagnostic.location == at(4, 4))
    }

    @Test func hugeScalarIsRejected() throws {
        var bytes = Array("key: ".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 50_000_000)
        bytes.append(0x0A)
        var result: Diagnostic?
        let time = cpuSeconds { result = failure(bytes: bytes) }
        let diagnostic = try #require(result)
        #expect(diagnostic.message == "scalar too long (more than 1048576 bytes)")
        #expect(diagnostic.location == at(1, 6))
        #expect(time < 3)
    }

    @Test func scalarLengthLimitIsExact() throws {
        let limits = YAMLLimits(maxScalarLength: 10)
        #expect(try root("a: \"0123456789\"\n", limits: limits)["a"]?.scalar == "0123456789")
        let diagnostic = try #require(failure("a: ok\nb: \"0123456789A\"\n", limits: limits))
        #expect(diagnostic.message == "scalar too long (more than 10 bytes)")
        #expect(diagnostic.location == at(2, 4))
    }

    @Test func fileSizeIsCheckedFirst() throws {
        let text = "a: " + String(repeating: "b", count: 98)
        #expect(text.utf8.count == 101)
        _ = try root(text, limits: YAMLLimits(maxFileSize: 101))
        let diagnostic = try #require(failure(text, limits: YAMLLimits(maxFileSize: 100)))
        #expect(diagnostic.message == "file too large (101 bytes; the limit is 100 bytes)")
        #expect(diagnostic.location == at(1, 1))
        // Invalid content is not even looked at.
        let invalid = try #require(failure(bytes: [0xFF, 0xFF, 0xFF], limits: YAMLLimits(maxFileSize: 2)))
        #expect(invalid.message == "file too large (3 bytes; the limit is 2 bytes)")
    }

    @Test func defaultFileSizeLimitIsSixtyFourMebibytes() throws {
        #expect(YAMLLimits.default.maxFileSize == 64 << 20)
        let bytes = [UInt8](repeating: 0x20, count: (64 << 20) + 1)
        let diagnostic = try #require(failure(bytes: bytes))
        #expect(diagnostic.message == "file too large (67108865 bytes; the limit is 67108864 bytes)")
    }

    @Test func nodeCountIsLimited() throws {
        let limits = YAMLLimits(maxNodes: 5)
        _ = try root("[a, b, c, d]", limits: limits)
        let diagnostic = try #require(failure("[a, b, c, d, e]", limits: limits))
        #expect(diagnostic.message == "too many nodes (more than 5)")
        #expect(diagnostic.location == at(1, 14))
    }

    @Test func defaultLimits() {
        let limits = YAMLLimits()
        #expect(limits.maxDepth == 256)
        #expect(limits.maxAliasExpansion == 1_000_000)
        #expect(limits.maxNodes == 5_000_000)
        #expect(limits.maxScalarLength == 1 << 20)
    }

    @Test func invalidUTF8IsLocatedWithItsByteOffset() throws {
        let lone = try #require(failure(bytes: Array("a: ok\nb: ".utf8) + [0xFF, 0x0A]))
        #expect(lone.message == "invalid UTF-8 at byte offset 9")
        #expect(lone.location == at(2, 4))
        // é is two bytes but one column; the truncated sequence C3 28 starts at byte 4.
        let truncated = try #require(failure(bytes: Array("é: ".utf8) + [0xC3, 0x28]))
        #expect(truncated.message == "invalid UTF-8 at byte offset 4")
        #expect(truncated.location == at(1, 4))
        // The offset counts a byte order mark; the column does not.
        let afterBOM = try #require(failure(bytes: [0xEF, 0xBB, 0xBF] + Array("a: ".utf8) + [0xED, 0xA0, 0x80]))
        #expect(afterBOM.message == "invalid UTF-8 at byte offset 6")
        #expect(afterBOM.location == at(1, 4))
        // Overlong encodings are invalid too.
        let overlong = try #require(failure(bytes: Array("x\r\ny: ".utf8) + [0xC0, 0xAF]))
        #expect(overlong.message == "invalid UTF-8 at byte offset 6")
        #expect(overlong.location == at(2, 4))
    }

    @Test func validatorAgreesWithTheStandardLibrary() {
        let samples: [[UInt8]] = [
            [], Array("plain ascii text, long enough for the word path".utf8), Array("é ü 😀 \u{10FFFF}".utf8),
            [0x80], [0xC2], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98],
            Array("abcdefgh".utf8) + [0xF5] + Array("abcdefgh".utf8),
        ]
        for sample in samples {
            let expected = String(validating: sample, as: UTF8.self) == nil
            #expect(sample.withUnsafeBufferPointer { UTF8Validation.scan($0) != nil } == expected)
        }
        #expect([0x61, 0x62, 0xC3].withUnsafeBufferPointer { UTF8Validation.scan($0) } == 2)
    }
}
