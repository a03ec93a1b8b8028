/**
 * The example's Next.js configuration. The workspace lints with its own ESLint set-up, so `next build`
 * does not lint again; it still type-checks, as a user's build does.
 * @type {import('next').NextConfig}
 */
const config = { eslint: { ignoreDuringBuilds: true } };

export default config;
