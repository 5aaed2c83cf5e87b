import Testing
import WidgetDiff

@Suite("Diff regions")
struct RegionTests {
    @Test func nearbyPixelsJoinAndDistantOnesStayApart() {
        let expected = Canvas(width: 100, height: 100)
        var actual = expected
        actual[10, 10] = Canvas.black
        actual[13, 12] = Canvas.black      // 3 px away: same cluster
        actual[60, 60] = Canvas.black      // far away: its own cluster
        actual[61, 60] = Canvas.black
        actual[60, 61] = Canvas.black
        let result = ImageDiff.compare(expected: expected.image, actual: actual.image)
        #expect(result.regions == [
            DiffRegion(x: 60, y: 60, width: 2, height: 2, pixels: 3),
            DiffRegion(x: 10, y: 10, width: 4, height: 3, pixels: 2),
        ])
    }

    @Test func manyClustersAreMergedDownToFifty() {
        let expected = Canvas(width: 400, height: 400)
        var actual = expected
        for row in 0..<20 {
            for column in 0..<20 { actual[5 + 20 * column, 5 + 20 * row] = Canvas.black }
        }
        let result = ImageDiff.compare(expected: expected.image, actual: actual.image)
        #expect(result.differingPixels == 400)
        #expect(result.regions.count <= 50)
        #expect(result.regions.count > 1)
        #expect(result.regions.reduce(0) { $0 + $1.pixels } == 400)
        for region in result.regions {
            #expect(region.x >= 5 && region.y >= 5 && region.x + region.width <= 386 && region.y + region.height <= 386)
        }
    }
}
