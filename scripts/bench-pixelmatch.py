"""The peer for `make bench`'s diff timings: pybind11-pixelmatch (compiled C++ pixelmatch) on the
same PNG pairs `widgetshot bench diff` wrote, timed the same way: read + decode both (Pillow,
its documented reader) + compare.
    python bench-pixelmatch.py PAIRS_DIR [N]   -> one JSON line per pair"""
import json, statistics, sys, time
import numpy as np
import pybind11_pixelmatch as pm

pairs, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 51
opts = pm.Options()
opts.threshold = 0.1
for name in ["identical", "text-moved", "large"]:
    a, b = f"{pairs}/{name}-a.png", f"{pairs}/{name}-b.png"
    def run():
        x, y = pm.read_image(a, backend="pillow"), pm.read_image(b, backend="pillow")
        return pm.pixelmatch(x, y, options=opts)
    for _ in range(3): run()
    ts = []
    for _ in range(n):
        t0 = time.perf_counter(); diff = run(); ts.append((time.perf_counter() - t0) * 1000)
    x, y = pm.read_image(a, backend="pillow"), pm.read_image(b, backend="pillow")
    ts2 = []
    for _ in range(n):
        t0 = time.perf_counter(); pm.pixelmatch(x, y, options=opts); ts2.append((time.perf_counter() - t0) * 1000)
    print(json.dumps({"case": name, "decodeAndCompareMs": round(statistics.median(ts), 3),
                      "compareMs": round(statistics.median(ts2), 3), "differingPixels": int(diff),
                      "size": f"{x.shape[1]}x{x.shape[0]}"}))
