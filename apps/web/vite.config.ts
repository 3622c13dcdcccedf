import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Writes .br and .gz next to each text asset once at build time; the server sends them to browsers
 * that accept them (its static files are served with preCompressed), so no request pays for compression.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'staybook-precompress',
    // The server's own build (dist-server) is read from disk by the API, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const data = await readFile(path);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            promisify(gzip)(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The app is written against React's API and types and runs on Preact through preact/compat: the same
 * components with a tenth of react-dom's weight, so the home page's first paint fits its budget
 * (docs/decisions/023-preact-compat.md). `react/jsx-runtime` becomes `preact/compat/jsx-runtime`,
 * `react-dom/client` `preact/compat/client`, and so on.
 */
const PREACT_ALIASES = [
  { find: 'react-dom', replacement: 'preact/compat' },
  { find: 'react', replacement: 'preact/compat' },
];

// In development the API runs as its own process; the built app is served by it on one origin.
const API_ORIGIN = 'http://localhost:3000';

/**
 * `vite build --ssr src/entry-server.tsx`: the home page's first view rendered by the API (decision 045), into
 * dist-server/ beside the browser's dist/. Every package is bundled in (`noExternal`), so the same alias sends
 * React's API to the same Preact the browser runs, and the API needs none of the web app's packages installed.
 */
const SERVER_BUILD = {
  outDir: 'dist-server',
  emptyOutDir: true,
  rolldownOptions: {
    onwarn(warning: { code?: string; message: string }, warn: (warning: { code?: string; message: string }) => void) {
      if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
      warn(warning);
    },
  },
  // The icons, the logo and the like are served from dist/.
  copyPublicDir: false,
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: PREACT_ALIASES },
  ssr: { noExternal: true, target: 'node' },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/uploads': API_ORIGIN,
    },
  },
  build: isSsrBuild ? SERVER_BUILD : {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy page loads; read by scripts/bundle-budget.mjs.
    manifest: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // React Router looks React 19's useOptimistic up and does without it when it is missing, as under Preact.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            // Its own chunk, which the entry imports first: zod reads the setting when it builds a schema, and
            // the domain's schemas are built in the chunks the entry imports, before the entry's own code runs.
            { name: 'zod-setup', test: /[\\/]src[\\/]lib[\\/]zod-setup\.ts$/, priority: 3 },
            // Preact (React's API here), the router and TanStack Query change with upgrades only: their own chunk
            // stays cached across deployments of the app's code.
            {
              name: 'vendor',
              priority: 2,
              test: /[\\/]node_modules[\\/](preact|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
            // Everything else the home page runs before it paints, in one file with the entry: on a slow mobile
            // network each file costs a round trip, and the browser fetches six at a time. The web app imports the
            // domain by module, not through its index, or every domain module would be "initial" (decision 017).
            { name: 'first-paint', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
}));
