import Foundation
import Testing
import TestSupport

/// The shell scripts CI and `make` run parse: a comment edit once turned `.ci/run` into an
/// unterminated backquote, and CI stopped after one second with nothing tested.
@Suite("the repository's shell scripts parse")
struct ScriptSyntaxTests {
    static var scripts: [String] {
        let folder = Project.root + "/scripts"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let shell = names.sorted().map { folder + "/" + $0 }.filter { path in
            guard let head = FileManager.default.contents(atPath: path)?.prefix(64) else { return false }
            let line = String(decoding: head, as: UTF8.self)
            return line.hasPrefix("#!") && (line.contains("bash") || line.contains("/sh"))
        }
        return [Project.root + "/.ci/run"] + shell
    }

    @Test("bash -n accepts .ci/run and every shell script in scripts/", .childProcess)
    func scriptsParse() async throws {
        #expect(Self.scripts.count > 5, "\(Self.scripts)")
        for script in Self.scripts {
            let run = try await CLIProcess.run(binary: "/bin/bash", ["-n", script], seconds: 20)
            #expect(run.status == 0, "\(script): \(run.stderr)")
        }
    }

    @Test(".ci/run runs the README's test command")
    func ciRunsMakeTest() throws {
        let text = try String(contentsOfFile: Project.root + "/.ci/run", encoding: .utf8)
        let commands = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
        #expect(commands.contains("make test"), "\(commands)")
    }
}
