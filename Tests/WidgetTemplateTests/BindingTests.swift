import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

@Suite struct BindingTests {
    let delivery = """
    name: delivery
    strings:
      eta: { ko: 도착 예정, en: Arriving }
    tables:
      status:
        onTheWay: { icon: bicycle, color: orange, label: { ko: 배달 중, en: On the way } }
        delivered: { icon: checkmark.circle.fill, color: { light: green, dark: mint }, label: { ko: 배달 완료, en: Delivered } }
        weird: { icon: unicorn, color: chartreuse, label: "?" }
    surfaces:
      systemSmall:
        background: { light: white, dark: "#1C1C1E" }
        margins: none
        view:
          vstack:
            - text: "{{order.restaurant.name}}"
              style: headline
            - text: "{{status[order.status].label}}"
            - text: "{{strings.eta}} {{order.eta | time}}"
            - text: "{{order.items[0].name}} / {{order.items[order.pick].name}} / {{order.items.count}}"
            - icon: "{{status[order.status].icon}}"
              color: "{{status[order.status].color}}"
      islandCompact:
        leading: { icon: bicycle }
        trailing: { text: "{{order.eta | timer}}" }
      lockScreen:
        view: { text: "{{surface}}" }
    previews:
      onTheWay:
        now: 2026-11-22T12:27:00+09:00
        data:
          order:
            status: onTheWay
            eta: 2026-11-22T12:45:00+09:00
            pick: 1
            restaurant: { name: Seoul Kitchen, phone: "010" }
            items: [ { name: 떡볶이 }, { name: 김밥 } ]
      delivered:
        extends: onTheWay
        data: { order: { status: delivered, restaurant: { phone: null } } }
      broken:
        extends: delivered
        locale: en
        data: { order: { status: weird } }
    """

    @Test func pathsTablesAndLocalizedValues() throws {
        let doc = try #require(document(delivery))
        #expect(doc.name == "delivery")
        #expect(doc.surfaces == [.systemSmall, .islandCompact, .lockScreen])
        #expect(doc.previews.map(\.name) == ["onTheWay", "delivered", "broken"])
        let preview = try #require(doc.preview(named: "onTheWay"))
        #expect(preview.now == fixedNow)
        #expect(preview.timeZone?.secondsFromGMT() == 9 * 3600)
        let ko = doc.bind(surface: .systemSmall, data: preview.data, context: context())
        #expect(ko.diagnostics.isEmpty, "\(ko.diagnostics)")
        #expect(ko.view?.texts == ["Seoul Kitchen", "배달 중", "도착 예정 오후 12:45", "떡볶이 / 김밥 / 2"])
        let en = doc.bind(surface: .systemSmall, data: preview.data, context: context(locale: "en"))
        #expect(en.view?.texts == ["Seoul Kitchen", "On the way", "Arriving 12:45 PM", "떡볶이 / 김밥 / 2"])
        // A locale the strings lack falls back to English.
        let ja = doc.bind(surface: .systemSmall, data: preview.data, context: context(locale: "ja"))
        #expect(ja.view?.texts[1] == "On the way")
        guard case .icon(let icon)? = ko.view?.children.last?.kind else { Issue.record("no icon"); return }
        #expect(icon.symbol == "bicycle")
        #expect(icon.color == .color(RGBA(hex: 0xFF9500)))
        #expect(icon.size == 17)
        #expect(ko.background == .color(.white))
        #expect(ko.margins == .zero)
        #expect(doc.bind(surface: .systemSmall, data: preview.data, context: context(scheme: .dark)).background
                == .color(RGBA(hex: 0x1C1C1E)))
    }

    @Test func extendsMergesAndDeletes() throws {
        let doc = try #require(document(delivery))
        let delivered = try #require(doc.preview(named: "delivered"))
        #expect(delivered.now == fixedNow)
        #expect(delivered.data["order"]["status"] == .string("delivered"))
        #expect(delivered.data["order"]["restaurant"]["name"] == .string("Seoul Kitchen"))
        guard case .object(let restaurant) = delivered.data["order"]["restaurant"] else { Issue.record("no restaurant"); return }
        #expect(restaurant["phone"] == nil)
        #expect(doc.preview(named: "broken")?.locale == "en")
        // Per-scheme colors from a table.
        let light = doc.bind(surface: .systemSmall, data: delivered.data, context: context())
        let dark = doc.bind(surface: .systemSmall, data: delivered.data, context: context(scheme: .dark))
        guard case .icon(let l)? = light.view?.children.last?.kind, case .icon(let d)? = dark.view?.children.last?.kind else {
            Issue.record("no icons"); return
        }
        #expect(l.color == .color(RGBA(hex: 0x34C759)))
        #expect(d.color == .color(RGBA(hex: 0x66D4CF)))
    }

    @Test func badBoundValuesWarn() throws {
        let doc = try #require(document(delivery))
        let broken = try #require(doc.preview(named: "broken"))
        let bound = doc.bind(surface: .systemSmall, data: broken.data, context: context())
        let messages = bound.diagnostics.map(\.message)
        #expect(messages.contains { $0.hasPrefix("unknown icon 'unicorn'") })
        #expect(messages.contains("bound value: unknown color 'chartreuse'"))
        #expect(bound.diagnostics.allSatisfy { $0.severity == .warning })
        let iconWarning = bound.diagnostics.first { $0.message.hasPrefix("unknown icon") }
        #expect(iconWarning?.location == SourceLocation(file: "/tmp/widgetshot-tests/t.yaml", line: 20, column: 17))
        // Drawn as a question mark in the square a stand-in would take (UnknownSymbolTests), so a
        // golden shows the icon is missing (issue 36: it drew nothing, and verify passed).
        if case .icon(let icon)? = bound.view?.children.last?.kind {
            #expect(icon.symbol == "unicorn" && icon.glyph == IconCatalog.unknownGlyph && icon.svg == nil && icon.size == 17)
        } else {
            Issue.record("an unknown bound symbol is an icon without a glyph: \(String(describing: bound.view?.children.last?.kind))")
        }
    }

    @Test func regionsAndFallback() throws {
        let doc = try #require(document(delivery))
        let data = try #require(doc.preview(named: "onTheWay")).data
        let compact = doc.bind(surface: .islandCompact, data: data, context: context(.islandCompact))
        #expect(compact.view == nil)
        #expect(compact.regions[.trailing]?.text?.string == "18:00")
        if case .icon(let i)? = compact.regions[.leading]?.kind { #expect(i.symbol == "bicycle") } else { Issue.record("no icon") }
        #expect(doc.hasView(for: .standBy))
        #expect(!doc.hasView(for: .systemMedium))
        let standBy = doc.bind(surface: .standBy, data: data, context: context(.standBy))
        #expect(standBy.view?.text?.string == "standBy")
        let none = doc.bind(surface: .systemLarge, data: data, context: context(.systemLarge))
        #expect(none.view == nil)
        #expect(none.diagnostics.first?.severity == .error)
    }

    @Test func missingValueWarnsAtTheBinding() throws {
        let bound = try #require(bindView("text: \"Driver: {{order.driver.name}}!\"", data: #"{"order": {}}"#))
        #expect(bound.view?.text?.string == "Driver: !")
        #expect(bound.diagnostics.count == 1)
        let d = try #require(bound.diagnostics.first)
        #expect(d.severity == .warning)
        #expect(d.message == "missing value 'order.driver.name'")
        // `      text: "Driver: {{order.driver.name}}!"`: the path starts at column 24.
        #expect(d.location == SourceLocation(file: "/tmp/widgetshot-tests/t.yaml", line: 4, column: 24))
        #expect(d.description == "/tmp/widgetshot-tests/t.yaml:4:24: warning: missing value 'order.driver.name'")
        // `default` means the layout expects it may be missing.
        let defaulted = try #require(bindView("text: \"{{order.driver.name | default: –}}\"", data: #"{"order": {}}"#))
        #expect(defaulted.diagnostics.isEmpty)
    }

    @Test("when conditions with in, not in, &&, ||, !, comparisons, truthiness, null, locale and dates keep exactly the nodes they should") func whenExpressions() throws {
        let view = """
        vstack:
          - { text: a, when: "order.status in [onTheWay, nearbyHome]" }
          - { text: b, when: "order.status not in [onTheWay, nearbyHome]" }
          - { text: c, when: "order.status == onTheWay && order.count > 2" }
          - { text: d, when: "order.status == delivered || order.count >= 3" }
          - { text: e, when: "!order.driver" }
          - { text: f, when: "order.driver" }
          - { text: g, when: "(order.count < 3 || order.paid) && !(order.status != onTheWay)" }
          - { text: h, when: "order.items" }
          - { text: i, when: "order.none == null" }
          - { text: j, when: "order.count <= 3" }
          - { text: k, when: "{{order.paid}}" }
          - { text: l, when: false }
          - { text: m, when: "locale == ko" }
          - { text: n, when: "order.eta > '2026-11-22T12:00:00+09:00'" }
          - { text: o, when: "order.items.count == 0" }
        """
        let data = #"{"order": {"status": "onTheWay", "count": 3, "paid": true, "items": [], "eta": "2026-11-22T12:45:00+09:00"}}"#
        let bound = try #require(bindView(view, data: data))
        #expect(bound.view?.texts == ["a", "c", "d", "e", "g", "i", "j", "k", "m", "n", "o"])
        #expect(bound.diagnostics.isEmpty, "\(bound.diagnostics)")
    }

    @Test func forEachWithLimitAndIndex() throws {
        let view = """
        hstack:
          - text: first
          - forEach: order.items
            limit: 2
            content:
              text: "{{index}}. {{item.name}} ×{{item.qty}}"
          - forEach: "{{order.items}}"
            as: dish
            content: { text: "{{dish.name}}", when: "index == 2" }
          - text: last
        """
        let data = #"{"order": {"items": [{"name": "떡볶이", "qty": 2}, {"name": "김밥", "qty": 1}, {"name": "순대", "qty": 1}]}}"#
        let bound = try #require(bindView(view, data: data))
        #expect(bound.view?.texts == ["first", "0. 떡볶이 ×2", "1. 김밥 ×1", "순대", "last"])
        // A missing list renders nothing and warns.
        let missing = try #require(bindView(view, data: "{}"))
        #expect(missing.view?.texts == ["first", "last"])
        #expect(missing.diagnostics.map(\.message) == ["missing value 'order.items'", "missing value 'order.items'"])
    }

    @Test func componentsWithArguments() throws {
        let extra = """
        components:
          badge:
            hstack:
              - icon: "{{symbol}}"
              - text: "{{title}} {{order.id}}"
            spacing: 4
            padding: 6
        """
        let view = """
        vstack:
          - use: badge
            with: { symbol: "bicycle", title: order.name }
          - use: badge
            with: { symbol: "{{order.icon}}", title: "{{order.name | uppercase}}" }
            padding: 2
        """
        let bound = try #require(bindView(view, data: #"{"order": {"name": "kimbap", "icon": "house", "id": 7}}"#, extra: extra))
        #expect(bound.view?.texts == ["kimbap 7", "KIMBAP 7"])
        #expect(bound.diagnostics.isEmpty, "\(bound.diagnostics)")
        if case .icon(let first)? = bound.view?.children.first?.children.first?.kind { #expect(first.symbol == "bicycle") }
        let second = try #require(bound.view?.children.last)
        #expect(second.modifiers == [.padding(EdgeInsets(all: 6)), .padding(EdgeInsets(all: 2))])
        guard case .hstack(let spacing, _, let c) = second.kind, case .icon(let icon) = c[0].kind else { Issue.record("shape"); return }
        #expect(spacing == 4)
        #expect(icon.symbol == "house")
    }

    @Test func modifierOrderIsKept() throws {
        let a = try #require(bindView("text: x\npadding: 8\nbackground: orange"))
        let b = try #require(bindView("text: x\nbackground: orange\npadding: 8"))
        let fill = ViewNode(.shape(ShapeContent(shape: .rect, fill: .color(RGBA(hex: 0xFF9500)))))
        #expect(a.view?.modifiers == [.padding(EdgeInsets(all: 8)), .background(fill, alignment: .center)])
        #expect(b.view?.modifiers == [.background(fill, alignment: .center), .padding(EdgeInsets(all: 8))])
        let all = try #require(bindView("""
        text: x
        frame: { width: 20, maxHeight: infinity, alignment: leading }
        opacity: 0.5
        cornerRadius: 6
        clip: circle
        fixedSize: horizontal
        offset: { x: 1, y: -2 }
        padding: { horizontal: 4, top: 1 }
        overlay: { circle: , fill: red }
        overlayAlignment: topTrailing
        """))
        let modifiers = try #require(all.view?.modifiers)
        #expect(modifiers.count == 8)
        #expect(modifiers[0] == .frame(FrameSpec(width: 20, maxHeight: .infinity, alignment: Alignment(horizontal: .leading, vertical: .center))))
        #expect(modifiers[1] == .opacity(0.5))
        #expect(modifiers[2] == .clip(.roundedRect(radius: 6, continuous: true)))
        #expect(modifiers[3] == .clip(.circle))
        #expect(modifiers[4] == .fixedSize(horizontal: true, vertical: false))
        #expect(modifiers[5] == .offset(x: 1, y: -2))
        #expect(modifiers[6] == .padding(EdgeInsets(top: 1, leading: 4, bottom: 0, trailing: 4)))
        guard case .overlay(let node, let alignment) = modifiers[7], case .shape(let s) = node.kind else { Issue.record("overlay"); return }
        #expect(alignment == Alignment(horizontal: .trailing, vertical: .top))
        #expect(s.shape == .circle)
        #expect(s.fill == .color(RGBA(hex: 0xFF3B30)))
    }

    @Test("a placeholder render redacts texts and icons except under unredacted: true; an ordinary render redacts nothing") func placeholderRedaction() throws {
        let view = """
        vstack:
          - text: secret
          - icon: clock
          - vstack:
              - text: shown
            unredacted: true
        """
        let bound = try #require(bindView(view, placeholder: true))
        let c = try #require(bound.view?.children)
        #expect(c[0].text?.redacted == true)
        if case .icon(let i) = c[1].kind { #expect(i.redacted) } else { Issue.record("icon") }
        #expect(c[2].children[0].text?.redacted == false)
        let plain = try #require(bindView(view))
        #expect(plain.view?.children[0].text?.redacted == false)
    }

    @Test func textDefaultsAndFonts() throws {
        let view = """
        vstack:
          - text: body
          - { text: head, style: headline }
          - { text: bold, bold: true }
          - { text: titleBold, style: title, bold: true }
          - { text: sized, size: 30, weight: medium }
          - vstack:
              - text: inherits
              - icon: clock
              - { text: own, style: caption }
            font: { style: title3, weight: bold }
            color: secondaryLabel
        """
        let bound = try #require(bindView(view, scheme: .dark))
        let c = try #require(bound.view?.children)
        let body = try #require(c[0].text)
        // Lines at the system font's own height (SF: 1.193 × the size), SF's tracking applied; a
        // text style's wrapped lines its leading apart, an explicit size's edge to edge.
        func system(_ size: Double, _ weight: FontWeight, _ style: TextStyle? = nil) -> FontSpec {
            FontSpec(size: size, weight: weight, lineHeight: SystemFontMetrics.lineHeight(size: size), opticalTracking: true,
                     lineSpacing: style.map { $0.lineHeight - SystemFontMetrics.lineHeight(size: size) } ?? 0)
        }
        #expect(body.font == system(17, .regular, .body))
        #expect(abs(body.font.lineSpacing - (22 - 20.287)) < 1e-9)
        #expect(body.color == .color(.white))
        #expect(c[1].text?.font.weight == .semibold)
        #expect(c[2].text?.font.weight == .semibold)
        #expect(c[3].text?.font.weight == .bold)
        #expect(c[4].text?.font == system(30, .medium))
        let inner = c[5].children
        #expect(inner[0].text?.font == system(20, .bold, .title3))
        #expect(inner[0].text?.color == .color(RGBA(r: 235 / 255, g: 235 / 255, b: 245 / 255, a: 0.6)))
        if case .icon(let i) = inner[1].kind { #expect(i.size == 20) } else { Issue.record("icon") }
        #expect(inner[2].text?.font == system(12, .regular, .caption))
    }

    @Test func shapesAndPaints() throws {
        let view = """
        zstack:
          - rect:
          - roundedRect: 12
            fill: { linearGradient: [orange, { color: red, opacity: 0.5 }], start: top, end: bottom }
          - circle:
            stroke: blue
            lineWidth: 2
            dash: [2, 1]
          - capsule:
            color: "{{tint}}"
          - ellipse:
            fill: "{{bad}}"
          - progress: { start: "{{order.start}}", end: "{{order.eta}}" }
          - progress: { start: "{{order.start}}", end: "{{order.eta}}", countsDown: true }
            tint: green
          - divider:
          - spacer: 4
          - path: [[0, 1], [0.5, 0], [1, 1]]
            closed: true
        """
        let data = ##"{"tint": {"light": "pink", "dark": "#123456"}, "bad": "nope", "order": {"start": "2026-11-22T12:00:00+09:00", "eta": "2026-11-22T12:45:00+09:00"}}"##
        let bound = try #require(bindView(view, data: data))
        let c = try #require(bound.view?.children)
        guard case .shape(let rect) = c[0].kind, case .shape(let rounded) = c[1].kind, case .shape(let circle) = c[2].kind,
              case .shape(let capsule) = c[3].kind, case .shape(let ellipse) = c[4].kind,
              case .progress(let up) = c[5].kind, case .progress(let down) = c[6].kind else {
            Issue.record("kinds \(c.map(\.kind))"); return
        }
        #expect(rect.fill == .color(.black))
        #expect(rounded.shape == .roundedRect(radius: 12, continuous: true))
        #expect(rounded.fill == .linearGradient(stops: [GradientStop(color: RGBA(hex: 0xFF9500), location: 0),
                                                        GradientStop(color: RGBA(hex: 0xFF3B30, alpha: 0.5), location: 1)],
                                                start: .top, end: .bottom))
        #expect(circle.fill == nil)
        #expect(circle.stroke == Stroke(paint: .color(RGBA(hex: 0x007AFF)), width: 2, dash: [2, 1]))
        #expect(capsule.fill == .color(RGBA(hex: 0xFF2D55)))
        #expect(ellipse.fill == .color(.clear))
        #expect(bound.diagnostics.map(\.message) == ["bound value: unknown color 'nope'"])
        #expect(up.fraction == 0.6)
        #expect(abs(down.fraction - 0.4) < 1e-9)
        #expect(down.tint == .color(RGBA(hex: 0x34C759)))
        #expect(c[7].kind == .divider(color: RGBA(r: 60 / 255, g: 60 / 255, b: 67 / 255, a: 0.29), thickness: 0.5))
        #expect(c[8].kind == .spacer(minLength: 4))
        guard case .shape(let path) = c[9].kind else { Issue.record("path"); return }
        #expect(path.shape == .path(points: [UnitPoint(x: 0, y: 1), UnitPoint(x: 0.5, y: 0), UnitPoint(x: 1, y: 1)], closed: true, curved: false))
        // Dark scheme picks the other side of the bound pair.
        let dark = try #require(bindView(view, data: data, scheme: .dark))
        if case .shape(let s)? = dark.view?.children[3].kind { #expect(s.fill == .color(RGBA(hex: 0x123456))) }
    }

    /// A linear bar without `track:` sits on the system fill (rgba(120,120,128) at 0.2 light, 0.36
    /// dark), whatever its tint, as iOS's linear `ProgressView` does; it used to be a faded copy of
    /// the tint. Rings and gauges keep the faded tint (as `Gauge` in an accessory draws it).
    @Test func aLinearBarWithoutATrackSitsOnTheSystemFill() throws {
        let view = """
        vstack:
          - progress: 0.5
            tint: red
          - progress: 0.5
            tint: red
            style: ring
        """
        for (scheme, alpha) in [(ColorScheme.light, 0.2), (.dark, 0.36)] {
            let bound = try #require(bindView(view, scheme: scheme))
            let c = try #require(bound.view?.children)
            guard case .progress(let linear) = c[0].kind, case .progress(let ring) = c[1].kind else {
                Issue.record("kinds \(c.map(\.kind))"); return
            }
            #expect(linear.track == RGBA(r: 120 / 255, g: 120 / 255, b: 128 / 255, a: alpha), "\(scheme)")
            #expect(ring.track == ring.tint.solidColor.multipliedAlpha(0.2), "\(scheme)")
        }
    }

    /// A design set on a container reaches the texts inside (SwiftUI's `fontDesign` environment);
    /// a text's own wins; weights are SwiftUI's nine.
    @Test func designsAreInheritedAndWeightsAreNine() throws {
        let view = """
        vstack:
          - text: a
          - text: b
            design: monospaced
            weight: black
          - text: c
            font: { style: title, weight: ultraLight, design: serif }
        font: { design: rounded }
        """
        let bound = try #require(bindView(view))
        let fonts = try #require(bound.view?.children).compactMap { $0.text?.font }
        #expect(fonts.map(\.design) == [.rounded, .monospaced, .serif])
        #expect(fonts.map(\.weight) == [.regular, .black, .ultraLight])
        #expect(FontWeight.allCases.map(\.value) == [100, 200, 300, 400, 500, 600, 700, 800, 900])
    }

    @Test("a project PNG gets its size from its header; a missing or non-PNG image draws nothing and is an error") func images() throws {
        let dir = NSTemporaryDirectory() + "widgetshot-img-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0, 90, 0, 0, 0, 60, 8, 6, 0, 0, 0]
        FileManager.default.createFile(atPath: dir + "/assets/logo.png", contents: Data(png))
        FileManager.default.createFile(atPath: dir + "/assets/bad.png", contents: Data("not a png at all, really".utf8))
        let yaml = layout(view: """
        vstack:
          - image: assets/logo.png
            resizable: true
          - image: "assets/{{name}}.png"
            scale: 2
          - image: assets/bad.png
        """)
        let doc = try LayoutLoader.parse(yaml, path: dir + "/layout.yaml")
        #expect(doc.directory == dir)
        let bound = doc.bind(surface: .systemSmall, data: .object(["name": .string("missing")]), context: context())
        let c = try #require(bound.view?.children)
        guard case .image(let image) = c[0].kind else { Issue.record("image"); return }
        #expect(image.path == URL(fileURLWithPath: dir + "/assets/logo.png").standardizedFileURL.path)
        #expect(image.naturalSize == Size(width: 30, height: 20))
        #expect(image.resizable)
        #expect(c[1].kind == .empty)
        #expect(c[2].kind == .empty)
        #expect(bound.diagnostics.count == 2)
        #expect(bound.diagnostics.allSatisfy { $0.severity == .error && $0.location?.line == 5 || $0.location?.line == 7 || $0.location?.line == 9 })
        #expect(bound.diagnostics[0].message.hasPrefix("image not found"))
        #expect(bound.diagnostics[1].message.hasPrefix("not a PNG image"))
    }

    @Test func nodeSourceIsTheMapping() throws {
        let bound = try #require(bindView("vstack:\n  - text: a\n  - { text: b }"))
        #expect(bound.view?.source == SourceLocation(file: "/tmp/widgetshot-tests/t.yaml", line: 4, column: 7))
        #expect(bound.view?.children[0].source?.line == 5)
        #expect(bound.view?.children[0].source?.column == 11)
        #expect(bound.view?.children[1].source?.column == 11)
    }

    @Test func localizedTextNode() throws {
        let ko = try #require(bindView("text: { ko: \"{{n}}개\", en: \"{{n}} items\" }", data: #"{"n": 2}"#))
        #expect(ko.view?.text?.string == "2개")
        let en = try #require(bindView("text: { ko: \"{{n}}개\", en: \"{{n}} items\" }", data: #"{"n": 2}"#, locale: "en"))
        #expect(en.view?.text?.string == "2 items")
    }

    @Test func linterReportsMissingFieldsOnce() throws {
        let yaml = layout(view: "vstack:\n  - text: \"{{order.driver}}\"\n  - text: \"{{order.name}}\"", extra: """
        previews:
          a: { now: 2026-11-22T12:27:00+09:00, data: { order: { name: x } } }
          b: { data: { order: { name: y } } }
        """)
        let doc = try #require(document(yaml))
        let lint = Linter.lint(doc)
        #expect(lint.map(\.message) == ["missing value 'order.driver'"])
        #expect(lint.first?.location?.line == 5)
    }
}

@Suite struct LintOutputTests {
    @Test("the delivery layout lints with exactly two located warnings: an unknown bound icon and an unknown bound color") func deliveryLint() throws {
        let doc = try #require(document(BindingTests().delivery))
        let lint = Linter.lint(doc)
        let text = lint.map(\.description)
        #expect(text.contains("/tmp/widgetshot-tests/t.yaml:20:17: warning: unknown icon 'unicorn' from a bound value; drawn as a question mark"))
        #expect(text.contains { $0.contains("warning: bound value: unknown color 'chartreuse'") })
        #expect(lint.count == 2, "\(text)")
    }
}
