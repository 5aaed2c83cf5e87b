/// pixelmatch's antialiasing test, after Vyšniauskas, "Anti-aliased pixel and intensity slope
/// detector" (2009): a pixel is antialiasing when, among its 8 neighbours, at most two share
/// its brightness, both a darker and a brighter one exist, and the darkest or the brightest
/// of them sits inside a flat area (3+ identical neighbours) in both images — an edge
/// between two flat colours, which a rasterizer may shade slightly differently.
///
/// Brightness is taken on the backdrop where the pixel's difference showed (see ColorDelta), so a
/// translucent white edge on a transparent surface is judged as the same edge over black.
enum Antialiasing {
    static func isAntialiased(x: Int, y: Int, in image: PixelGrid, comparedWith other: PixelGrid,
                              over backdrop: ColorDelta.Backdrop = .white) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0)
        let x2 = min(x + 1, image.width - 1), y2 = min(y + 1, image.height - 1)
        let center = image[x, y]
        let centerBrightness = ColorDelta.brightness(center, over: backdrop)
        var equalNeighbours = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkestX = 0, darkestY = 0, brightestX = 0, brightestY = 0

        // Column-major like pixelmatch, so ties pick the same neighbour.
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let neighbour = image[nx, ny]
                let delta = neighbour == center ? 0 : centerBrightness - ColorDelta.brightness(neighbour, over: backdrop)
                if delta == 0 {
                    equalNeighbours += 1
                    if equalNeighbours > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestX = nx
                    darkestY = ny
                } else if delta > brightest {
                    brightest = delta
                    brightestX = nx
                    brightestY = ny
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }

        return (hasManySiblings(x: darkestX, y: darkestY, in: image)
                && hasManySiblings(x: darkestX, y: darkestY, in: other))
            || (hasManySiblings(x: brightestX, y: brightestY, in: image)
                && hasManySiblings(x: brightestX, y: brightestY, in: other))
    }

    /// Whether 3 or more of the pixel's neighbours have exactly its colour (the image border
    /// counts as one).
    static func hasManySiblings(x: Int, y: Int, in image: PixelGrid) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0)
        let x2 = min(x + 1, image.width - 1), y2 = min(y + 1, image.height - 1)
        let center = image[x, y]
        var equalNeighbours = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                if image[nx, ny] == center {
                    equalNeighbours += 1
                    if equalNeighbours > 2 { return true }
                }
            }
        }
        return false
    }
}
