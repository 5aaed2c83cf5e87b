import CPangoCairo
import CRsvg
import Foundation
import WidgetModel

/// Symbols rasterized once per size: alpha masks in device pixels, shared by every renderer of the
/// process (a server draws the same few symbols thousands of times; each draw used to parse the SVG
/// and run librsvg again). The bytes are plain arrays, so a mask is read by any thread; each draw
/// wraps them in a surface of its own. Kept within `capacityBytes`, emptied when full.
public final class SymbolMasks: @unchecked Sendable {
    struct Key: Hashable {
        var path: String, variant: String
        /// The square's side in device pixels, and where it starts within its first pixel.
        var pixels: Double, phaseX: Double, phaseY: Double
        var modified: Int
    }

    struct Mask {
        var width: Int, height: Int, stride: Int
        var bytes: [UInt8]
    }

    static let shared = SymbolMasks()
    /// 32 MB of masks: a 40 pt symbol at 3x is 15 KB.
    static let capacityBytes = 32 << 20

    private let lock = NSLock()
    private var masks: [Key: Mask] = [:]
    private var bytes = 0
    private var underway: [Key: Rasterization] = [:]

    /// Rasterizations running at once on threads of their own (see `mask(for:…)`).
    static let maxUnderway = 2

    final class Rasterization: @unchecked Sendable {
        let finished = DispatchGroup()
        var mask: Mask?
    }

    /// The mask for `key`: cached, else rasterized. Without a deadline (the CLI, the gallery) it is
    /// rasterized here. With one (the server), on a thread of its own that the render waits for
    /// until its deadline and then abandons: librsvg cannot be interrupted, and a symbol within
    /// `SymbolCheck`'s bounds can still take seconds (250 KB of random line segments at 150 pt, 4x:
    /// 35 s). The abandoned thread finishes and caches the mask, so a later render finds it; one
    /// thread runs per symbol and size, `maxUnderway` at most, and a render that finds them all busy
    /// waits out its deadline (a 503, never a picture without its symbol).
    func mask(for key: Key, limits: Limits, deadline: RenderDeadline?) -> Mask? {
        if let known = get(key) { return known }
        guard let deadline else {
            let made = Self.rasterize(key.path, key: key, limits: limits)
            if let made { set(key, made) }
            return made
        }
        let job: Rasterization? = lock.withLock {
            if let running = underway[key] { return running }
            guard underway.count < Self.maxUnderway else { return nil }
            let job = Rasterization()
            underway[key] = job
            job.finished.enter()
            let thread = Thread { [self] in
                let made = Self.rasterize(key.path, key: key, limits: limits)
                if let made { set(key, made) }
                job.mask = made
                lock.withLock { underway[key] = nil }
                job.finished.leave()
            }
            thread.start()
            return job
        }
        let wait = DispatchTime.now() + .nanoseconds(Int(min(deadline.remainingNanoseconds, UInt64(Int.max))))
        guard let job else {
            _ = DispatchSemaphore(value: 0).wait(timeout: wait)
            return nil
        }
        return job.finished.wait(timeout: wait) == .success ? job.mask : nil
    }

    func get(_ key: Key) -> Mask? { lock.withLock { masks[key] } }

    func set(_ key: Key, _ mask: Mask) {
        lock.withLock {
            if bytes + mask.bytes.count > Self.capacityBytes { masks.removeAll(); bytes = 0 }
            masks[key] = mask
            bytes += mask.bytes.count
        }
    }

    static func modified(_ path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return Int(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(info.st_mtim.tv_nsec) &+ Int(info.st_size) &* 31
    }

    /// The file's bytes (within `Limits.symbolBytes`) as a librsvg handle, or nil.
    static func handle(_ path: String, limits: Limits) -> UnsafeMutablePointer<RsvgHandle>? {
        guard let data = try? BoundedFile.read(path, limit: limits.symbolBytes) else { return nil }
        return handle(data, limits: limits)
    }

    /// SVG bytes that pass `SymbolCheck` as a librsvg handle, or nil.
    static func handle(_ data: [UInt8], limits: Limits) -> UnsafeMutablePointer<RsvgHandle>? {
        guard !data.isEmpty, SymbolCheck.problem(data, limits: limits) == nil else { return nil }
        var error: UnsafeMutablePointer<GError>?
        let handle: UnsafeMutablePointer<RsvgHandle>? = data.withUnsafeBufferPointer { raw in
            rsvg_handle_new_from_data(raw.baseAddress!, gsize(raw.count), &error)
        }
        if let error { g_error_free(error) }
        return handle
    }

    /// The variant when the file has it, else the whole picture, into `viewport` on `cr`.
    static func render(_ handle: UnsafeMutablePointer<RsvgHandle>, variant: String, viewport: inout RsvgRectangle, _ cr: OpaquePointer) {
        var failure: UnsafeMutablePointer<GError>?
        if rsvg_handle_has_sub(handle, variant) != 0 {
            _ = rsvg_handle_render_element(handle, cr, variant, &viewport, &failure)
        } else {
            _ = rsvg_handle_render_document(handle, cr, &viewport, &failure)
        }
        if let failure { g_error_free(failure) }
    }

    /// The symbol drawn alone into an A8 surface whose (0, 0) is the device pixel the square starts in.
    static func rasterize(_ path: String, key: Key, limits: Limits) -> Mask? {
        guard let handle = handle(path, limits: limits) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        return rasterize(handle, key: key, limits: limits)
    }

    /// SVG bytes checked and drawn as a symbol of `pixels` square (the icon loader's fuzz target):
    /// the mask's inked pixels, or nil when the bytes are refused or unreadable.
    public static func rasterize(svg: [UInt8], pixels: Double, variant: String = "#Regular-M", limits: Limits = .default) -> Int? {
        guard let handle = handle(svg, limits: limits) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        let key = Key(path: "", variant: variant, pixels: pixels, phaseX: 0.5, phaseY: 0.25, modified: 0)
        return rasterize(handle, key: key, limits: limits).map { $0.bytes.reduce(0) { $0 + ($1 > 0 ? 1 : 0) } }
    }

    static func rasterize(_ handle: UnsafeMutablePointer<RsvgHandle>, key: Key, limits: Limits) -> Mask? {
        let width = CheckedNumber.int((key.phaseX + key.pixels).rounded(.up), clampedTo: 0...Renderer.maxCanvasSide)
        let height = CheckedNumber.int((key.phaseY + key.pixels).rounded(.up), clampedTo: 0...Renderer.maxCanvasSide)
        guard width > 0, height > 0, width * height <= limits.renderPixels else { return Mask(width: 0, height: 0, stride: 0, bytes: []) }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
        var bytes = [UInt8](repeating: 0, count: stride * height)
        bytes.withUnsafeMutableBufferPointer { raw in
            let surface = cairo_image_surface_create_for_data(raw.baseAddress!, CAIRO_FORMAT_A8, Int32(width), Int32(height), Int32(stride))
            let cr = cairo_create(surface)!
            var viewport = RsvgRectangle(x: key.phaseX, y: key.phaseY, width: key.pixels, height: key.pixels)
            render(handle, variant: key.variant, viewport: &viewport, cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            cairo_surface_destroy(surface)
        }
        return Mask(width: width, height: height, stride: stride, bytes: bytes)
    }
}
