import CoreMetrics
import Foundation
import Hummingbird
import Prometheus
import Synchronization
import WidgetShot

/// The server's metrics, through swift-metrics' API into a Prometheus registry of this server's own
/// (not the process-wide MetricsSystem bootstrap, which can be done once only: tests start many
/// servers in one process, and an application embedding RenderServer may bootstrap its own).
/// `GET /metrics` answers the registry in Prometheus' text format.
///
/// - `widgetshot_http_requests_total{route,method,status}`: every answer, by route pattern
/// - `widgetshot_http_request_duration_seconds{route}`: time in the server per request
/// - `widgetshot_renders_total{outcome}`: renders started (ok, error)
/// - `widgetshot_render_phase_seconds{phase}`: queue (waiting for a render thread),
///   bind_layout, draw, encode, total (the last four from RenderResult.timings)
/// - `widgetshot_renders_in_flight`, `widgetshot_render_queue_depth`: now, at scrape time
/// - `widgetshot_render_rejections_total`: requests refused with 429 (queue full)
/// - `widgetshot_render_cancellations_total`: jobs stopped, running or queued, because their request
///   was cancelled (its client went away, or the server is shutting down)
/// - `widgetshot_not_modified_total`: 304 answers (no render)
/// - `widgetshot_cache_hits_total`, `_misses_total`, `_coalesced_total`, `_evictions_total`;
///   `widgetshot_cache_bytes`, `widgetshot_cache_entries`
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    let factory: PrometheusMetricsFactory

    let rendersOK: CoreMetrics.Counter
    let rendersFailed: CoreMetrics.Counter
    let rejections: CoreMetrics.Counter
    let cancellations: CoreMetrics.Counter
    /// How many of RenderWorkers' cancelled jobs `cancellations` has counted (it is brought up to
    /// date at each scrape).
    private let cancellationsCounted = Mutex(0)
    let notModified: CoreMetrics.Counter
    let cacheHits: CoreMetrics.Counter
    let cacheMisses: CoreMetrics.Counter
    let cacheCoalesced: CoreMetrics.Counter
    let cacheEvictions: CoreMetrics.Counter
    let queueWait: CoreMetrics.Timer
    let bindLayout: CoreMetrics.Timer
    let draw: CoreMetrics.Timer
    let encode: CoreMetrics.Timer
    let renderTotal: CoreMetrics.Timer
    let inFlight: CoreMetrics.Gauge
    let queueDepth: CoreMetrics.Gauge
    let cacheBytes: CoreMetrics.Gauge
    let cacheEntries: CoreMetrics.Gauge

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Renders take milliseconds; a cached answer microseconds.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
            .milliseconds(5), .milliseconds(10), .milliseconds(20), .milliseconds(30), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
        ]
        self.factory = factory
        func counter(_ name: String, _ dimensions: [(String, String)] = []) -> CoreMetrics.Counter {
            CoreMetrics.Counter(label: name, dimensions: dimensions, factory: factory)
        }
        func timer(_ name: String, _ dimensions: [(String, String)]) -> CoreMetrics.Timer {
            CoreMetrics.Timer(label: name, dimensions: dimensions, factory: factory)
        }
        func gauge(_ name: String) -> CoreMetrics.Gauge { CoreMetrics.Gauge(label: name, factory: factory) }
        rendersOK = counter("widgetshot_renders_total", [("outcome", "ok")])
        rendersFailed = counter("widgetshot_renders_total", [("outcome", "error")])
        rejections = counter("widgetshot_render_rejections_total")
        cancellations = counter("widgetshot_render_cancellations_total")
        notModified = counter("widgetshot_not_modified_total")
        cacheHits = counter("widgetshot_cache_hits_total")
        cacheMisses = counter("widgetshot_cache_misses_total")
        cacheCoalesced = counter("widgetshot_cache_coalesced_total")
        cacheEvictions = counter("widgetshot_cache_evictions_total")
        queueWait = timer("widgetshot_render_phase_seconds", [("phase", "queue")])
        bindLayout = timer("widgetshot_render_phase_seconds", [("phase", "bind_layout")])
        draw = timer("widgetshot_render_phase_seconds", [("phase", "draw")])
        encode = timer("widgetshot_render_phase_seconds", [("phase", "encode")])
        renderTotal = timer("widgetshot_render_phase_seconds", [("phase", "total")])
        inFlight = gauge("widgetshot_renders_in_flight")
        queueDepth = gauge("widgetshot_render_queue_depth")
        cacheBytes = gauge("widgetshot_cache_bytes")
        cacheEntries = gauge("widgetshot_cache_entries")
    }

    var cacheEvents: CacheEvents {
        CacheEvents(hit: { [cacheHits] in cacheHits.increment() },
                    miss: { [cacheMisses] in cacheMisses.increment() },
                    coalesced: { [cacheCoalesced] in cacheCoalesced.increment() },
                    evicted: { [cacheEvictions] n in cacheEvictions.increment(by: n) })
    }

    func rendered(_ timings: RenderTimings, queueWait wait: UInt64) {
        rendersOK.increment()
        queueWait.recordNanoseconds(Int64(clamping: wait))
        bindLayout.recordNanoseconds(Int64(clamping: timings.bindAndLayout))
        draw.recordNanoseconds(Int64(clamping: timings.draw))
        encode.recordNanoseconds(Int64(clamping: timings.encode))
        renderTotal.recordNanoseconds(Int64(clamping: timings.total))
    }

    /// One answer. `route` is the matched route pattern (`/render/{layout}/{surface}.png`), so the
    /// number of series stays bounded whatever paths clients send.
    func answered(route: String, method: String, status: Int, nanoseconds: UInt64) {
        let key = SeriesKey(route: route, method: method, status: status)
        let known = series.withLock { $0[key] }
        let handles = known ?? {
            let made = (CoreMetrics.Counter(label: "widgetshot_http_requests_total",
                                            dimensions: [("route", route), ("method", method), ("status", String(status))],
                                            factory: factory),
                        CoreMetrics.Timer(label: "widgetshot_http_request_duration_seconds", dimensions: [("route", route)],
                                          factory: factory))
            series.withLock { $0[key] = made }
            return made
        }()
        handles.0.increment()
        handles.1.recordNanoseconds(Int64(clamping: nanoseconds))
    }

    private struct SeriesKey: Hashable { var route: String; var method: String; var status: Int }
    /// The handles per series, made once (the registry would look them up by name and labels on
    /// every request otherwise). Bounded: routes are patterns, methods and statuses few.
    private let series = Mutex<[SeriesKey: (CoreMetrics.Counter, CoreMetrics.Timer)]>([:])

    /// The text for `GET /metrics`, with the gauges read now.
    func exposition(workers: RenderWorkers, cache: ResponseCache) -> [UInt8] {
        let running = workers.running
        let cancelled = workers.cancelled
        let newlyCancelled = cancellationsCounted.withLock { counted in
            defer { counted = max(counted, cancelled) }
            return cancelled - counted
        }
        if newlyCancelled > 0 { cancellations.increment(by: newlyCancelled) }
        inFlight.record(running)
        queueDepth.record(max(0, workers.admission.count - running))
        cacheBytes.record(cache.bytes)
        cacheEntries.record(cache.count)
        return registry.emitToBuffer()
    }
}
