import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/** `import { TbBeach, TbPool as Pool } from 'react-icons/tb';` in the app's code (never `import type`). */
const ICON_SET_IMPORT = /^import\s*\{([^}]*)\}\s*from\s*'react-icons\/(\w+)';/gm;
const ICON_MODULE = '\0staybook-icon:';

/**
 * react-icons ships each icon set as one module (react-icons/tb holds over 6,000 icons). Rolldown puts a module that the
 * first paint shares with lazy pages in the first-paint chunk, with every icon any page uses from it: a dashboard
 * page's new icon would load with the home page. This gives each icon the app imports a module of its own, cut from
 * its set's file, so an icon loads with the pages that draw it (docs/decisions/050-first-paint-room-for-pages.md).
 * An icon the set's file does not hold in react-icons' generated form stops the build.
 */
function iconPerModule(): Plugin {
  const sets = new Map<string, Promise<string>>();
  return {
    name: 'staybook-icon-per-module',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes("from 'react-icons/")) return null;
      const rewritten = code.replace(ICON_SET_IMPORT, (statement, specifiers: string, set: string) => {
        const imports = specifiers
          .split(',')
          .map((specifier) => specifier.trim())
          .filter((specifier) => specifier !== '')
          .map((specifier) => {
            // 'TbBeach', 'TbPool as Pool' (or 'type …', which TypeScript then drops with the import).
            const name = specifier.replace(/^type\s+/, '').split(/\s+as\s+/)[0];
            return `import { ${specifier} } from '${ICON_MODULE}${set}/${name}';`;
          });
        // As many lines as the statement had, so the lines after it keep their numbers (no source map needed).
        return imports.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    // '\0staybook-icon:tb/TbBeach' becomes '\0staybook-icon:TbBeach@/…/react-icons/tb/index.mjs'.
    async resolveId(source, importer) {
      if (!source.startsWith(ICON_MODULE)) return null;
      const [set, name] = source.slice(ICON_MODULE.length).split('/');
      const setFile = (await this.resolve(`react-icons/${set}`, importer))?.id;
      if (!setFile) return this.error(`react-icons has no icon set "${set}"`);
      return `${ICON_MODULE}${name}@${setFile}`;
    },
    async load(id) {
      if (!id.startsWith(ICON_MODULE)) return null;
      const at = id.indexOf('@');
      const name = id.slice(ICON_MODULE.length, at);
      const setFile = id.slice(at + 1);
      if (!sets.has(setFile)) sets.set(setFile, readFile(setFile, 'utf8'));
      const source = await sets.get(setFile)!;
      const start = source.indexOf(`export function ${name} (props) {`);
      const end = source.indexOf('\n};', start);
      if (start < 0 || end < 0) return this.error(`${setFile} holds no icon "${name}" in the form this build cuts out`);
      const iconBase = JSON.stringify(join(dirname(setFile), '../lib/index.mjs'));
      return `import { GenIcon } from ${iconBase};\n${source.slice(start, end + 3)}\n`;
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

/**
 * React Router 7's package exports name its development build only (remix-run/react-router#12532, #14102): built
 * as is, the app ships the router's development-only warnings. Its production build, the same code without them,
 * sits beside it; the builds take that one (docs/decisions/050-first-paint-room-for-pages.md). Should an upgrade
 * move it, the builds fall back to what the package exports.
 */
function reactRouterProductionBuild() {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = join(dirname(development), '../production/index.mjs');
  return existsSync(production) ? [{ find: /^react-router$/, replacement: production }] : [];
}

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

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [iconPerModule(), react(), tailwindcss(), precompress()],
  resolve: { alias: [...(command === 'build' ? reactRouterProductionBuild() : []), ...PREACT_ALIASES] },
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
            // Preact (React's API here), the router and TanStack Query change with upgrades only: their own chunk
            // stays cached across deployments of the app's code. Only what the first paint runs: the parts only lazy
            // pages use (TanStack's mutations) load with those pages.
            {
              name: 'vendor',
              priority: 2,
              test: /[\\/]node_modules[\\/](preact|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
              tags: ['$initial'],
            },
            // Everything else the home page runs before it paints, in one file with the entry: on a slow mobile
            // network each file costs a round trip, and the browser fetches six at a time. The web app imports the
            // domain by module, not through its index, or every domain module would be "initial" (decision 017).
            // zod's set-up (src/lib/zod-setup.ts) is the entry's first import, so it runs here before any schema
            // the domain's modules build further down the same file.
            { name: 'first-paint', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
}));
