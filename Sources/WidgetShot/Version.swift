import Foundation

/// The release this build is. CHANGELOG.md has a section per version; bump both together
/// (docs/release.md says how a version is cut).
///
/// - A tagged release (`isRelease`, set only in the commit a `vX.Y.Z` tag points at) says `0.7.0`.
/// - Any other build says it is on its way to `release`: `0.7.0-dev`, followed by `+` and the
///   commit it was built from when that is known (`0.7.0-dev+3f9c2a1b7e04`): the commit
///   `scripts/dist` wrote into the tarball (`share/widgetshot/build-commit` beside `bin/`), or the
///   HEAD of the git checkout the sources were compiled in (a build from a checkout, a package
///   resolved by SwiftPM). A source tarball with no `.git` says `0.7.0-dev`.
///
/// The commit is read when the version is first asked for, not compiled in, so that a commit does
/// not recompile the modules and a package without `.git` still builds. Not
/// `RenderKeyer.engineVersion`: that one changes only when pixels may change, so that caches and
/// goldens stay valid across releases that draw the same.
public enum WidgetShotVersion {
    /// The version these sources are, or are becoming: CHANGELOG.md's newest numbered section.
    public static let release = "0.7.0"

    /// True only in the release commit (the one tagged `v` + `release`); main says false.
    public static let isRelease = false

    /// What `widgetshot --version`, `serve`'s start-up line and `GET /health` say.
    public static let current: String = describe(commit: BuildCommit.find())

    /// `release` as it is said with this build's commit (nil: not known).
    public static func describe(commit: String?) -> String {
        if isRelease { return release }
        guard let commit, BuildCommit.isCommit(commit) else { return release + "-dev" }
        return release + "-dev+" + commit
    }
}

/// Where a build's commit is found (see `WidgetShotVersion`). Every file read is bounded.
public enum BuildCommit {
    /// Characters of the commit said (git's `--short=12`).
    public static let length = 12
    /// The largest `.git` file read (HEAD, a ref, packed-refs, the stamp); a bigger one is skipped.
    public static let maxFileBytes = 4 << 20
    /// The stamp `scripts/dist` writes, relative to the folder holding `bin/`.
    public static let stampPath = "share/widgetshot/build-commit"

    /// The stamp beside the running program, else the HEAD of the checkout this file was compiled in.
    public static func find(executable: String = ProjectFolders.currentExecutable,
                            checkout: String = BuildCommit.checkout(of: #filePath)) -> String? {
        if !executable.isEmpty {
            let bin = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
            let stamp = bin.deletingLastPathComponent().appendingPathComponent(stampPath).path
            if let text = read(stamp) {
                let commit = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if isCommit(commit) { return String(commit.prefix(length)) }
            }
        }
        return head(ofCheckout: checkout)
    }

    /// The package root three folders above `Sources/WidgetShot/Version.swift`.
    public static func checkout(of sourceFile: String) -> String {
        URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// 7 to 40 lowercase hex digits.
    public static func isCommit(_ text: some StringProtocol) -> Bool {
        (7...40).contains(text.count) && text.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    /// The commit HEAD names in the git checkout at `root` (`.git` a folder, or a worktree's
    /// `gitdir:` file), through a loose ref or packed-refs; nil when any of it is missing.
    public static func head(ofCheckout root: String) -> String? {
        var gitDir = root + "/.git"
        if !ProjectFile.isDirectory(gitDir) {
            guard let link = read(gitDir), link.hasPrefix("gitdir:") else { return nil }
            let target = link.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDir = target.hasPrefix("/") ? target : root + "/" + target
        }
        // A worktree keeps its HEAD and shares the main checkout's refs (commondir).
        var common = gitDir
        if let relative = read(gitDir + "/commondir")?.trimmingCharacters(in: .whitespacesAndNewlines), !relative.isEmpty {
            common = relative.hasPrefix("/") ? relative : gitDir + "/" + relative
        }
        guard let head = read(gitDir + "/HEAD")?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        guard head.hasPrefix("ref:") else { return isCommit(head) ? String(head.prefix(length)) : nil }
        let ref = head.dropFirst("ref:".count).trimmingCharacters(in: .whitespaces)
        guard ref.hasPrefix("refs/"), !ref.contains("..") else { return nil }
        for dir in [gitDir, common] {
            if let loose = read(dir + "/" + ref)?.trimmingCharacters(in: .whitespacesAndNewlines), isCommit(loose) {
                return String(loose.prefix(length))
            }
        }
        for line in (read(common + "/packed-refs") ?? "").split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, parts[1] == ref, isCommit(parts[0]) { return String(parts[0].prefix(length)) }
        }
        return nil
    }

    static func read(_ path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? Int, size <= maxFileBytes,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
