import Foundation
import FuzzSupport
import WidgetShot

/// Bytes → one expression, used as a `{{…}}` binding and as a `when:` condition in a small
/// layout, parsed and bound (evaluated) against data with every JSON type: the expression
/// language through its public door, the layout parser.
@main enum FuzzExpression {
    static let data = try! DataValue.parse("""
        {"order": {"status": "onTheWay", "eta": "2026-11-22T12:45:00+09:00", "restaurantName": "Seoul Kitchen",
                   "items": [{"name": "Bibimbap", "count": 2}, {"name": "Tteokbokki", "count": 1}], "total": 23500.5,
                   "paid": true, "note": null},
         "steps": ["done", "current", "todo"], "n": 3, "s": "abc", "empty": ""}
        """, file: "data.json")
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func main() {
        FuzzHarness.main(target: "expression") { bytes in
            let expression = String(decoding: bytes, as: UTF8.self)
            // A JSON string literal is a YAML double-quoted scalar: any text survives the trip.
            guard let quoted = try? String(decoding: JSONEncoder().encode(expression), as: UTF8.self),
                  let binding = try? String(decoding: JSONEncoder().encode("{{" + expression + "}}"), as: UTF8.self) else { return }
            let yaml = """
                name: fuzz
                surfaces:
                  systemSmall:
                    view:
                      vstack:
                        - text: \(binding)
                        - text: shown
                          when: \(quoted)
                """
            guard let document = try? LayoutLoader.parse(yaml, path: "fuzz.yaml") else { return }
            for scheme in [ColorScheme.light, .dark] {
                _ = document.bind(surface: .systemSmall, data: data,
                                  context: BindContext(surface: .systemSmall, scheme: scheme, locale: "en", now: now))
            }
        }
    }
}
