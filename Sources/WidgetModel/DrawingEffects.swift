import Foundation

/// An affine map of surface points (Cairo's and CoreGraphics' order):
/// x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public var isIdentity: Bool { self == .identity }

    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// `self` after `first`: the point goes through `first`, then through `self`.
    public func concatenating(after first: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * first.a + c * first.b, b: b * first.a + d * first.b,
                        c: a * first.c + c * first.d, d: b * first.c + d * first.d,
                        tx: a * first.tx + c * first.ty + tx, ty: b * first.tx + d * first.ty + ty)
    }

    /// Rotation by `degrees` clockwise on screen (y grows downwards, as SwiftUI's rotationEffect)
    /// about `pivot`.
    public static func rotation(degrees: Double, about pivot: Point) -> AffineTransform {
        let r = degrees * .pi / 180
        let cosR = cos(r), sinR = sin(r)
        return AffineTransform(a: cosR, b: sinR, c: -sinR, d: cosR,
                               tx: pivot.x - cosR * pivot.x + sinR * pivot.y,
                               ty: pivot.y - sinR * pivot.x - cosR * pivot.y)
    }

    /// Scaling by x, y about `pivot` (a negative factor mirrors).
    public static func scale(x: Double, y: Double, about pivot: Point) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: pivot.x - x * pivot.x, ty: pivot.y - y * pivot.y)
    }
}

/// Everything that changes how a placed node is drawn without changing where layout put it,
/// applied in one place by the renderer (Renderer.drawNode), in this order: transform, clip,
/// then the node and its children drawn as one group with `opacity`.
public struct DrawingEffects: Hashable, Sendable {
    /// Applies to this node and its children, as a group.
    public var opacity: Double
    /// Clips content and children to this shape in the node's frame (after `transform`).
    public var clip: ClipShape?
    /// In surface points; rotation and scale effects about an anchor of the frame.
    public var transform: AffineTransform
    /// `widgetAccentable`: true puts this node and everything inside it into the accent group of the
    /// accented rendering mode, false back into the primary group; nil inherits from the parent.
    /// Changes nothing in the other modes.
    public var accentable: Bool?
    public init(opacity: Double = 1, clip: ClipShape? = nil, transform: AffineTransform = .identity,
                accentable: Bool? = nil) {
        self.opacity = opacity; self.clip = clip; self.transform = transform; self.accentable = accentable
    }
    public static let none = DrawingEffects()
}
