export { otelInstrumentation, type OtelInstrumentationOptions } from './otel-instrumentation.js';
export { INSTRUMENTATION_SCOPE } from './scope.js';
export { DEAD_LETTERS } from './instruments.js';
export { DEAD_LETTERS_HELD, observeDeadLetters, type DeadLetterQueue, type ObserveDeadLettersOptions } from './dead-letter-gauge.js';
