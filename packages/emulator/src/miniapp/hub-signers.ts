import type { RouteAnswer } from '../api/management-routes.js';
import type { MiniAppKeys } from './miniapp-keys.js';

/**
 * `GET /v1/onChainSignersByFid?fid=N`, as a Farcaster hub answers it (docs.neynar.com, "OnChain
 * API"): `{ events: [...] }`, one `EVENT_TYPE_SIGNER` per app key the emulator holds for the user,
 * none for a user it never signed for. What `verifyAppKeyWithHub` and the reference's
 * `createVerifyAppKeyWithHub` read: `signerEventBody.key`, and the app's FID in `.metadata`.
 * `pageSize`, `pageToken` and `reverse` are accepted and ignored: every list fits one page.
 */
export function hubSigners(keys: MiniAppKeys, url: URL): RouteAnswer {
  const text = url.searchParams.get('fid');
  const fid = Number(text);
  if (text === null || !/^\d+$/.test(text) || !Number.isSafeInteger(fid) || fid < 1) {
    // The fields of the hub API's ErrorResponse (@neynar/nodejs-sdk, hub-api/models); the values are
    // an inference from hub errors, not read from a hub.
    const details = `fid must be a positive whole number, e.g. ?fid=3; got ${JSON.stringify(text)}`;
    const errCode = 'bad_request.validation_failure';
    return { status: 400, body: { errCode, presentable: false, name: 'HubError', code: 3, details, metadata: { errcode: [errCode] } } };
  }
  return { status: 200, body: { events: keys.events(fid) } };
}
