// `import OSLog` as widget code writes it: the unified logging of `import os` (Sources/os).
@_exported import os
