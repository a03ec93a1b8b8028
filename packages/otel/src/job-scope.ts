import { SpanKind, SpanStatusCode, context, trace, type Attributes, type Link, type Tracer } from '@opentelemetry/api';
import type { JobEnd, JobScope, JobStart } from '@social-webhooks/core';
import * as A from './attributes.js';
import { eventNameAttribute } from './event-name.js';
import type { Instruments } from './instruments.js';
import { fromTraceparent } from './traceparent.js';

/**
 * The span of one job attempt: CONSUMER, `process <queue>`, in a trace of its own, linked to the
 * delivery's span through the trace context the job carries. A link rather than a parent, as the
 * messaging conventions advise: retries can come hours later, and each attempt is its own trace
 * instead of stretching the delivery's.
 */
export function startJobScope(tracer: Tracer, instruments: () => Instruments, start: JobStart): JobScope {
  const startedAt = Date.now();
  const eventName = eventNameAttribute(start.eventName, start.eventNames) ?? '_OTHER';
  const delivery = fromTraceparent(start.carrier['traceparent']);
  const links: Link[] = delivery === undefined ? [] : [{ context: delivery }];
  const common: Attributes = {
    [A.MESSAGING_SYSTEM]: A.BULLMQ_SYSTEM,
    [A.MESSAGING_OPERATION_NAME]: 'process',
    [A.MESSAGING_DESTINATION_NAME]: start.queueName,
    [A.EVENT_NAME]: eventName,
    [A.SENDER]: start.sender,
  };
  const span = tracer.startSpan(`process ${start.queueName}`, {
    kind: SpanKind.CONSUMER,
    root: true,
    links,
    attributes: {
      ...common,
      [A.MESSAGING_OPERATION_TYPE]: 'process',
      [A.MESSAGING_MESSAGE_ID]: start.jobId,
      [A.JOB_ATTEMPT]: start.attempt,
    },
  });
  if (start.attempt === 1) instruments().queueWait.record(Math.max(0, startedAt - start.enqueuedAt) / 1000, common);
  const active = trace.setSpan(context.active(), span);

  return {
    run(work) {
      return context.with(active, work);
    },
    end(end: JobEnd) {
      const attributes: Attributes = { ...common, [A.OUTCOME]: end.outcome };
      if (end.outcome === 'failed') {
        const type = end.error instanceof Error ? end.error.name : 'Error';
        attributes[A.ERROR_TYPE] = type;
        span.setAttributes({ [A.ERROR_TYPE]: type, [A.JOB_WILL_RETRY]: end.willRetry });
        if (end.error instanceof Error) span.recordException(end.error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: type });
      }
      span.setAttribute(A.OUTCOME, end.outcome);
      instruments().processDuration.record((Date.now() - startedAt) / 1000, attributes);
      if (end.outcome === 'failed' && !end.willRetry) instruments().deadLetters.add(1, attributes);
      span.end();
    },
  };
}
