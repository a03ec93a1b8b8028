import { EVENT_NAMES } from '@social-webhooks/core';
import { formatPath, testFilterConfig, type ConfigProblem, type ConfigWarning, type FilterConfig } from '@social-webhooks/filter';
import { z } from 'zod';

const inputSchema = z.object({
  endpoint: z.string({ error: 'expects the receiver URL as a string' }),
  filterConfig: z.looseObject({
    event_type: z.enum(EVENT_NAMES, { error: `expects one of ${EVENT_NAMES.join(', ')}` }),
    filter: z.record(z.string(), z.unknown(), { error: 'expects a filter object' }).nullish(),
    payload: z.record(z.string(), z.unknown(), { error: 'expects a sample payload object' }).nullish(),
  }),
});

/**
 * Every problem of a `createWebhook` input, found locally so that a bad config fails fast with the
 * reasons and no network call: its shape (zod), the endpoint URL, and the filter config as the
 * service tests it (`testFilterConfig`: filter syntax and fields, payload required and satisfying),
 * and the warnings: a filter the gateway accepts but that can never work as written.
 */
export function checkCreateInput(input: unknown, allowUnknownFields: boolean): { problems: ConfigProblem[]; warnings: ConfigWarning[] } {
  // The service's docs spell the body's field `filter_config`; the client's input is camelCase.
  if (typeof input === 'object' && input !== null && 'filter_config' in input && !('filterConfig' in input)) {
    return { problems: [{
      code: 'invalid_config',
      path: ['filterConfig'],
      message: 'filterConfig: missing; you passed `filter_config`, the service\'s spelling of the body field. Pass it as `filterConfig` (inside it, keep the service\'s names: event_type, filter, payload).',
    }], warnings: [] };
  }
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue): ConfigProblem => {
      const path = issue.path.map((step) => (typeof step === 'number' ? step : String(step)));
      return { code: 'invalid_config', path, message: `${formatPath(path)}: ${issue.message}` };
    });
    return { problems, warnings: [] };
  }
  const problems = checkEndpoint(parsed.data.endpoint);
  const result = testFilterConfig(parsed.data.filterConfig as FilterConfig, { allowUnknownFields });
  if (!result.ok) problems.push(...result.problems.map((item) => prefix(item, 'filterConfig')));
  return { problems, warnings: (result.warnings ?? []).map((item) => prefix(item, 'filterConfig')) };
}

/** Problems of the endpoint URL: it must be an absolute http(s) URL without credentials. */
export function checkEndpoint(endpoint: string): ConfigProblem[] {
  const at = (text: string): ConfigProblem => ({ code: 'invalid_config', path: ['endpoint'], message: `endpoint: ${text}` });
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch (error) {
    return [at(`not an absolute URL (${error instanceof Error ? error.message : 'unparsable'}), got ${JSON.stringify(endpoint)}`)];
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    // 'localhost:3000/webhook' parses with the scheme "localhost:": quote the whole value, and say
    // what was probably meant.
    const meant = /^[a-z0-9.-]+:\d/i.test(endpoint) ? ` (did you mean ${JSON.stringify(`http://${endpoint}`)}?)` : '';
    return [at(`expects an absolute http(s) URL such as "https://example.com/webhook", got ${JSON.stringify(endpoint)}${meant}`)];
  }
  if (url.username !== '' || url.password !== '') return [at('must not hold a user name or password; the service authenticates with the delivery header')];
  if (/\s/.test(endpoint)) return [at('must not contain spaces')];
  return [];
}

function prefix<Item extends ConfigProblem | ConfigWarning>(item: Item, head: string): Item {
  const path = [head, ...item.path];
  return { ...item, path, message: `${formatPath(path)}: ${item.message.slice(formatPath(item.path).length + 2)}` };
}
