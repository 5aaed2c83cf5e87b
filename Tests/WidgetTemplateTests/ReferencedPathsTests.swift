import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

@Suite struct ReferencedPathsTests {
    static let layout = """
        tables:
          status: { onTheWay: { icon: bicycle, label: On the way } }
        components:
          badge:
            text: "{{label}}"
        surfaces:
          lockScreen:
            view:
              vstack:
                - use: badge
                  with: { label: "{{order.restaurant.name}}" }
                - icon: "{{status[order.status].icon}}"
                - forEach: order.items
                  as: item
                  content:
                    text: "{{item.name}} ×{{item.quantity}}"
                - text: "{{order.items | more: 2}}"
                  when: order.items.count > 2
                - text: "{{order.driver.name}}"
                  when: order.driver && !context.isStale
                - text: late
                  when: context.isStale
                - text: "{{strings.eta}} {{now}} {{locale}}"
        """

    @Test func pathsFromBindingsConditionsLoopsAndComponents() throws {
        let doc = try #require(document(Self.layout))
        let found = doc.referencedDataPaths()
        #expect(found.values == ["order.restaurant.name", "order.items.*.name", "order.items.*.quantity", "order.driver.name"])
        #expect(found.tests == ["order.status", "order.items", "order.driver"])
        #expect(found.reads("order.driver.name"))
        #expect(!found.reads("order.driver.phone"))
        #expect(found.reads("order.items.*.quantity"))
        #expect(!found.reads("order.items.*.price"))
        #expect(found.reads("order.status"))
        #expect(found.reads("order"))
        #expect(!found.reads("context.isStale"))
    }

    @Test func isStaleIsBoundFromTheContext() throws {
        let doc = try #require(document(Self.layout))
        let data = try DataValue.parse(#"{"order": {"status": "onTheWay", "driver": {"name": "Kim"}, "items": []}}"#, file: "d.json")
        func shown(_ stale: Bool) -> [String] {
            let bound = doc.bind(surface: .lockScreen, data: data,
                                 context: BindContext(surface: .lockScreen, now: fixedNow, isStale: stale))
            guard case .vstack(_, _, let children)? = bound.view?.kind else { return [] }
            return children.compactMap { if case .text(let t) = $0.kind { t.string } else { nil } }
        }
        #expect(shown(false).contains("Kim"))
        #expect(!shown(false).contains("late"))
        #expect(shown(true).contains("late"))
        #expect(!shown(true).contains("Kim"))
    }

    @Test func missingPathsAreListed() throws {
        let doc = try #require(document(Self.layout))
        let bound = doc.bind(surface: .lockScreen, data: .object(["order": .object(["driver": .object([:])])]),
                             context: BindContext(surface: .lockScreen, now: fixedNow))
        #expect(bound.missingPaths == ["order.restaurant.name", "order.driver.name"])
    }

    @Test func theTimelineSectionIsKeptAsData() throws {
        let doc = try #require(document(Self.layout + "\ntimeline:\n  every: { onTheWay: 1m }\n"))
        #expect(doc.timeline == .object(["every": .object(["onTheWay": .string("1m")])]))
        #expect(try #require(document(Self.layout)).timeline == nil)
    }
}

/// A node with a bound parameter (`alignment: '{{…}}'`) is kept as written until bound; the paths
/// inside it (texts, conditions, children, loops) are read all the same.
@Suite struct ReferencedPathsInBoundParameterNodesTests {
    @Test func pathsInsideADeferredNodeAreRead() throws {
        let doc = try #require(document("""
            surfaces:
              lockScreen:
                view:
                  vstack:
                    - text: "{{order.restaurant.name}}"
                    - hstack:
                        - text: "{{order.driver.name}}"
                          lineLimit: "{{style.lines}}"
                        - forEach: order.items
                          as: item
                          content:
                            text: "{{item.name}}"
                      alignment: "{{style.align}}"
                      when: order.driver
                  spacing: "{{style.gap}}"
            """))
        let found = doc.referencedDataPaths()
        // The bound parameters themselves, and what the nodes holding them contain.
        #expect(found.values.isSuperset(of: ["style.gap", "style.align", "style.lines", "order.restaurant.name",
                                             "order.driver.name", "order.items.*.name"]), "\(found.values)")
        #expect(found.tests.isSuperset(of: ["order.driver", "order.items"]), "\(found.tests)")
        #expect(found.reads("order.driver.name"))
        #expect(!found.reads("order.driver.phone"))
        #expect(!found.reads("item.name"))
    }

    /// A key used only inside a node with a bound parameter is not reported unused.
    @Test func aKeyUsedOnlyInABoundParameterNodeIsRead() throws {
        let doc = try #require(document("""
            surfaces:
              lockScreen:
                view:
                  text: "{{order.note}}"
                  lineLimit: "{{order.lines}}"
            """))
        let found = doc.referencedDataPaths()
        #expect(found.reads("order.note"))
        #expect(found.reads("order.lines"))
        #expect(!found.reads("order.other"))
    }
}
