import { type BodyContent, failure, isJsonContentType, parseBody, proceed, refusal, type Step } from '@social-webhooks/core/adapter';

/** What a page reports: the notification it was opened from, and the client it says it runs in. */
export interface ReportedOpen {
  readonly notificationId: string;
  readonly clientFid?: number;
}

const TOO_LARGE = /* @__PURE__ */ refusal('payload_too_large', 'The body is larger than an open report can be.');
const NOT_JSON_TYPE = /* @__PURE__ */ refusal('unsupported_media_type', 'An open report is application/json.');
const NOT_JSON = /* @__PURE__ */ refusal('invalid_json', 'The body is not valid JSON.');
const UNREADABLE = /* @__PURE__ */ refusal('invalid_json', 'The body ended before it was complete.');
const UNAVAILABLE = /* @__PURE__ */ refusal('body_unavailable', 'A middleware consumed the body: mount the opens receiver before it.');

/**
 * Reads and checks the report `{ notificationId, clientFid? }`. Any other field, a `fid` above all,
 * is ignored: the user is the token's, never the body's. A notificationId is at most 128 characters,
 * as the Mini App specification bounds it (Notifications).
 */
export async function readOpen(
  contentType: string | null | undefined,
  readBody: (limit: number) => BodyContent | Promise<BodyContent>,
  limit: number,
): Promise<Step<ReportedOpen>> {
  if (contentType !== null && contentType !== undefined && contentType !== '' && !isJsonContentType(contentType)) return NOT_JSON_TYPE;
  let content: BodyContent;
  try {
    content = await readBody(limit);
  } catch {
    return UNREADABLE;
  }
  if (content.kind === 'too-large') return TOO_LARGE;
  if (content.kind === 'unavailable') return UNAVAILABLE;
  if (content.kind === 'not-json') return NOT_JSON;
  const parsed = parseBody(content);
  if (!parsed.ok) return parsed;
  const { notificationId, clientFid } = parsed.value;
  if (typeof notificationId !== 'string' || notificationId.length === 0 || notificationId.length > 128) {
    return bad('`notificationId` must be a string of 1 to 128 characters: the id of the notification the app was opened from.');
  }
  if (clientFid === undefined || clientFid === null) return proceed({ notificationId });
  if (typeof clientFid !== 'number' || !Number.isSafeInteger(clientFid) || clientFid <= 0) {
    return bad('`clientFid` must be a positive integer (`context.client.clientFid`), or absent.');
  }
  return proceed({ notificationId, clientFid });
}

function bad(message: string): Step<never> {
  return { ok: false, answer: failure('invalid_open', message) };
}
