/**
 * The example's Next.js configuration: none. Next 16 builds with Turbopack by default, no longer
 * lints during `next build` (its `eslint` key is gone; the workspace lints with its own ESLint
 * set-up), and still type-checks, as a user's build does.
 * @type {import('next').NextConfig}
 */
const config = {};

export default config;
