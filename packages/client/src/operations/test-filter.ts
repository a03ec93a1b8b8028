import { testFilterConfig, type ConfigProblem, type ConfigWarning, type FilterConfig } from '@social-webhooks/filter';
import { httpError, sendRequest, serviceMessageOf } from '../http/send-request.js';
import { statusFlag } from '../http/response-schemas.js';
import type { ResolvedClientOptions } from '../options.js';
import type { CallOptions, WebhookFilterConfig } from '../types.js';
import { configBody } from './config-body.js';

/**
 * The verdict of `testFilter`. `checkedBy` says who answered: `local` when the config failed the
 * local checks (no request sent), `service` when the service did. `warnings` is there when the
 * filter is accepted but cannot work as written on the gateway (found locally).
 */
export type ServiceFilterTestResult =
  | { readonly ok: true; readonly checkedBy: 'service'; readonly warnings?: readonly ConfigWarning[] }
  | {
      readonly ok: false;
      readonly checkedBy: 'local' | 'service';
      readonly reasons: readonly string[];
      readonly problems: readonly ConfigProblem[];
      readonly warnings?: readonly ConfigWarning[];
    };

/** `POST /api/v1/filters/test`, after the same test locally. See `Client.testFilter`. */
export async function testFilter(options: ResolvedClientOptions, config: WebhookFilterConfig, call: CallOptions = {}): Promise<ServiceFilterTestResult> {
  const local = testFilterConfig(config as FilterConfig, { allowUnknownFields: options.allowUnknownFields });
  const warnings = local.warnings === undefined ? {} : { warnings: local.warnings };
  if (!local.ok) return { ok: false, checkedBy: 'local', reasons: local.reasons, problems: local.problems, ...warnings };
  // The filter test takes the config's fields at the top level of the body (docs/contract.md §Management API).
  const response = await sendRequest(options, { method: 'POST', path: '/api/v1/filters/test', body: configBody(config), signal: call.signal });
  const flag = statusFlag(response.body);
  const success = response.status >= 200 && response.status <= 299;
  if (success && flag !== false) return { ok: true, checkedBy: 'service', ...warnings };
  // A failed test is documented as 400 `{ status: false }`: a verdict, not an error.
  if (flag === false && (success || response.status === 400)) {
    const message = serviceMessageOf(response.body);
    const reason = `the service says the payload does not satisfy the filter${message === undefined ? '' : `: ${message}`}`;
    return { ok: false, checkedBy: 'service', reasons: [reason], problems: [{ code: 'payload_mismatch', path: [], message: reason }], ...warnings };
  }
  throw httpError(response);
}
