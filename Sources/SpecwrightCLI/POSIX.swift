#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls the CLI makes, straight to the C library. The CLI does not load
/// Foundation: that alone takes 4 ms of a run that otherwise needs 3 (a build runs it per spec).
enum POSIX {
    /// A failed call: what was attempted, and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        /// `what 'path': reason`.
        var description: String
        /// The system's reason alone, like `No space left on device`.
        var reason: String

        /// `what 'path': reason` with the reason from `errno`.
        init(_ what: String, _ path: String, errno code: Int32 = errno) {
            reason = String(cString: strerror(code))
            description = "\(what) '\(path)': \(reason)"
        }
    }

    /// What `stat` says about a path: nil when nothing is there.
    static func status(_ path: String) -> (isFolder: Bool, size: Int)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return ((info.st_mode & S_IFMT) == S_IFDIR, Int(info.st_size))
    }

    /// Up to `limit` bytes of the file at `path` (stops there, so a pipe or device cannot fill memory).
    static func read(_ path: String, limit: Int) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Failure("cannot open", path) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure("cannot read", path)
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// The names in a folder (no `.` and `..`), in no particular order.
    static func names(in folder: String) throws -> [String] {
        guard let directory = opendir(folder) else { throw Failure("cannot list", folder) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Creates `folder` and any missing parents.
    static func makeFolders(_ folder: String) throws {
        var path = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") {
            path += component
            if mkdir(path, 0o755) != 0 && errno != EEXIST { throw Failure("cannot create the folder", path) }
            guard status(path)?.isFolder == true else { throw Failure("cannot create the folder", path, errno: ENOTDIR) }
            path += "/"
        }
    }

    /// Writes `bytes` to a new file at `path` (it must not exist yet).
    static func writeNewFile(_ path: String, _ bytes: UnsafeRawBufferPointer) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw Failure("cannot write", path) }
        var written = 0
        while written < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                throw Failure("cannot write", path, errno: code)
            }
            written += count
        }
        guard close(descriptor) == 0 else { throw Failure("cannot write", path) }
    }

    /// Writes text to standard output or standard error, all of it.
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var written = 0
            while written < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress.map { UnsafeRawPointer($0) + written }, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }
                written += count
            }
        }
    }

    /// The folder part of a path (`a/b/c.yaml` -> `a/b`; `c.yaml` -> ``).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of a path.
    static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The canonical absolute path of an existing file, or nil.
    static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

// The C library's read and write, named apart from `POSIX.read` and `POSIX.write`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
