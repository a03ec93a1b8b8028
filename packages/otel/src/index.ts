export { INSTRUMENTATION_SCOPE, otelInstrumentation, type OtelInstrumentationOptions } from './otel-instrumentation.js';
