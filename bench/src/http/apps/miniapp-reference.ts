/**
 * What the hand-written route answers when `parseWebhookEvent` of `@farcaster/miniapp-node` throws,
 * as the Mini App docs' route ("Sending Notifications") switches on the error's name: 400 for data
 * it cannot read (which, in the reference, includes a signature that does not verify), 401 for a key
 * the lookup does not know for the user, 500 when the lookup itself failed.
 */
export function referenceRefusal(error: unknown): { status: number; body: { success: false; error: string } } {
  const { name, message } = error instanceof Error ? error : { name: '', message: String(error) };
  switch (name) {
    case 'SyntaxError': // the route's own JSON.parse, on node:http
    case 'VerifyJsonFarcasterSignature.InvalidDataError':
    case 'VerifyJsonFarcasterSignature.InvalidEventDataError':
      return { status: 400, body: { success: false, error: message } };
    case 'VerifyJsonFarcasterSignature.InvalidAppKeyError':
      return { status: 401, body: { success: false, error: message } };
    default:
      return { status: 500, body: { success: false, error: message } };
  }
}
