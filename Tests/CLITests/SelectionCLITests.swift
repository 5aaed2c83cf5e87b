import Foundation
import Testing
import TestSupport

/// A selection that matches no golden is an error naming what there is: before, `verify --surface
/// islandMinimal --layout reference` printed "0 passed, 0 failed" and exited 0, so a CI step with a
/// mistyped surface passed by checking nothing.
@Suite(.timeLimit(.minutes(2)))
struct SelectionCLITests {
    @Test(.childProcess) func aSelectionOfNothingIsAnError() async throws {
        for command in ["verify", "record"] {
            let run = try await runWidgetshot([command, "--project", Project.root, "--layout", "reference", "--surface", "islandMinimal"])
            #expect(run.status == 2, "\(command): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("no golden matches --surface islandMinimal: reference: surfaces systemMedium; previews onTheWay"),
                    "\(command): \(run.stderr)")
            #expect(!run.stdout.contains("0 passed") && !run.stdout.contains("0 created"), "\(command): \(run.stdout)")
        }
        let some = try await runWidgetshot(["verify", "--project", Project.root, "--layout", "reference", "--surface", "systemMedium"])
        #expect(some.status == 0 && some.stdout.contains("3 passed, 0 failed"), "\(some.stdout)\(some.stderr)")
    }
}
