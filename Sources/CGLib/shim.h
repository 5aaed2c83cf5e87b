// GLib, already linked through Pango: WidgetShot uses its GChecksum (SHA-256) for layout digests
// and render keys, so the rendering core needs no crypto package.
#include <glib.h>
