import Synchronization
import WidgetShot

/// The project's layouts, loaded when the server starts. With `serve --watch` the live gallery
/// hands over each set it reloads (`replace`), so the render routes draw what the gallery shows;
/// copies of this value share that set.
package struct LoadedLayouts: Sendable {
    private final class Store: Sendable {
        let documents: Mutex<[LayoutDocument]>
        init(_ documents: [LayoutDocument]) { self.documents = Mutex(documents) }
    }
    private let store: Store
    var documents: [LayoutDocument] { store.documents.withLock { $0 } }

    package init(catalog: LayoutCatalog, limits: Limits = .default) throws {
        // What the server answers names files relative to the project folder, never its place here.
        var catalog = catalog
        catalog.projectRelativeNames = true
        store = Store(try catalog.loadAll(limits: limits))
    }

    /// The layouts as a reload found them: those that loaded replace theirs, one that fails to load
    /// while being edited keeps its last good version (`broken`, by name), one whose file is gone goes.
    func replace(with loaded: [LayoutDocument], broken: Set<String>) {
        store.documents.withLock { current in
            let names = Set(loaded.map(\.name))
            let kept = current.filter { broken.contains($0.name) && !names.contains($0.name) }
            current = (loaded + kept).sorted { $0.name < $1.name }
        }
    }

    var names: [String] { documents.map(\.name) }

    func document(named name: String) -> LayoutDocument? { store.documents.withLock { $0.first { $0.name == name } } }

    /// `GET /layouts`: the layout files, then the Swift source's widgets (`swift`, when it is built).
    func listing(swift: [LayoutDocument] = []) -> Listing {
        Listing(
            layouts: (documents + swift).map { d in
                Listing.Layout(name: d.name,
                               surfaces: Surface.allCases.filter(d.hasView(for:)).map(\.rawValue),
                               previews: d.previews.map(\.name),
                               controls: d.controls.map { Listing.Control(id: $0.id, kind: $0.kind.rawValue) })
            },
            devices: DeviceProfile.all.map { d in
                Listing.Device(id: d.id, name: d.name, scale: d.scale, surfaces: d.surfaces.map(\.rawValue))
            })
    }

    struct Listing: Encodable {
        /// A control of the layout's `controls:` section: what `control=` names on the control surfaces.
        struct Control: Encodable { var id: String; var kind: String }
        struct Layout: Encodable { var name: String; var surfaces: [String]; var previews: [String]; var controls: [Control] }
        struct Device: Encodable { var id: String; var name: String; var scale: Double; var surfaces: [String] }
        var layouts: [Layout]
        var devices: [Device]
    }
}
