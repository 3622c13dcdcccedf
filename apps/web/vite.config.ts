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
    apply: 'build',
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

// In development the API runs as its own process; the built app is served by it on one origin.
const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/uploads': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs goes into the entry chunk. Without this, modules shared
          // with the lazy pages (React, the auth state, the API client) are split into many small
          // preloaded chunks: more requests and ~6 kB more gzip for the home page.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
