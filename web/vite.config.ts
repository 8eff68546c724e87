// Build of the web app: root `web/`, output `web/dist`. The app may import the shared domain
// modules under `functions/core` (schemas, constants), so the dev server may read one level up.
// pdf.js's data files (character maps, standard fonts, image decoders, colour profile) are served
// by the app under `/pdfjs/`, never fetched from a CDN; so are the OCR engine's worker, its
// WebAssembly core and its French and English models, under `/assets/ocr-<hash>/` (photo mode).
// The build preloads the interface font, writes the landing's HTML into index.html (rendered at
// build time, see prerenderLanding) and writes brotli and gzip copies of compressible files
// (`x.js.br`, `x.js.gz`) for the laptop host to serve by Accept-Encoding.
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { isCompressible, MIN_COMPRESSIBLE_BYTES } from '../lib/precompressed.js';
import { PREFETCH_META, PRERENDER_GATE_SCRIPT, SCRIPTS_META } from '../lib/prerender-gate.js';

const root = fileURLToPath(new URL('.', import.meta.url));
/** `@core/…`: the shared domain modules under functions/core (web/tsconfig.json's `paths` say the same). */
const coreAlias = { '@core': fileURLToPath(new URL('../functions/core', import.meta.url)) };
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

const requireHere = createRequire(import.meta.url);
const packageDir = (name: string, from = requireHere) => path.dirname(from.resolve(`${name}/package.json`));

/**
 * What tesseract.js loads in the browser, by the name it asks for: its worker script; the core
 * builds for the LSTM engine (it picks the relaxed-SIMD, SIMD or plain one at run time, each with
 * its WebAssembly inlined); the models, gzipped (it inflates them itself), in the same
 * "best_int" version the laptop host reads.
 */
function ocrFiles(): Map<string, string> {
  const tesseract = packageDir('tesseract.js');
  const core = packageDir('tesseract.js-core', createRequire(path.join(tesseract, 'package.json')));
  const files = new Map<string, string>([['worker.min.js', path.join(tesseract, 'dist', 'worker.min.js')]]);
  for (const variant of ['', '-simd', '-relaxedsimd']) {
    const name = `tesseract-core${variant}-lstm.wasm.js`;
    files.set(name, path.join(core, name));
  }
  for (const lang of ['fra', 'eng']) {
    files.set(`${lang}.traineddata.gz`, path.join(packageDir(`@tesseract.js-data/${lang}`), '4.0.0_best_int', `${lang}.traineddata.gz`));
  }
  return files;
}

const OCR_MODULE = 'virtual:ocr-assets';

/**
 * The OCR files in one folder under `assets/`, named after a hash of their contents: cached as
 * long as the app's own hashed assets, and a new engine or model gets a new folder. The app reads
 * the folder's path from `virtual:ocr-assets`.
 */
function ocrAssets(): Plugin {
  let files: Map<string, string> | undefined;
  let folder = '';
  let base = '/';
  const load = () => {
    if (!files) {
      files = ocrFiles();
      const hash = createHash('sha256');
      for (const [name, file] of files) hash.update(name).update(readFileSync(file));
      folder = `assets/ocr-${hash.digest('hex').slice(0, 10)}`;
    }
    return { files, folder };
  };
  return {
    name: 'revise-ocr-assets',
    configResolved(config) {
      base = config.base;
    },
    resolveId(id) {
      return id === OCR_MODULE ? `\0${OCR_MODULE}` : null;
    },
    load(id) {
      if (id !== `\0${OCR_MODULE}`) return null;
      return `export const ocrBase = ${JSON.stringify(`${base}${load().folder}/`)};\n`;
    },
    configureServer(server) {
      const { files, folder } = load();
      server.middlewares.use(`/${folder}/`, (req, res, next) => {
        const file = files.get(decodeURIComponent((req.url ?? '').split('?')[0]).replace(/^\/+/, ''));
        if (!file) return next();
        // A model goes out as the gzip file it is, never with Content-Encoding: tesseract.js inflates it.
        res.setHeader('content-type', file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      const { files, folder } = load();
      for (const [name, file] of files) this.emitFile({ type: 'asset', fileName: `${folder}/${name}`, source: readFileSync(file) });
    },
  };
}

/**
 * `<link rel="preload">` for the Latin subset of Inter (the one every French and English page
 * uses), so the text paints in its font without waiting for the stylesheet to ask for it; the
 * @font-face rules keep `font-display: swap`.
 */
function preloadFont(): Plugin {
  return {
    name: 'revise-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((name) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(name));
        if (!font) throw new Error('The Latin Inter font is missing from the build');
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head-prepend' }];
      },
    },
  };
}

/** What the landing's visitor is likely to need next, downloaded with its start-up scripts. */
const PREFETCHED_MODULES = [/[\\/]src[\\/]auth[\\/]AuthDialog\.tsx$/, /[\\/]src[\\/]pages[\\/]LandingBelow\.tsx$/];

/**
 * The files of the chunks whose entry module matches one of `entries`, with the chunks (and
 * styles) they import, less those the page already names: what the gate downloads (without
 * running it) beside the start-up scripts.
 */
function prefetchedFiles(bundle: Rollup.OutputBundle, entries: RegExp[], named: (href: string) => boolean): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    const href = `/${fileName}`;
    if (!chunk || chunk.type !== 'chunk' || files.has(href)) return;
    files.add(href);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(`/${css}`);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type === 'chunk' && chunk.facadeModuleId && entries.some((entry) => entry.test(chunk.facadeModuleId as string))) visit(chunk.fileName);
  }
  if (files.size === 0) throw new Error('The landing has nothing to prefetch: its dialog and sections were not found in the build');
  return [...files].filter((href) => !named(href));
}

/**
 * The landing, rendered once at build time by the app's own components (web/src/prerender.tsx,
 * built for Node into a folder of its own and loaded), written into index.html's root with the
 * gate script (lib/prerender-gate.ts) that removes it on any other page or for a returning
 * student: a phone paints the hero from the HTML, before the scripts arrive, and the app's first
 * render replaces it with the same markup.
 */
function prerenderLanding(): Plugin {
  return {
    name: 'revise-prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const outDir = path.join(root, `.prerender-${process.pid}`);
        try {
          await build({
            configFile: false,
            root,
            logLevel: 'warn',
            resolve: { alias: coreAlias },
            // The OCR files are never used by the landing: their module is a stub here.
            plugins: [react(), { name: 'revise-prerender-stubs', resolveId: (id) => (id === OCR_MODULE ? `\0${OCR_MODULE}` : null), load: (id) => (id === `\0${OCR_MODULE}` ? "export const ocrBase = '';" : null) }],
            build: { ssr: path.join(root, 'src', 'prerender.tsx'), outDir, emptyOutDir: true, copyPublicDir: false, minify: false },
          });
          const built = (await readdir(outDir)).find((f) => /^prerender\.m?js$/.test(f));
          if (!built) throw new Error('The landing prerender was not built');
          const { renderLanding, renderAuthDialog } = (await import(pathToFileURL(path.join(outDir, built)).href)) as {
            renderLanding(origin: string): Promise<string>;
            renderAuthDialog(): string;
          };
          const body = await renderLanding('http://localhost');
          // The login and sign-up dialog, hidden, after the root: the gate opens it on the first tap.
          const authDialog = renderAuthDialog();
          if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty root to prerender into');
          // The app's scripts are started by the gate (on the landing: downloaded after the hero's
          // first paint, run on the visitor's first interaction).
          const scripts: string[] = [];
          const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
          if (!entry) throw new Error("index.html has no module entry for the gate to start");
          scripts.push(entry[1]);
          let out = html.replace(entry[0], '');
          out = out.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
            scripts.push(href);
            return '';
          });
          const prefetched = prefetchedFiles(ctx.bundle ?? {}, PREFETCHED_MODULES, (href) => scripts.includes(href) || html.includes(`"${href}"`));
          out = out.replace('</head>', () => `  <meta name="${SCRIPTS_META}" content="${scripts.join(' ')}">\n    <meta name="${PREFETCH_META}" content="${prefetched.join(' ')}">\n  </head>`);
          return out.replace('<div id="root"></div>', () => `<div id="root">${body}</div>\n    ${authDialog}\n    <script>${PRERENDER_GATE_SCRIPT}</script>`);
        } finally {
          await rm(outDir, { recursive: true, force: true });
        }
      },
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Brotli and gzip (level 9) copies of every compressible file of the build, kept only when
 * smaller than the original; two files at a time. Brotli's best quality (11) for scripts,
 * styles and pages up to 512 KiB, the start-up chunks among them; quality 5 for the rest (the OCR
 * engine, the HEIC decoder, pdf.js's fonts), where 11 would add a minute to the build for a few
 * per cent.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'revise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const queue = (await filesUnder(outDir)).filter(isCompressible);
      const compressOne = async (file: string) => {
        const data = await readFile(file);
        if (data.length < MIN_COMPRESSIBLE_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(data, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: data.length <= 512 * 1024 && /\.(m?js|css|html|svg|json)$/.test(file) ? 11 : 5,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
              [zlibConstants.BROTLI_PARAM_MODE]: /\.(ttf|otf|pfb|wasm|icc)$/.test(file) ? zlibConstants.BROTLI_MODE_GENERIC : zlibConstants.BROTLI_MODE_TEXT,
            },
          }),
          gzipAsync(data, { level: 9 }),
        ]);
        if (br.length < data.length * 0.95) await writeFile(`${file}.br`, br);
        if (gz.length < data.length * 0.95) await writeFile(`${file}.gz`, gz);
      };
      const worker = async () => {
        for (let file = queue.shift(); file; file = queue.shift()) await compressOne(file);
      };
      await Promise.all([worker(), worker()]);
    },
  };
}

export default defineConfig({
  root,
  resolve: { alias: coreAlias },
  plugins: [react(), pdfjsData(), ocrAssets(), preloadFont(), prerenderLanding(), precompress()],
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps are written for the team (a production stack trace is read against them) but not
    // referenced by the bundle nor deployed: the public site does not ship the app's sources.
    sourcemap: 'hidden',
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
            { name: 'tesseract', test: /node_modules[\\/](tesseract\.js|regenerator-runtime)[\\/]/, priority: 5 },
            { name: 'katex', test: /node_modules[\\/]katex[\\/]/, priority: 5 },
            { name: 'uplot', test: /node_modules[\\/]uplot[\\/]/, priority: 5 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 3 },
            // The pages' forms validate with zod; the landing's start-up scripts do not (the
            // vendor chunk is one of them, for the font's stylesheet).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
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
