/** The variables the app reads, on the first request that needs them (never while `next build` loads a route). */
type Env = Readonly<Record<string, string | undefined>>;

/**
 * The Mini App's domain (its manifest's host), against which every `targetUrl` is checked:
 * `APP_DOMAIN`, else the production domain Vercel sets in `VERCEL_PROJECT_PRODUCTION_URL`.
 */
export function appDomain(env: Env = process.env): string {
  const domain = env['APP_DOMAIN'] || env['VERCEL_PROJECT_PRODUCTION_URL'];
  if (domain === undefined || domain === '') {
    throw new Error(
      'nextjs-miniapp: set APP_DOMAIN to your Mini App’s domain (app.example.com); on Vercel it defaults to the production domain.',
    );
  }
  return domain;
}

/** A variable that must be set: its value, or an error that names it. */
export function required(name: string, env: Env = process.env): string {
  const value = env[name];
  if (value === undefined || value.trim() === '') throw new Error(`nextjs-miniapp: set ${name} (see the example's README).`);
  return value.trim();
}
