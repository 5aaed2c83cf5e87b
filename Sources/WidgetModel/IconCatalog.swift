/// SF Symbol names a layout may use, mapped to Material Icons codepoints (reference §9, plus a
/// few common ones read from the Material Icons codepoint map). An unknown name is a lint error.
public enum IconCatalog {
    public static let family = FontSpec.iconFamily

    public static let codepoints: [String: UInt32] = [
        "clock": 0xE8B5,
        "clock.fill": 0xE8B5,
        "bicycle": 0xE52F,
        "location.fill": 0xE569,
        "mappin": 0xE0C8,
        "mappin.and.ellipse": 0xE0C8,
        "house": 0xE88A,
        "house.fill": 0xE88A,
        "bag": 0xF1CC,
        "bag.fill": 0xF1CC,
        "flame": 0xEF55,
        "flame.fill": 0xEF55,
        "checkmark.circle": 0xE92D,
        "checkmark.circle.fill": 0xE86C,
        "checkmark": 0xE5CA,
        "car.fill": 0xE531,
        "phone.fill": 0xE0CD,
        "phone": 0xE0CD,
        "fork.knife": 0xE56C,
        "person.fill": 0xE7FD,
        "bell.fill": 0xE7F4,
        "bell.slash": 0xE7F6,
        "arrow.clockwise": 0xE5D5,
        "questionmark": 0xEB8B,
        "xmark.circle": 0xE888,
        "xmark.circle.fill": 0xE5C9,
        "xmark": 0xE5CD,
        "moon": 0xE51C,
        "timer": 0xE425,
        "star.fill": 0xE838,
        "cart.fill": 0xE8CC,
        "storefront": 0xEA12,
        "hourglass": 0xEA5B,
        "chevron.right": 0xE5CC,
        "ellipsis": 0xE5D3,
        "info.circle": 0xE88E,
        "exclamationmark.triangle": 0xE002,
        "shippingbox": 0xE558,
        "takeoutbag.and.cup.and.straw": 0xEA61,
        "figure.walk": 0xE536,
        "scooter": 0xEB29,
        "map": 0xE55B,
    ]

    public static func glyph(for symbol: String) -> String? {
        guard let cp = codepoints[symbol], let scalar = Unicode.Scalar(cp) else { return nil }
        return String(Character(scalar))
    }

    public static var names: [String] { codepoints.keys.sorted() }
}
