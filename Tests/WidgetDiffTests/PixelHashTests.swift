import Testing
import WidgetDiff

@Suite("Pixel hash")
struct PixelHashTests {
    @Test func equalImagesHashEqual() {
        let picture = widgetPicture()
        let copy = DiffImage(width: picture.width, height: picture.height, pixels: Array(picture.pixels[...]))
        #expect(ImageDiff.pixelHash(picture.image) == ImageDiff.pixelHash(copy))
        #expect(ImageDiff.pixelHash(copy).count == 16)
    }

    @Test func oneChangedByteChangesTheHash() {
        let picture = widgetPicture()
        var changed = picture.image
        changed.pixels[1014 * 4 * 200 + 4 * 500 + 2] ^= 1
        #expect(ImageDiff.pixelHash(picture.image) != ImageDiff.pixelHash(changed))
    }

    @Test func theSizeIsPartOfTheHash() {
        let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        #expect(ImageDiff.pixelHash(DiffImage(width: 2, height: 1, pixels: bytes))
            != ImageDiff.pixelHash(DiffImage(width: 1, height: 2, pixels: bytes)))
    }

    /// A 0×0 size gives seed 0, so the hash is plain XXH64 and matches its published vectors
    /// (the buffer is not checked against the size here).
    @Test(arguments: [
        ("", "ef46db3751d8e999"),
        ("abc", "44bc2cf5ad770999"),
        ("12345678901234567890123456789012", "40fd1aa52d98274c"),
        ("The quick brown fox jumps over the lazy dog", "0b242d361fda71bc"),
    ])
    func matchesXXH64ReferenceVectors(input: String, hex: String) {
        #expect(ImageDiff.pixelHash(DiffImage(width: 0, height: 0, pixels: Array(input.utf8))) == hex)
    }
}
