/**
 * Reads `NEYNAR_WEBHOOK_SECRET`: the webhook's secret, or several separated by commas while a
 * rotation is under way (the new one beside the old until the old expires).
 */
export function secretsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const values = (env['NEYNAR_WEBHOOK_SECRET'] ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (values.length === 0) {
    throw new Error("Set NEYNAR_WEBHOOK_SECRET to the webhook's secret (Neynar's dashboard, or webhook.secrets from the SDK).");
  }
  return values;
}
