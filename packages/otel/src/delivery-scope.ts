import { SpanKind, SpanStatusCode, context, propagation, trace, type Attributes, type Tracer } from '@opentelemetry/api';
import type { DeliveryEnd, DeliveryScope, DeliveryStart } from '@social-webhooks/core';
import * as A from './attributes.js';
import { eventNameAttribute } from './event-name.js';
import type { Instruments } from './instruments.js';
import { toTraceparent } from './traceparent.js';

/**
 * The span of one delivery, a child of whatever span is active (the HTTP server's, when the app is
 * instrumented). CONSUMER: the receiver is the consumer of a message the service pushed to it.
 * Ended with the answer, or, after a `respondWithin` answer, once the handler settled. The sender
 * names the span and every metric point, and its event names bound the event name attribute.
 */
export function startDeliveryScope(tracer: Tracer, instruments: () => Instruments, start: DeliveryStart): DeliveryScope {
  const span = tracer.startSpan('webhook', {
    kind: SpanKind.CONSUMER,
    attributes: {
      [A.MESSAGING_SYSTEM]: A.WEBHOOK_SYSTEM,
      [A.MESSAGING_OPERATION_TYPE]: 'process',
      [A.MESSAGING_OPERATION_NAME]: 'deliver',
      [A.SENDER]: start.sender,
    },
  });
  const active = trace.setSpan(context.active(), span);
  let answered = false;

  return {
    run(work) {
      return context.with(active, work);
    },
    inject() {
      const carrier: Record<string, string> = {};
      // A registered propagator adds tracestate and baggage; traceparent is written either way.
      propagation.inject(active, carrier);
      carrier['traceparent'] = toTraceparent(span.spanContext());
      return carrier;
    },
    end(end: DeliveryEnd) {
      const eventName = eventNameAttribute(end.eventName, start.eventNames);
      if (!end.afterResponse && !answered) {
        answered = true;
        const attributes: Attributes = { [A.OUTCOME]: end.code, [A.HTTP_RESPONSE_STATUS_CODE]: end.status, [A.SENDER]: start.sender };
        if (eventName !== undefined) attributes[A.EVENT_NAME] = eventName;
        const metrics = instruments();
        metrics.deliveries.add(1, attributes);
        metrics.deliveryDuration.record(end.durationMs / 1000, attributes);
        if (end.eventName !== undefined) {
          span.updateName(`webhook ${eventName ?? ''}`);
          span.setAttribute(A.MESSAGING_DESTINATION_NAME, eventName ?? '');
        }
        if (end.deliveryId !== undefined) span.setAttribute(A.MESSAGING_MESSAGE_ID, end.deliveryId);
        span.setAttributes(attributes);
        // A handler still running after a 202 ends the span when it settles (the second report).
        if (end.code === 'accepted') return;
      } else {
        span.setAttribute(`${A.OUTCOME}.after_response`, end.code);
      }
      if (end.status >= 500) {
        span.setAttribute(A.ERROR_TYPE, end.code);
        span.setStatus({ code: SpanStatusCode.ERROR, message: end.code });
      }
      span.end();
    },
  };
}
