import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// The `controls:` section: what parses, what binds, and errors that name the
/// file, line and column and list the valid keys.
@Suite struct ControlParseTests {
    static let head = """
    strings:
      alerts: { ko: 알림, en: Alerts }
    surfaces:
      systemSmall:
        view: { text: x }
    previews:
      p: { data: { status: 배달 중 } }

    """

    @Test func buttonAndToggleParseWithTheirFaces() throws {
        let doc = try #require(document(Self.head + """
        controls:
          - id: refresh
            kind: button
            symbol: arrow.clockwise
            label: Refresh
            value: "{{status}}"
          - id: alerts
            kind: toggle
            symbol: bell.fill
            label: "{{strings.alerts}}"
            tint: orange
            on: { value: 켜짐 }
            off: { symbol: bell.slash, value: 꺼짐, tint: gray }
        """))
        #expect(doc.controls.map(\.id) == ["refresh", "alerts"])
        #expect(doc.controls.map(\.kind) == [.button, .toggle])
        #expect(doc.hasView(for: .controlSmall) && doc.hasView(for: .controlLockScreen))
        #expect(!doc.hasView(for: .lockScreen))

        func bind(_ id: String, _ state: ControlState?, locale: String = "ko") -> BoundControl? {
            doc.bind(surface: .controlMedium, data: doc.previews[0].data, context: context(.controlMedium, scheme: .dark, locale: locale),
                     control: id, state: state).control
        }
        let button = try #require(bind("refresh", nil))
        #expect(button.label == "Refresh" && button.value == "배달 중" && button.state == nil && !button.isFilled)
        #expect(button.glyph == IconCatalog.glyph(for: "arrow.clockwise"))
        // An unset tint is the system blue of the (always dark) scheme.
        #expect(button.tint == SystemColors.color(named: "blue", scheme: .dark))

        let on = try #require(bind("alerts", .on))
        #expect(on.label == "알림" && on.value == "켜짐" && on.symbol == "bell.fill" && on.isFilled)
        #expect(on.tint == SystemColors.color(named: "orange", scheme: .dark))
        let off = try #require(bind("alerts", .off, locale: "en"))
        #expect(off.label == "Alerts" && off.value == "꺼짐" && off.symbol == "bell.slash" && !off.isFilled)
        #expect(off.tint == SystemColors.color(named: "gray", scheme: .dark))
        // No state: a toggle shows on; no id: the first control.
        #expect(bind("alerts", nil)?.state == .on)
        #expect(doc.bind(surface: .controlSmall, data: .object([:]), context: context(.controlSmall)).control?.id == "refresh")
    }

    @Test func unknownControlKeyNamesItsPlaceAndTheValidKeys() {
        let errors = parseErrors(Self.head + """
        controls:
          - id: refresh
            kind: button
            symbol: arrow.clockwise
            titel: Refresh
        """, file: "c.yaml")
        #expect(errors.count == 1)
        let e = errors.first
        #expect(e?.location == SourceLocation(file: "c.yaml", line: 12, column: 5))
        #expect(e?.message == "unknown key 'titel' in a control (expected one of id, kind, symbol, label, value, tint, on, off)")
    }

    @Test func unknownKeyInAStateListsTheFaceKeys() {
        let errors = parseErrors(Self.head + """
        controls:
          - id: a
            kind: toggle
            symbol: bell.fill
            label: A
            off: { color: red }
        """, file: "c.yaml")
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("unknown key 'color' in 'off' of a control") == true)
        #expect(errors.first?.message.hasSuffix("(expected one of symbol, label, value, tint)") == true)
        #expect(errors.first?.location == SourceLocation(file: "c.yaml", line: 13, column: 12))
    }

    @Test func onOffOnAButtonIsAnError() {
        let errors = parseErrors(Self.head + """
        controls:
          - id: refresh
            kind: button
            symbol: arrow.clockwise
            label: Refresh
            on: { value: x }
        """, file: "c.yaml")
        #expect(errors.map(\.message) == ["'on' is for toggles; control 'refresh' is a button (use kind: toggle for on/off states)"])
        #expect(errors.first?.location == SourceLocation(file: "c.yaml", line: 13, column: 5))
    }

    @Test func missingFieldsAreNamed() {
        let noKind = parseErrors(Self.head + "controls:\n  - { id: a, symbol: bell.fill, label: A }\n")
        #expect(noKind.map(\.message) == ["missing 'kind:' in control 'a' (expected button or toggle)"])
        let noId = parseErrors(Self.head + "controls:\n  - { kind: button, symbol: bell.fill, label: A }\n")
        #expect(noId.first?.message.hasPrefix("missing 'id:' in a control") == true)
        // A toggle's off state inherits the base symbol; without one anywhere, the on state has none.
        let noSymbol = parseErrors(Self.head + "controls:\n  - { id: a, kind: toggle, label: A, off: { symbol: bell.slash } }\n")
        #expect(noSymbol.map(\.message) == ["missing 'symbol:' in control 'a' (on state): give an SF Symbol name such as bell.fill"])
        let noLabel = parseErrors(Self.head + "controls:\n  - { id: a, kind: button, symbol: bell.fill }\n")
        #expect(noLabel.map(\.message) == ["missing 'label:' in control 'a': the control's title"])
    }

    @Test func badValuesAreNamed() {
        let kind = parseErrors(Self.head + "controls:\n  - { id: a, kind: switch, symbol: bell.fill, label: A }\n")
        #expect(kind.map(\.message) == ["unknown kind 'switch' (expected one of button, toggle)"])
        let symbol = parseErrors(Self.head + "controls:\n  - { id: a, kind: button, symbol: bell.fil, label: A }\n")
        #expect(symbol.first?.message.hasPrefix("unknown symbol 'bell.fil' (did you mean bell.fill?)") == true)
        let id = parseErrors(Self.head + "controls:\n  - { id: 'a b', kind: button, symbol: bell.fill, label: A }\n")
        #expect(id.first?.message.hasPrefix("control id 'a b' must start with a letter") == true)
        let twice = parseErrors(Self.head + "controls:\n  - { id: a, kind: button, symbol: bell.fill, label: A }\n  - { id: a, kind: button, symbol: bell.fill, label: B }\n", file: "c.yaml")
        #expect(twice.map(\.description) == ["c.yaml:10:5: error: control id 'a' is used twice (first at c.yaml:9:5)"])
        let notAList = parseErrors(Self.head + "controls:\n  a: { kind: button }\n")
        #expect(notAList.first?.message.hasPrefix("expected a list of controls for 'controls'") == true)
    }

    @Test func aControlSurfaceUnderSurfacesPointsToControls() {
        let errors = parseErrors("surfaces:\n  controlSmall:\n    view: { text: x }\n", file: "c.yaml")
        #expect(errors.map(\.description) == ["c.yaml:2:3: error: controlSmall is drawn from the layout's 'controls:' section (a list of controls with id, kind, symbol, label …), not from 'surfaces:'"])
    }

    @Test func lintBindsEveryControlStateAndReportsMissingData() throws {
        let doc = try #require(document(Self.head + """
        controls:
          - id: alerts
            kind: toggle
            symbol: bell.fill
            label: A
            off: { value: "{{order.missing}}" }
        """))
        let warnings = Linter.lint(doc).filter { $0.message.contains("order.missing") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.location?.line == 13)
    }
}
