#!/usr/bin/env python3
"""Writes layout.schema.json (JSON Schema draft-07) for WidgetShot layout files.

The key lists mirror Sources/2-WidgetTemplate (NodeParser.kinds / parameters(of:) / commonKeys / modifierKeys,
DocumentParser) — SchemaTests fails when they drift apart. Every parameter also takes a binding ('{{…}}').
Run: python3 Layouts/schema/make_schema.py
"""
import json, os

BINDING = {"$ref": "#/definitions/binding"}

def b(*types):
    """A value of the given schema(s) or a binding."""
    return {"anyOf": list(types) + [BINDING]}

NUM = {"type": "number"}
INT = {"type": "integer"}
BOOL = {"type": "boolean"}
STR = {"type": "string"}
def enum(*values): return {"type": "string", "enum": list(values)}

H_ALIGN = enum("leading", "center", "trailing")
TRUNCATION = enum("head", "middle", "tail")
V_ALIGN = enum("top", "center", "bottom")
ALIGN = enum("center", "leading", "trailing", "top", "bottom", "topLeading", "topTrailing", "bottomLeading", "bottomTrailing")
STYLES = enum("largeTitle", "title", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote", "caption", "caption2")
WEIGHTS = enum("regular", "medium", "semibold", "bold")
UNIT_POINTS = enum("topLeading", "top", "topTrailing", "leading", "center", "trailing", "bottomLeading", "bottom", "bottomTrailing")
SURFACES = ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "accessoryCircular", "accessoryRectangular",
            "accessoryInline", "lockScreen", "standBy", "islandCompact", "islandMinimal", "islandExpanded", "activitySmall"]
FAMILIES = ["home", "accessory", "liveActivity", "island", "smallActivity", "control"]
# Control surfaces are drawn from `controls:` (ControlTemplate.swift), never written under `surfaces:`.
CONTROL_SURFACES = ["controlSmall", "controlMedium", "controlLarge", "controlLockScreen"]
REGIONS = {"islandCompact": ["leading", "trailing"], "islandExpanded": ["leading", "center", "trailing", "bottom"]}

NODE = {"$ref": "#/definitions/node"}
PAINT = {"$ref": "#/definitions/paint"}
COLOR = {"$ref": "#/definitions/color"}
EDGES = {"$ref": "#/definitions/edges"}

COMMON = {
    "when": {"description": "Show the node only when this is true: a path, !x, a == b, a < b, x in [a, b], x exists, &&, ||, arithmetic.",
             "anyOf": [STR, BOOL]},
    "layoutPriority": b(NUM),
    "color": PAINT, "foreground": PAINT,
    "font": b(STYLES, {"type": "object", "additionalProperties": False,
                       "properties": {"style": b(STYLES), "size": b(NUM), "weight": b(WEIGHTS)}}),
    "unredacted": b(BOOL),
    # Text settings that inherit like SwiftUI's environment (on a stack or a `use:` they apply to the texts inside).
    "lineLimit": b(INT), "minimumScaleFactor": b(NUM), "multilineAlignment": b(H_ALIGN), "monospacedDigit": b(BOOL),
    "truncationMode": b(TRUNCATION),
}
MODIFIERS = {
    "padding": EDGES,
    "frame": {"type": "object", "additionalProperties": False, "properties": {
        **{k: b(NUM, enum("infinity", ".infinity")) for k in
           ["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]},
        "alignment": b(ALIGN)}},
    "background": {"anyOf": [PAINT, NODE]},
    "overlay": {"anyOf": [PAINT, NODE]},
    "opacity": b(NUM),
    "cornerRadius": b(NUM),
    "clip": b(enum("rect", "circle", "capsule"), {"type": "object", "additionalProperties": False, "required": ["roundedRect"],
                                                   "properties": {"roundedRect": b(NUM), "style": b(enum("continuous", "circular"))}}),
    "fixedSize": b(BOOL, enum("true", "horizontal", "vertical")),
    "offset": b({"type": "object", "additionalProperties": False, "properties": {"x": b(NUM), "y": b(NUM)}}),
    "rotation": {"description": "Degrees, drawn rotated about `anchor` (default center); the layout frame stays.", **b(NUM)},
    "scale": b(NUM, {"type": "object", "additionalProperties": False, "properties": {"x": b(NUM), "y": b(NUM)}}),
    "scaleEffect": b(NUM, {"type": "object", "additionalProperties": False, "properties": {"x": b(NUM), "y": b(NUM)}}),
    "anchor": b(UNIT_POINTS, {"type": "object", "additionalProperties": False, "properties": {"x": b(NUM), "y": b(NUM)}}),
    "backgroundAlignment": b(ALIGN),
    "overlayAlignment": b(ALIGN),
    "widgetAccentable": {"description": "SwiftUI widgetAccentable: true puts this view and everything inside it into the accent group of the accented (tinted Home Screen) rendering mode; false back into the primary group.", **b(BOOL)},
}
SHAPE = {"fill": PAINT, "stroke": PAINT, "lineWidth": b(NUM), "dash": b(NUM, {"type": "array", "items": b(NUM)})}
CHILDREN = {"anyOf": [{"type": "array", "items": NODE}, {"type": "null"}]}
BARE = {"anyOf": [{"type": "null"}, {"const": True}]}

KINDS = {
    "vstack": (CHILDREN, {"spacing": b(NUM), "alignment": b(H_ALIGN)}),
    "hstack": (CHILDREN, {"spacing": b(NUM), "alignment": b(V_ALIGN)}),
    "zstack": (CHILDREN, {"alignment": b(ALIGN)}),
    "spacer": ({"anyOf": [{"type": "null"}, NUM, BINDING]}, {"minLength": b(NUM)}),
    "text": ({"$ref": "#/definitions/localizedText"}, {
        "style": b(STYLES), "size": b(NUM), "weight": b(WEIGHTS), "bold": b(BOOL), "lineHeight": b(NUM),
        "lineLimit": b(INT), "minimumScaleFactor": b(NUM), "multilineAlignment": b(H_ALIGN),
        "monospacedDigit": b(BOOL), "truncationMode": b(TRUNCATION), "tracking": b(NUM)}),
    "icon": (STR, {"size": b(NUM)}),
    "image": (STR, {"resizable": b(BOOL), "contentMode": b(enum("fit", "fill")), "scale": b(NUM),
                    "renderingMode": b(enum("original", "template"))}),
    "rect": (BARE, SHAPE), "circle": (BARE, SHAPE), "capsule": (BARE, SHAPE), "ellipse": (BARE, SHAPE),
    "roundedRect": (b(NUM), {"style": b(enum("continuous", "circular")), **SHAPE}),
    "path": ({"type": "array", "minItems": 2, "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": NUM}},
             {"closed": b(BOOL), "curved": b(BOOL), **SHAPE}),
    "progress": ({"anyOf": [NUM, BINDING, {"type": "object", "additionalProperties": False, "required": ["start", "end"],
                                          "properties": {"start": {"type": ["string", "number"]}, "end": {"type": ["string", "number"]},
                                                         "countsDown": b(BOOL)}}]},
                 {"style": b(enum("linear", "gauge", "ring")), "tint": PAINT, "track": PAINT, "thickness": b(NUM),
                  "marker": {"description": "A node centred at the bar's current fraction (linear only).", **NODE}}),
    "divider": ({"type": "null"}, {}),
    "forEach": (STR, {"as": STR, "limit": b(INT), "content": NODE}),
    "use": (STR, {"with": {"type": "object"}}),
}

def kind_schema(name, value, params):
    props = {name: value, **params, **COMMON, **MODIFIERS}
    return {"type": "object", "required": [name], "properties": props, "additionalProperties": False}

definitions = {
    "binding": {"type": "string", "pattern": "\\{\\{", "description": "A binding: '{{path | filter}}', checked against the parameter's type when bound."},
    "localizedText": {"anyOf": [{"type": ["string", "number", "boolean"]},
                                {"type": "object", "minProperties": 1, "additionalProperties": False,
                                 "patternProperties": {"^[a-z]{2}([-_][A-Za-z0-9]+)*$": {"type": ["string", "number", "boolean"]}}}]},
    "color": {"anyOf": [
        {"type": "string", "description": "A system color (orange, secondaryLabel, …), white/black/clear, hex (#FF9500, #FF950080) or a binding."},
        {"type": "object", "additionalProperties": False, "required": ["light", "dark"],
         "properties": {"light": {"$ref": "#/definitions/color"}, "dark": {"$ref": "#/definitions/color"}}},
        {"type": "object", "additionalProperties": False, "required": ["color"],
         "properties": {"color": {"$ref": "#/definitions/color"}, "opacity": NUM}}]},
    "paint": {"anyOf": [COLOR,
        {"type": "object", "additionalProperties": False, "required": ["linearGradient"],
         "properties": {"linearGradient": {"type": "array", "minItems": 1, "items": COLOR},
                        "start": UNIT_POINTS, "end": UNIT_POINTS, "locations": {"type": "array", "items": NUM}}}]},
    "edges": b(NUM, BOOL, {"const": "none"},
               {"type": "object", "additionalProperties": False,
                "properties": {k: b(NUM) for k in ["top", "leading", "bottom", "trailing", "horizontal", "vertical"]}}),
    "node": {"anyOf": [enum("spacer", "divider", "rect", "circle", "capsule", "ellipse")]
             + [{"$ref": "#/definitions/" + k + "Node"} for k in KINDS]},
}
for k, (value, params) in KINDS.items():
    definitions[k + "Node"] = kind_schema(k, value, params)

def surface_schema(name):
    # The Dynamic Island is always black with the system's margins: no background/margins, a keylineTint instead.
    if name.startswith("island"):
        props = {"keylineTint": PAINT}
    else:
        props = {"background": {"anyOf": [PAINT, NODE]}, "margins": EDGES}
    if name in REGIONS:
        props.update({r: NODE for r in REGIONS[name]})
    else:
        props["view"] = NODE
    return {"type": "object", "additionalProperties": False, "properties": props}

# What a control shows; a toggle's on:/off: override these (LayoutParser.controlFaceKeys).
CONTROL_FACE = {"symbol": STR, "label": {"$ref": "#/definitions/localizedText"},
                "value": {"$ref": "#/definitions/localizedText"}, "tint": PAINT}

schema = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://widgetshot.invalid/layout.schema.json",
    "title": "WidgetShot layout",
    "description": "A layout file in Layouts/ (see Layouts/README.md). Generated by Layouts/schema/make_schema.py.",
    "type": "object",
    "additionalProperties": False,
    "required": ["surfaces"],
    "properties": {
        "name": STR,
        "strings": {"type": "object", "description": "Texts by name, one string or {ko: …, en: …}; plural forms too."},
        "tables": {"type": "object", "description": "Lookup tables by name: paths such as status[order.status].color read them."},
        "components": {"type": "object", "additionalProperties": NODE},
        "surfaces": {"type": "object", "minProperties": 1, "additionalProperties": False,
                     "properties": {s: surface_schema(s) for s in SURFACES}},
        "previews": {"type": "object", "additionalProperties": {
            "type": "object", "additionalProperties": False,
            "properties": {"now": {"type": ["string", "number"]}, "timeZone": STR, "locale": STR,
                           "data": {"type": "object"}, "extends": STR,
                           "surfaces": {"type": "array", "items": {"enum": SURFACES + CONTROL_SURFACES + FAMILIES}}}}},
        "controls": {"type": "array", "description": "Controls (iOS 18) for Control Center and the Lock Screen (LayoutParser.controlKeys).",
                     "items": {"type": "object", "additionalProperties": False, "required": ["id", "kind"],
                               "properties": {"id": {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]{0,63}$"},
                                              "kind": enum("button", "toggle"),
                                              **CONTROL_FACE,
                                              "on": {"type": "object", "additionalProperties": False, "properties": CONTROL_FACE},
                                              "off": {"type": "object", "additionalProperties": False, "properties": CONTROL_FACE}}}},
        "timeline": {"type": "object", "additionalProperties": False,
                     "description": "How the widget's WidgetKit timeline is built (widgetshot timeline).",
                     "properties": {
                         "state": {"type": "string", "description": "Data path whose value picks the interval."},
                         "every": {"type": "object", "additionalProperties": {"type": ["string", "number"]},
                                   "description": "Interval per state (s, m, h or seconds); default: the rest."},
                         "horizon": {"type": ["string", "number"]},
                         "maxEntries": {"type": "integer", "minimum": 1},
                         "reload": {"type": "string", "description": "atEnd, never, or after DURATION."}}},
    },
    "definitions": definitions,
}

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "layout.schema.json.tmp"), "w") as f:
    json.dump(schema, f, indent=1, sort_keys=False)
    f.write("\n")
os.replace(os.path.join(here, "layout.schema.json.tmp"), os.path.join(here, "layout.schema.json"))
