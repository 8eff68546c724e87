// Build of the web app: root `web/`, output `web/dist`. The app may import the shared domain
// modules under `functions/core` (schemas, constants), so the dev server may read one level up.
// pdf.js's data files (character maps, standard fonts, image decoders, colour profile) are served
// by the app under `/pdfjs/`, never fetched from a CDN.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const pdfjsDir = fileURLToPath(new URL('../node_modules/pdfjs-dist/', import.meta.url));
const PDFJS_DATA = ['cmaps', 'standard_fonts', 'wasm', 'iccs'];

function pdfjsData(): Plugin {
  const files = () =>
    PDFJS_DATA.flatMap((dir) =>
      readdirSync(path.join(pdfjsDir, dir))
        .filter((name) => !name.startsWith('LICENSE') && statSync(path.join(pdfjsDir, dir, name)).isFile())
        .map((name) => `${dir}/${name}`),
    );
  return {
    name: 'revise-pdfjs-data',
    configureServer(server) {
      server.middlewares.use('/pdfjs/', (req, res, next) => {
        const rel = decodeURIComponent((req.url ?? '').split('?')[0]).replace(/^\/+/, '');
        if (!files().includes(rel)) return next();
        res.setHeader('content-type', rel.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream');
        createReadStream(path.join(pdfjsDir, rel)).pipe(res);
      });
    },
    generateBundle() {
      for (const rel of files()) this.emitFile({ type: 'asset', fileName: `pdfjs/${rel}`, source: readFileSync(path.join(pdfjsDir, rel)) });
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), pdfjsData()],
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // Loaded on demand only (the PDF viewer, photo mode): kept out of the start-up chunks.
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/, priority: 5 },
            { name: 'pdf-lib', test: /node_modules[\\/](pdf-lib|@pdf-lib|pako)[\\/]/, priority: 5 },
            { name: 'heic', test: /node_modules[\\/]heic-to[\\/]/, priority: 5 },
            { name: 'katex', test: /node_modules[\\/]katex[\\/]/, priority: 5 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'amplify', test: /node_modules[\\/](@aws-amplify|aws-amplify|@aws-crypto|@aws-sdk|@smithy|tslib|uuid|js-cookie)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
  },
});
