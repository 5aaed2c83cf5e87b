/// The page's inline style sheet and script (no network assets: the page works from disk), from
/// `Resources/gallery.css` and `Resources/gallery.js`, compiled into the binary (`.embedInCode`).
///
/// The script: filters (state in the address: `?surface=systemSmall&scheme=dark&context=1`, or
/// after `#?` where a file:// page cannot change its query), the in-context toggle, the full-scale
/// dialog and, when served by `widgetshot serve --watch`, live updates over server-sent events.
enum GalleryAssets {
    static let css = String(decoding: PackageResources.gallery_css, as: UTF8.self)
    static let js = String(decoding: PackageResources.gallery_js, as: UTF8.self)
}
