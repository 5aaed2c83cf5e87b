import WidgetShot

/// The project's layouts, loaded once when the server starts.
package struct LoadedLayouts: Sendable {
    let documents: [LayoutDocument]

    package init(catalog: LayoutCatalog, limits: Limits = .default) throws {
        documents = try catalog.loadAll(limits: limits)
    }

    var names: [String] { documents.map(\.name) }

    func document(named name: String) -> LayoutDocument? { documents.first { $0.name == name } }

    /// `GET /layouts`.
    var listing: Listing {
        Listing(
            layouts: documents.map { d in
                Listing.Layout(name: d.name,
                               surfaces: Surface.allCases.filter(d.hasView(for:)).map(\.rawValue),
                               previews: d.previews.map(\.name))
            },
            devices: DeviceProfile.all.map { d in
                Listing.Device(id: d.id, name: d.name, scale: d.scale, surfaces: d.surfaces.map(\.rawValue))
            })
    }

    struct Listing: Encodable {
        struct Layout: Encodable { var name: String; var surfaces: [String]; var previews: [String] }
        struct Device: Encodable { var id: String; var name: String; var scale: Double; var surfaces: [String] }
        var layouts: [Layout]
        var devices: [Device]
    }
}
