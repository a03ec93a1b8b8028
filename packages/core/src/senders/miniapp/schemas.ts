import * as z from 'zod/mini';
import { fieldSchemas } from '../../schema/field-schemas.js';
import type { MiniAppEventName } from './event-names.js';

function buildSchemas() {
  // Installs zod's English messages, which `invalid_payload` answers quote (field-schemas.ts).
  fieldSchemas();
  const notificationDetailsSchema = z.object({ url: z.string(), token: z.string() });
  // What the signature proves, beside the payload: the user, the client's app FID, the key.
  const proven = { fid: z.int().check(z.positive()), appFid: z.int().check(z.nonnegative()), appKey: z.string() };
  const withoutDetails = z.object(proven);
  // `z.object`, so fields the payload adds are dropped, as the reference drops them.
  const dataSchemas = {
    miniapp_added: z.object({ ...proven, notificationDetails: z.optional(notificationDetailsSchema) }),
    miniapp_removed: withoutDetails,
    notifications_enabled: z.object({ ...proven, notificationDetails: notificationDetailsSchema }),
    notifications_disabled: withoutDetails,
  } as const satisfies Record<MiniAppEventName, z.ZodMiniType>;
  return { notificationDetailsSchema, dataSchemas };
}

let built: ReturnType<typeof buildSchemas> | undefined;

/**
 * The Mini App events' schemas, built on the first call: at import for the exports below, which are
 * marked pure so a bundle that does not use them drops them (schema/schemas.ts says why it matters on
 * a Worker). A delivery runs the checks generated from them (schema/generated/miniapp-checks.ts).
 */
export function miniAppSchemas(): ReturnType<typeof buildSchemas> {
  return (built ??= buildSchemas());
}

const notificationDetails = () => miniAppSchemas().notificationDetailsSchema;
const dataSchemas = () => miniAppSchemas().dataSchemas;

/** `{ url, token }`: where to send a user's notifications, and the token that permits it. */
export const notificationDetailsSchema = /* @__PURE__ */ notificationDetails();

/**
 * The data schema of each Mini App event: `fid`, `appFid`, `appKey`, and `notificationDetails`
 * (optional on `miniapp_added`, required on `notifications_enabled`). For a queue worker that checks
 * a job again, or a JSON Schema through `z.toJSONSchema`.
 */
export const miniAppDataSchemas = /* @__PURE__ */ dataSchemas();
