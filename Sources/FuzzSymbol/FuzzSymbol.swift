import Foundation
import FuzzSupport
import WidgetShot

/// Bytes → a project symbol as `Icons/NAME.svg` is loaded: `SymbolCheck` (size, elements, refused
/// elements, the viewBox), then librsvg drawing what passes into a 60-pixel mask, as a 20 pt
/// symbol at 3x. A check that lets through what librsvg cannot draw quickly shows up as a timeout.
@main enum FuzzSymbol {
    static func main() {
        FuzzHarness.main(target: "symbol") { bytes in
            let svg = [UInt8](bytes)
            _ = SymbolCheck.problem(svg)
            _ = SymbolMasks.rasterize(svg: svg, pixels: 60)
        }
    }
}
