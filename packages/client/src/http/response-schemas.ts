import { z } from 'zod';

// The service's answers (docs/contract.md §Management API), with every documented variation: the header
// may be nested as `authentication.api_key`, the filter test may say `success` instead of `status`.

const header = z.object({ header_name: z.string().min(1).optional(), header_value: z.string().min(1) });

/** `POST /api/v1/webhooks` 200. */
export const createResponseSchema = z.object({
  webhook_id: z.union([z.string().min(1), z.number().transform(String)]),
  portal_link: z.string().optional(),
  authentication: z.union([header, z.object({ api_key: header })]),
  status: z.boolean().optional(),
  message: z.string().optional(),
});

/** The `status` (or `success`) flag of any answer, when it has one. */
export function statusFlag(body: unknown): boolean | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  if ('status' in body && typeof body.status === 'boolean') return body.status;
  if ('success' in body && typeof body.success === 'boolean') return body.success;
  return undefined;
}
