import Foundation
import Testing
import TestSupport
import WidgetModel

/// The deployment files against what the binary really needs. No Docker engine runs here, so the
/// Dockerfile's runtime package list is checked against the widgetshot binary built beside these
/// tests (or `WIDGETSHOT_BIN`, e.g. a `--static-swift-stdlib` release build): each shared library
/// it names (ELF NEEDED), resolved by `ldd`, mapped to its Debian package by `dpkg -S`.
@Suite struct DeployFilesTests {
    static let root = Project.root

    /// Already in debian:bookworm-slim (apt itself needs them): the Dockerfile need not list them.
    static let inBaseImage: Set<String> = ["libc6", "libgcc-s1", "libstdc++6"]

    /// `/usr/bin/env arguments` to its end: what it wrote to standard output (a pipe read to its end).
    static func run(_ arguments: [String]) throws -> String {
        let pipe = try ChildProcess.makePipe()
        let child: ChildProcess
        do {
            child = try ChildProcess("/usr/bin/env", arguments, stdin: .null, stdout: .descriptor(pipe.write), stderr: .null)
        } catch { close(pipe.read); close(pipe.write); throw error }
        close(pipe.write)
        let data = FileHandle(fileDescriptor: pipe.read, closeOnDealloc: true).readDataToEndOfFile()
        _ = try child.wait()
        return String(decoding: data, as: UTF8.self)
    }

    /// The Dockerfile's stage named `name` (`FROM … AS name` to the next `FROM`).
    static func stage(_ name: String, in dockerfile: String) throws -> String {
        let stages = dockerfile.components(separatedBy: "\nFROM ")
        return try #require(stages.first { $0.split(separator: "\n").first?.hasSuffix(" AS " + name) == true }, "no stage \(name)")
    }

    /// The packages between `apt-get install` and the next `&&` of a stage.
    static func installed(in stage: String) throws -> Set<String> {
        let install = try #require(stage.range(of: "apt-get install"), "no apt-get install in the stage")
        let rest = stage[install.upperBound...]
        let end = rest.range(of: "&&")?.lowerBound ?? rest.endIndex
        let words = rest[..<end].replacingOccurrences(of: "\\\n", with: " ").split(whereSeparator: \.isWhitespace)
        return Set(words.map(String.init).filter { !$0.hasPrefix("-") })
    }

    /// The run-time libraries: the `runtime` stage the server and the `cli` image are built on.
    static func runtimePackages(in dockerfile: String) throws -> Set<String> {
        try installed(in: stage("runtime", in: dockerfile))
    }

    /// Each NEEDED library's package; a library no package owns is the Swift runtime (in the image
    /// it is linked statically).
    static func neededPackages(of binary: String) throws -> (packages: Set<String>, swiftRuntime: [String]) {
        let needed = try run(["readelf", "-d", binary]).split(separator: "\n").compactMap { line -> String? in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
        var resolved: [String: String] = [:]
        for line in try run(["ldd", binary]).split(separator: "\n") {
            let parts = line.split(whereSeparator: \.isWhitespace)
            if parts.count >= 3, parts[1] == "=>" { resolved[String(parts[0])] = String(parts[2]) }
            else if let first = parts.first, first.hasPrefix("/") { resolved[URL(fileURLWithPath: String(first)).lastPathComponent] = String(first) }
        }
        // One dpkg -S for every path (and the path its symlinks lead to): `package:arch: path` lines.
        var candidates: [String: [String]] = [:]
        for library in needed {
            let path = try #require(resolved[library], "ldd cannot resolve \(library)")
            candidates[library] = [path, URL(fileURLWithPath: path).resolvingSymlinksInPath().path]
        }
        var owners: [String: String] = [:]
        for line in try run(["dpkg", "-S"] + Set(candidates.values.joined())).split(separator: "\n") {
            guard let separator = line.range(of: ": /") else { continue }
            let package = line[..<separator.lowerBound].split(separator: ":")[0]
            for path in line[line.index(before: separator.upperBound)...].split(separator: ",") {
                owners[path.trimmingCharacters(in: .whitespaces)] = String(package)
            }
        }
        var packages = Set<String>(), swiftRuntime: [String] = []
        for library in needed {
            if let package = candidates[library]!.lazy.compactMap({ owners[$0] }).first { packages.insert(package) } else {
                swiftRuntime.append(library)
            }
        }
        return (packages, swiftRuntime)
    }

    @Test(.childProcess) func theRunImageInstallsExactlyThePackagesOfTheLibrariesTheBinaryLinks() throws {
        let binary = CLIProcess.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build widgetshot first: \(binary)")
        let dockerfile = try String(contentsOfFile: Self.root + "/Dockerfile", encoding: .utf8)
        let listed = try Self.runtimePackages(in: dockerfile)
        let (needed, swiftRuntime) = try Self.neededPackages(of: binary)
        #expect(needed.contains("libcairo2") && needed.contains("libpng16-16"), "readelf/ldd/dpkg gave \(needed)")
        #expect(swiftRuntime.allSatisfy { $0.hasPrefix("libswift") || $0.hasPrefix("libFoundation") || $0 == "libdispatch.so" || $0 == "libBlocksRuntime.so" || $0.hasPrefix("lib_FoundationICU") },
                "libraries no Debian package owns that are not the Swift runtime: \(swiftRuntime)")
        let required = needed.subtracting(Self.inBaseImage)
        #expect(required.subtracting(listed).isEmpty, "missing from the Dockerfile: \(required.subtracting(listed).sorted())")
        #expect(listed.subtracting(required).isEmpty, "in the Dockerfile but not linked: \(listed.subtracting(required).sorted())")
    }

    @Test func theImageRunsAsNonRootWithAHealthCheckAndTheProjectFiles() throws {
        let dockerfile = try String(contentsOfFile: Self.root + "/Dockerfile", encoding: .utf8)
        #expect(dockerfile.contains("FROM swift:6.3.1-bookworm AS build"))
        #expect(dockerfile.contains("--static-swift-stdlib"))
        #expect(dockerfile.contains("FROM debian:bookworm-slim AS runtime"))
        // The server is the last stage: `docker build .` without --target builds it.
        let server = try #require(dockerfile.components(separatedBy: "\nFROM ").last)
        #expect(server.hasPrefix("runtime AS server"))
        #expect(server.contains("USER 10001"))
        #expect(server.contains("HEALTHCHECK") && server.contains("GET /health"))
        #expect(server.contains("COPY Layouts ") && server.contains("COPY Fonts "))
        #expect(server.contains("ENTRYPOINT [\"/usr/local/bin/widgetshot\", \"serve\"]"))
        let ignore = try String(contentsOfFile: Self.root + "/.dockerignore", encoding: .utf8).split(separator: "\n")
        #expect(ignore.contains(".build") && !ignore.contains("Layouts") && !ignore.contains("Fonts"))
        #expect(ignore.contains("!scripts/dist") && !ignore.contains("docs"), "the dist stage copies scripts/dist and docs/")
    }

    /// The command-line images (docs/macos.md): `widgetshot` as the entry point, the tarball's tree
    /// (scripts/dist, importer included) under /usr/local, runnable by any uid (`docker run -u`);
    /// `cli` on the same runtime libraries as the server, `cli-swift` on the Swift image with the
    /// build stage's -dev packages (a team's widget code is compiled against the package sources).
    @Test func theCommandLineImagesRunWidgetshotFromTheTarballsTree() throws {
        let dockerfile = try String(contentsOfFile: Self.root + "/Dockerfile", encoding: .utf8)
        let dist = try Self.stage("dist", in: dockerfile)
        #expect(dist.hasPrefix("build AS dist"))
        #expect(dist.contains("swift build -c release --static-swift-stdlib --product widgetshot-import"))
        #expect(dist.contains("bash scripts/dist --binary \"$bin/widgetshot\" --importer \"$bin/widgetshot-import\""))
        #expect(dist.contains("--no-tar") && dist.contains("ARG WIDGETSHOT_COMMIT"))
        // What scripts/dist reads is copied into the stage.
        for copied in ["COPY Fonts ", "COPY LICENSE README.md CHANGELOG.md ", "COPY docs/project.md docs/release.md ", "COPY scripts/dist "] {
            #expect(dist.contains(copied), "the dist stage lacks \(copied)")
        }
        for name in ["cli", "cli-swift"] {
            let image = try Self.stage(name, in: dockerfile)
            #expect(image.contains("COPY --from=dist /dist/widgetshot/ /usr/local/"), "\(name)")
            #expect(image.contains("ENTRYPOINT [\"/usr/local/bin/widgetshot\"]"), "\(name)")
            #expect(image.contains("ENV HOME=/tmp") && image.contains("WORKDIR /w") && image.contains("USER 10001:10001"), "\(name)")
            #expect(!image.contains("useradd"), "\(name): any uid runs it; no user of its own is needed")
        }
        #expect(try Self.stage("cli", in: dockerfile).hasPrefix("runtime AS cli"))
        let swift = try Self.stage("cli-swift", in: dockerfile)
        #expect(swift.hasPrefix("swift:6.3.1-bookworm AS cli-swift"))
        #expect(try Self.installed(in: swift) == (try Self.installed(in: Self.stage("build", in: dockerfile))))
        // The documented commands are in the Dockerfile's header as in docs/macos.md.
        let macos = try String(contentsOfFile: Self.root + "/docs/macos.md", encoding: .utf8)
        for command in ["docker build --target cli -t widgetshot-cli", "docker run --rm -u \"$(id -u):$(id -g)\" -v \"$PWD\":/w -w /w widgetshot-cli record",
                        "docker run --rm -u \"$(id -u):$(id -g)\" -v \"$PWD\":/w -w /w widgetshot-cli verify"] {
            #expect(dockerfile.contains(command) && macos.contains(command), "\(command)")
        }
    }

    /// The importer needs no library the runtime stage lacks (it goes into the same images and tarball).
    @Test(.childProcess) func theImporterNeedsNoOtherPackage() throws {
        let importer = URL(fileURLWithPath: CLIProcess.binary).deletingLastPathComponent().appendingPathComponent("widgetshot-import").path
        try #require(FileManager.default.isExecutableFile(atPath: importer), "build widgetshot-import first: \(importer)")
        let dockerfile = try String(contentsOfFile: Self.root + "/Dockerfile", encoding: .utf8)
        let (needed, _) = try Self.neededPackages(of: importer)
        #expect(needed.contains("libc6"), "readelf/ldd/dpkg gave \(needed)")
        let missing = needed.subtracting(Self.inBaseImage).subtracting(try Self.runtimePackages(in: dockerfile))
        #expect(missing.isEmpty, "the importer links libraries the runtime stage does not install: \(missing.sorted())")
    }

    @Test func theKubernetesProbesAskHealthAndTheAutoscalerWatchesCPU() throws {
        let deployment = try String(contentsOfFile: Self.root + "/deploy/k8s/deployment.yaml", encoding: .utf8)
        #expect(deployment.components(separatedBy: "httpGet: {path: /health, port: http}").count == 3)
        #expect(deployment.contains("readinessProbe:") && deployment.contains("livenessProbe:"))
        #expect(deployment.contains("runAsNonRoot: true"))
        #expect(deployment.contains("requests: {cpu:"))
        let hpa = try String(contentsOfFile: Self.root + "/deploy/k8s/hpa.yaml", encoding: .utf8)
        #expect(hpa.contains("kind: HorizontalPodAutoscaler") && hpa.contains("name: cpu"))
        let kustomization = try String(contentsOfFile: Self.root + "/deploy/k8s/kustomization.yaml", encoding: .utf8)
        for file in ["deployment.yaml", "service.yaml", "hpa.yaml"] { #expect(kustomization.contains(file)) }
    }
}
