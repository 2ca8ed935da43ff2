import Foundation

/// The disk, as the CLI uses it: read specs and templates, write generated files only when they changed.
enum FileSystem {
    /// A file that cannot be read.
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    static func read(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReadError(description: "no such file")
        }
        guard !isDirectory.boolValue else { throw ReadError(description: "it is a folder") }
        guard let data = FileManager.default.contents(atPath: path) else { throw ReadError(description: "permission denied") }
        return [UInt8](data)
    }

    /// `*.swifttemplate` files of a folder, by name, in name order.
    static func templates(in folder: String) throws -> [(name: String, path: String, text: String)] {
        let suffix = ".swifttemplate"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(suffix) }.sorted()
        return try names.map { file in
            let path = (folder as NSString).appendingPathComponent(file)
            return (String(file.dropLast(suffix.count)), path, String(decoding: try read(path), as: UTF8.self))
        }
    }

    /// Whether a folder exists.
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Writes `contents` atomically (temporary file, then rename) unless the file already holds exactly that.
    /// Returns whether it wrote.
    static func writeIfChanged(_ contents: String, to path: String) throws -> Bool {
        var contents = contents
        return try contents.withUTF8 { bytes in
            if let existing = FileManager.default.contents(atPath: path), existing.elementsEqual(bytes) { return false }
            // Data over the string's own storage: no second copy of a large file in memory.
            let data = bytes.baseAddress.map {
                Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0), count: bytes.count, deallocator: .none)
            } ?? Data()
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            return true
        }
    }

    static func createFolder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
}
