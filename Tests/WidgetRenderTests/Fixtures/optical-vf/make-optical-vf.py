"""Builds OpticalTest-VF.ttf: a variable font with one axis, opsz 17…28, for WidgetShot's tests.

Its default master (opsz 17) is Noto Serif Regular (OFL 1.1, no Reserved Font Name) cut to
printable ASCII; its opsz 28 master is the same outlines and advances scaled to 80 % of their
width, so the two are compatible by construction and a test can tell which instance was drawn
by how wide a word is. Usage: python make-optical-vf.py NotoSerif-Regular.ttf OUT.ttf
(needs fontTools)."""
import sys, os, tempfile
from fontTools.ttLib import TTFont
from fontTools import subset
from fontTools.designspaceLib import DesignSpaceDocument, AxisDescriptor, SourceDescriptor
from fontTools.varLib import build
from fontTools.pens.transformPen import TransformPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

src, out = sys.argv[1], sys.argv[2]
tmp = tempfile.mkdtemp()
opts = subset.Options()
opts.layout_features = []          # no GSUB/GPOS: kerning would have to vary too
opts.hinting = False
opts.name_IDs = []
opts.notdef_outline = True
font = TTFont(src)
sub = subset.Subsetter(opts)
sub.populate(unicodes=range(0x20, 0x7F))
sub.subset(font)
for table in ("GDEF", "GPOS", "GSUB", "gasp", "prep", "fpgm", "cvt "):
    if table in font: del font[table]
name = font["name"]
name.names = []
family = "WidgetShot Optical Test"
for nid, text in ((0, "Derived from Noto Serif, Copyright 2015 Google LLC."), (1, family), (2, "Regular"),
                  (3, family + " Regular"), (4, family + " Regular"), (6, "WidgetShotOpticalTest-Regular"),
                  (13, "This Font Software is licensed under the SIL Open Font License, Version 1.1."),
                  (14, "https://openfontlicense.org")):
    name.setName(text, nid, 3, 1, 0x409)
text_path = os.path.join(tmp, "text.ttf"); font.save(text_path)

display = TTFont(text_path)
glyf, hmtx = display["glyf"], display["hmtx"]
for g in display.getGlyphOrder():
    adv, lsb = hmtx[g]
    glyph = glyf[g]
    if glyph.numberOfContours > 0:
        pen = TTGlyphPen(None)
        glyph.draw(TransformPen(pen, (0.8, 0, 0, 1, 0, 0)), glyf)
        glyf[g] = pen.glyph()
        glyf[g].recalcBounds(glyf)
        lsb = glyf[g].xMin
    hmtx[g] = (round(adv * 0.8), lsb)
display_path = os.path.join(tmp, "display.ttf"); display.save(display_path)

doc = DesignSpaceDocument()
axis = AxisDescriptor(); axis.tag = "opsz"; axis.name = "Optical size"; axis.minimum = 17; axis.default = 17; axis.maximum = 28
doc.addAxis(axis)
for path, opsz in ((text_path, 17), (display_path, 28)):
    s = SourceDescriptor(); s.path = path; s.location = {"Optical size": opsz}; doc.addSource(s)
vf, _, _ = build(doc)
vf.save(out)
print(out, os.path.getsize(out), "bytes")
