/**
 * The FID of the Farcaster client that issued a token, by the host of its notification URL, for the
 * clients whose host we know. The Farcaster client (formerly Warpcast, FID 9152) sends events with
 * `appFid` 9152 and its `notificationDetails.url` is `https://api.farcaster.xyz/v1/frame-notifications`;
 * tokens saved before its rename carry `api.warpcast.com` (the same client). The Base App stopped
 * honouring Farcaster manifests on 2026-04-09, so its tokens are not guessed: pass `--client-fid`.
 */
export const KNOWN_CLIENT_HOSTS: Readonly<Record<string, number>> = {
  'api.farcaster.xyz': 9152,
  'api.warpcast.com': 9152,
};

/** The client FID for `url`: `override` when given, else the known host's, else `undefined`. */
export function clientFidOf(url: URL, override: number | undefined): number | undefined {
  if (override !== undefined) return override;
  return Object.hasOwn(KNOWN_CLIENT_HOSTS, url.hostname) ? KNOWN_CLIENT_HOSTS[url.hostname] : undefined;
}
