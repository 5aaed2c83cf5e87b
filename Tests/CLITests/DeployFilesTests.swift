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

    /// The packages between `apt-get install` and the next `&&` in the run stage.
    static func runtimePackages(in dockerfile: String) throws -> Set<String> {
        let stages = dockerfile.components(separatedBy: "\nFROM ")
        let runStage = try #require(stages.last)
        let install = try #require(runStage.range(of: "apt-get install"), "no apt-get install in the run stage")
        let rest = runStage[install.upperBound...]
        let end = rest.range(of: "&&")?.lowerBound ?? rest.endIndex
        let words = rest[..<end].replacingOccurrences(of: "\\\n", with: " ").split(whereSeparator: \.isWhitespace)
        return Set(words.map(String.init).filter { !$0.hasPrefix("-") })
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
        #expect(dockerfile.contains("FROM debian:bookworm-slim"))
        #expect(dockerfile.contains("USER 10001"))
        #expect(dockerfile.contains("HEALTHCHECK") && dockerfile.contains("GET /health"))
        #expect(dockerfile.contains("COPY Layouts ") && dockerfile.contains("COPY Fonts "))
        let ignore = try String(contentsOfFile: Self.root + "/.dockerignore", encoding: .utf8).split(separator: "\n")
        #expect(ignore.contains(".build") && !ignore.contains("Layouts") && !ignore.contains("Fonts"))
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
