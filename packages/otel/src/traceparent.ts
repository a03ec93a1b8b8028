import { TraceFlags, isSpanContextValid, type SpanContext } from '@opentelemetry/api';

// W3C Trace Context (https://www.w3.org/TR/trace-context/#traceparent-header), version 00.
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A span context as a `traceparent` value, written directly so no global propagator is needed. */
export function toTraceparent(spanContext: SpanContext): string {
  const flags = (spanContext.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, '0');
  return `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
}

/** The span context of a `traceparent` value, or `undefined` when it is absent or malformed. */
export function fromTraceparent(value: string | undefined): SpanContext | undefined {
  const match = value === undefined ? null : TRACEPARENT.exec(value);
  if (match === null) return undefined;
  const spanContext: SpanContext = { traceId: match[1]!, spanId: match[2]!, traceFlags: Number.parseInt(match[3]!, 16), isRemote: true };
  return isSpanContextValid(spanContext) ? spanContext : undefined;
}
