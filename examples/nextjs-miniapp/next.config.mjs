/**
 * The example's Next.js configuration: none. Next 16 builds with Turbopack and type-checks during
 * `next build`, as a user's build does; the workspace lints with its own ESLint set-up.
 * @type {import('next').NextConfig}
 */
const config = {};

export default config;
