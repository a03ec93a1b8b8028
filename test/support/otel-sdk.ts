import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type HistogramMetricData,
  type SumMetricData,
} from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';

/** The real OpenTelemetry SDK with in-memory exporters, read back as an exporter would send it. */
export interface OtelSdk {
  readonly spans: InMemorySpanExporter;
  readonly tracerProvider: BasicTracerProvider;
  readonly meterProvider: MeterProvider;
  /** The last export of the metric `name`. */
  metric(name: string): Promise<SumMetricData | HistogramMetricData | undefined>;
  /** Its data points. */
  points(name: string): Promise<(SumMetricData | HistogramMetricData)['dataPoints']>;
  /** The finished spans named `name`. */
  byName(name: string): ReadableSpan[];
}

export function otelSdk(): OtelSdk {
  const spans = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 600_000 });
  const meterProvider = new MeterProvider({ readers: [reader] });
  async function metric(name: string) {
    await reader.forceFlush();
    const all = exporter.getMetrics().flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics));
    return all.filter((data) => data.descriptor.name === name).at(-1) as SumMetricData | HistogramMetricData | undefined;
  }
  return {
    spans,
    tracerProvider,
    meterProvider,
    metric,
    points: async (name) => (await metric(name))?.dataPoints ?? [],
    byName: (name) => spans.getFinishedSpans().filter((span) => span.name === name),
  };
}
