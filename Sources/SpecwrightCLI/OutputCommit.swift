#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a run's files all or nothing: a failed write leaves the output folder exactly as it was.
///
/// 1. Every file whose contents changed is written to a hidden temporary file in the output folder
///    (same file system, so the next step is a rename).
/// 2. Each existing file is moved aside to a hidden backup, and each temporary file renamed into
///    place; each file to remove is moved aside too.
/// 3. On success the backups are removed; on any failure the files already moved are put back, new
///    files removed, and every temporary file and backup deleted. A folder the run created is removed.
///
/// SIGINT, SIGTERM and SIGHUP are held while this runs (a few milliseconds), so an interrupted
/// run dies after the folder is consistent, never halfway through.
struct OutputCommit {
    /// One file to write: its path and contents.
    struct File {
        var path: String
        var contents: String
    }

    /// Why the commit failed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes `files` into `folder`, removes the files at `removals`, and returns, for each file
    /// written, whether it changed on disk.
    static func write(_ files: [File], into folder: String, removing removals: [String] = []) throws -> [Bool] {
        var blocked = signalsToHold()
        var previous = sigset_t()
        sigprocmask(SIG_BLOCK, &blocked, &previous)
        defer { sigprocmask(SIG_SETMASK, &previous, nil) }

        let createdFolder = !FileSystem.isFolder(folder)
        if createdFolder {
            do {
                try POSIX.makeFolders(folder)
            } catch {
                throw Failure(description: "\(error)")
            }
        }
        let changed = files.map { file in
            // Only a file of the same size can be unchanged: no need to read the others.
            guard let status = POSIX.status(file.path), !status.isFolder, status.size == file.contents.utf8.count,
                  let existing = try? POSIX.read(file.path, limit: status.size + 1) else { return true }
            return !existing.elementsEqual(file.contents.utf8)
        }
        var commit = OutputCommit()
        do {
            for (file, changed) in zip(files, changed) where changed {
                try commit.stage(file)
            }
            commit.staged += removals.map { Staged(temporary: nil, target: $0) }
            try commit.install()
        } catch {
            commit.rollBack()
            if createdFolder { rmdir(folder) }
            throw error
        }
        commit.finish()
        return changed
    }

    /// A staged file: its temporary copy (none for a file to remove), its target, and its backup once
    /// the original is moved aside.
    private struct Staged {
        var temporary: String?
        var target: String
        var backup: String?
        var installed = false
    }

    private var staged: [Staged] = []

    private mutating func stage(_ file: File) throws {
        let temporary = Self.hiddenSibling(of: file.path, suffix: "tmp")
        staged.append(Staged(temporary: temporary, target: file.path))
        var contents = file.contents
        try contents.withUTF8 { bytes in
            do {
                try POSIX.writeNewFile(temporary, UnsafeRawBufferPointer(bytes))
            } catch let error as POSIX.Failure {
                throw Failure(description: "cannot write '\(file.path)': \(error.reason)")
            }
        }
    }

    private mutating func install() throws {
        for index in staged.indices {
            let target = staged[index].target
            if FileSystem.exists(target) {
                let backup = Self.hiddenSibling(of: target, suffix: "old")
                guard rename(target, backup) == 0 else { throw Self.failure("cannot replace", target) }
                staged[index].backup = backup
            }
            guard let temporary = staged[index].temporary else { continue }
            guard rename(temporary, target) == 0 else { throw Self.failure("cannot write", target) }
            staged[index].installed = true
        }
    }

    /// Puts every original back and deletes what this commit wrote.
    private func rollBack() {
        for file in staged.reversed() {
            if let backup = file.backup {
                rename(backup, file.target)
            } else if file.installed {
                unlink(file.target)
            }
            if let temporary = file.temporary { unlink(temporary) }
        }
    }

    private func finish() {
        for file in staged {
            if let backup = file.backup { unlink(backup) }
        }
    }

    /// `.Name.swift.specwright-<pid>.<suffix>` next to `path`.
    private static func hiddenSibling(of path: String, suffix: String) -> String {
        let name = ".\(POSIX.name(of: path)).specwright-\(getpid()).\(suffix)"
        let folder = POSIX.folder(of: path)
        return folder.isEmpty ? name : FileSystem.join(folder, name)
    }

    private static func failure(_ what: String, _ path: String) -> Failure {
        Failure(description: "\(what) '\(path)': \(String(cString: strerror(errno)))")
    }

    private static func signalsToHold() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
        return set
    }
}
