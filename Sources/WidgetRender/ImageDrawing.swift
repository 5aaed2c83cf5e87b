import CPangoCairo
import Foundation
import WidgetModel

extension Renderer {
    func drawImage(_ image: ImageContent, in frame: Rect, _ cr: OpaquePointer) {
        if image.redacted {
            fillPlaceholder(frame, radius: min(frame.width, frame.height) / 8, color: RGBA(hex: 0x8E8E93), cr)
            return
        }
        guard frame.width > 0, frame.height > 0, let surface = imageSurface(image.path) else { return }
        let iw = Double(cairo_image_surface_get_width(surface)), ih = Double(cairo_image_surface_get_height(surface))
        guard iw > 0, ih > 0 else { return }
        let s = image.contentMode == .fill ? max(frame.width / iw, frame.height / ih)
                                           : min(frame.width / iw, frame.height / ih)
        // Stretched: each axis scaled on its own to the frame.
        let (sx, sy) = image.contentMode == .stretch && image.resizable ? (frame.width / iw, frame.height / ih) : (s, s)
        cairo_save(cr)
        cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
        cairo_clip(cr)
        // A template image: the tint is the source (laid out in the frame, before the image's own
        // scaling) and the picture only its alpha mask.
        if let tint = image.tint { setSource(tint, in: frame, cr) }
        cairo_translate(cr, frame.midX - iw * sx / 2, frame.midY - ih * sy / 2)
        cairo_scale(cr, sx, sy)
        let pattern = cairo_pattern_create_for_surface(surface)!
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        // PAD keeps the picture's edge pixels opaque when scaled instead of fading into clear.
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_rectangle(cr, 0, 0, iw, ih)
        if image.tint != nil {
            cairo_clip(cr)
            cairo_mask(cr, pattern)
        } else {
            cairo_set_source(cr, pattern)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// The decoded PNG as a premultiplied ARGB32 surface, or nil if it cannot be loaded (see `loadImage`).
    func imageSurface(_ path: String) -> OpaquePointer? {
        try? loadImage(path)
    }

    /// Decodes the PNG or JPEG at `path` once per path (a failure is remembered too, so a broken asset
    /// costs one attempt). The file is refused from its size (`Limits.imageBytes`) before it is read
    /// and from its header (`Limits.imagePixels`) before it is decoded.
    @discardableResult
    public func loadImage(_ path: String) throws -> OpaquePointer {
        if let cached = imageSurfaces[path] { return cached }
        if let failure = failedImages[path] { throw failure }
        do {
            let surface = try decodeImage(path)
            imageSurfaces[path] = surface
            return surface
        } catch {
            failedImages[path] = error
            throw error
        }
    }

    private func decodeImage(_ path: String) throws(ImageLoadError) -> OpaquePointer {
        // Bytes a view holds (ImageBytes: a team's UIImage(data:)) or a file.
        let bytes: [UInt8]
        if let held = ImageBytes.bytes(for: path) { bytes = held } else { bytes = try Self.readImageFile(path, limit: limits.imageBytes) }
        let format = ImageHeader.format(bytes[...]), size = ImageHeader.size(bytes[...])
        if let (w, h) = size, w > limits.imagePixels / h {
            throw ImageLoadError(description: "image \(path) is \(w)×\(h) pixels, more than the limit of \(limits.imagePixels) (Limits.imagePixels)")
        }
        let decoded: RGBAImage
        switch format {
        case .jpeg?:
            // Its size is checked before GdkPixbuf sees it: a JPEG whose frame header cannot be found
            // is refused rather than decoded at a size nobody checked.
            guard size != nil else {
                throw ImageLoadError(description: "image \(path) is a JPEG whose size cannot be read (no frame header in its first \(ImageHeader.jpegScanBytes / 1024) KB)")
            }
            do { decoded = try JPEGDecoder.decode(bytes) } catch {
                throw ImageLoadError(description: "image \(path) (JPEG) cannot be decoded: \(error)")
            }
        default:
            do { decoded = try PNGCodec.decode(bytes) } catch {
                throw ImageLoadError(description: "image \(path) cannot be decoded: \(error)")
            }
        }
        guard let width = CheckedNumber.int32(decoded.width), let height = CheckedNumber.int32(decoded.height) else {
            throw ImageLoadError(description: "image \(path) (\(decoded.width)×\(decoded.height)) does not fit a drawing surface")
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            throw ImageLoadError(description: "image \(path) (\(decoded.width)×\(decoded.height)) does not fit a drawing surface")
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        decoded.pixels.withUnsafeBufferPointer { src in
            for y in 0..<decoded.height {
                let row = UnsafeMutableRawPointer(data + y * stride)
                for x in 0..<decoded.width {
                    let i = (y * decoded.width + x) * 4
                    let c = RGBA8(r: src[i], g: src[i + 1], b: src[i + 2], a: src[i + 3])
                    row.storeBytes(of: Bitmap.premultiplied(c), toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// The whole file, refused unread when it is larger than `limit` bytes or not a regular file.
    private static func readImageFile(_ path: String, limit: Int) throws(ImageLoadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw ImageLoadError(description: "image cannot be opened: \(path)") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ImageLoadError(description: "image is not a regular file: \(path)")
        }
        guard Int(info.st_size) <= limit else {
            throw ImageLoadError(description: "image \(path) is \(info.st_size) bytes, more than the limit of \(limit) (Limits.imageBytes)")
        }
        // One byte more than allowed tells a file that grew since fstat.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw ImageLoadError(description: "image cannot be read: \(path)") }
            if n == 0 { break }
            filled += n
            if filled > limit {
                throw ImageLoadError(description: "image \(path) is more than the limit of \(limit) bytes (Limits.imageBytes)")
            }
        }
        return Array(bytes[0..<filled])
    }
}

/// An image an `image:` names that could not be loaded: what and why.
public struct ImageLoadError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
