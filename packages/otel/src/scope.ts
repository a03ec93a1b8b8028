/** The instrumentation scope's name, as spans and metrics report it. */
export const INSTRUMENTATION_SCOPE = '@social-webhooks/otel';
