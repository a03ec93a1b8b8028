import { defineConfig } from 'tsdown';

// The benchmark runs as plain JavaScript against the packages' built `dist`, which is what a user
// installs. Running it through tsx instead would measure tsx: its esbuild transform keeps function
// names by wrapping every closure in `__name(...)`, a cost paid per request by any closure created
// per request, and it would apply that to the packages' files as well (they live outside node_modules).
export default defineConfig({
  entry: ['src/bench.ts', 'src/loadtest.ts', 'src/serve.ts', 'src/notify-memory.ts', 'src/notify-worker.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  dts: false,
  clean: true,
  // Every bare import stays an import, so `@social-webhooks/*` resolves to the packages' dist.
  external: [/^[^./]/],
});
