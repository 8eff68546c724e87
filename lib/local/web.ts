// What the laptop host serves besides the API and the user pool: the built web app (with the SPA
// fallback to index.html), and the dev mailbox page listing every e-mail the app has sent.
import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { MailMessage } from './mailbox.js';
import { isCompressible, PRECOMPRESSED_ENCODINGS } from '../precompressed.js';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.gz': 'application/gzip',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
  '.traineddata': 'application/octet-stream',
};

export const contentType = (file: string): string => types[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

async function fileStats(file: string): Promise<Stats | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/**
 * The encodings a client accepts, from its Accept-Encoding header: names with a non-zero q-value
 * (`*` stands for any encoding not named).
 */
export function acceptedEncodings(header: string | string[] | undefined): (encoding: string) => boolean {
  const q = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  return (encoding) => (q.get(encoding) ?? q.get('*') ?? 0) > 0;
}

/**
 * The build's precompressed copy of `file` (`file.br`, `file.gz`) that the client accepts, if any.
 * Whether one exists never depends on the client: `Vary: Accept-Encoding` goes on every
 * compressible file.
 */
async function precompressedCopy(req: IncomingMessage, file: string): Promise<{ encoding: string; file: string; stats: Stats } | null> {
  const accepts = acceptedEncodings(req.headers['accept-encoding']);
  for (const { encoding, suffix } of PRECOMPRESSED_ENCODINGS) {
    if (!accepts(encoding)) continue;
    const stats = await fileStats(file + suffix);
    if (stats) return { encoding, file: file + suffix, stats };
  }
  return null;
}

/**
 * Serves `pathname` from `root`: `/assets/*` (content-hashed by Vite) cached for a year, anything
 * else revalidated every time; a path without an extension that matches no file is a client-side
 * route and gets index.html. A compressible file goes out as the build's brotli or gzip copy when
 * the client accepts it, as CloudFront would compress it.
 */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, pathname: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
    return;
  }
  const index = path.join(root, 'index.html');
  const indexStats = await fileStats(index);
  if (!indexStats) {
    sendHtml(res, 503, notBuiltPage(root));
    return;
  }

  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request\n');
    return;
  }
  const rootAbs = path.resolve(root);
  const candidate = path.resolve(rootAbs, `.${path.posix.normalize(`/${decoded}`)}`);
  let file: string | null = null;
  let stats: Stats | null = null;
  if (candidate.startsWith(rootAbs + path.sep) && !decoded.includes('\0')) {
    stats = await fileStats(candidate);
    if (stats) file = candidate;
  }
  if (!file) {
    if (path.posix.extname(decoded) && decoded !== '/') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end('Not found\n');
      return;
    }
    file = index;
    stats = indexStats;
  }
  const compressible = isCompressible(file);
  const copy = compressible ? await precompressedCopy(req, file) : null;
  const body = copy?.file ?? file;
  const s = copy?.stats ?? (stats as Stats);
  const immutable = pathname.startsWith('/assets/') && file !== index;
  const etag = `W/"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}${copy ? `-${copy.encoding}` : ''}"`;
  const headers: Record<string, string> = {
    'content-type': contentType(file),
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag,
    'last-modified': s.mtime.toUTCString(),
    'x-content-type-options': 'nosniff',
  };
  if (compressible) headers.vary = 'Accept-Encoding';
  if (copy) headers['content-encoding'] = copy.encoding;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  headers['content-length'] = String(s.size);
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(body);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(html) })
    .end(html);
}

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const pageStyle = `
  :root { color-scheme: light dark; --bg: #f6f7fb; --card: #fff; --text: #1d2433; --muted: #5b6475; --line: #e3e6ee; --accent: #4f46e5; }
  @media (prefers-color-scheme: dark) { :root { --bg: #11141b; --card: #1a1f2a; --text: #e8eaf0; --muted: #9aa3b5; --line: #2a3140; --accent: #a5b4fc; } }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--text); }
  main { max-width: 860px; margin: 0 auto; padding: 32px 20px 64px; }
  h1 { font-size: 1.5rem; margin: 0 0 4px; }
  .lead { color: var(--muted); margin: 0 0 24px; }
  a { color: var(--accent); }
  code { font: 13px ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--line); padding: 1px 5px; border-radius: 4px; }
  .card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; margin: 0 0 16px; overflow: hidden; }
  .card header { padding: 14px 18px; border-bottom: 1px solid var(--line); }
  .card h2 { font-size: 1.05rem; margin: 0 0 2px; }
  .meta { color: var(--muted); font-size: 0.875rem; display: flex; flex-wrap: wrap; gap: 4px 16px; }
  .body { padding: 6px 18px 14px; overflow-wrap: anywhere; }
  .empty { background: var(--card); border: 1px dashed var(--line); border-radius: 12px; padding: 32px; text-align: center; color: var(--muted); }
  .toolbar { display: flex; gap: 12px; align-items: center; margin: 0 0 16px; flex-wrap: wrap; }
  .toolbar form { display: flex; gap: 8px; }
  input[type=search] { padding: 6px 10px; border: 1px solid var(--line); border-radius: 8px; background: var(--card); color: var(--text); min-width: 260px; }
  button { padding: 6px 12px; border-radius: 8px; border: 1px solid var(--line); background: var(--card); color: var(--text); cursor: pointer; }
`;

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'medium' });

/** The dev mailbox: newest first, each message with its recipient, subject, date and HTML body. */
export function mailboxPage(messages: MailMessage[], filter: string | null): string {
  const list = messages.length
    ? messages
        .map(
          (m) => `<article class="card" id="m-${esc(m.id)}">
  <header>
    <h2>${esc(m.subject)}</h2>
    <div class="meta"><span>À : <strong>${esc(m.to)}</strong></span><time datetime="${esc(m.created_at)}">${esc(dateFormat.format(new Date(m.created_at)))}</time></div>
  </header>
  <div class="body">${m.html}</div>
</article>`,
        )
        .join('\n')
    : `<p class="empty">${filter ? `Aucun e-mail pour ${esc(filter)}.` : 'Aucun e-mail pour l’instant. Créez un compte dans l’application : le code de vérification arrivera ici.'}</p>`;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Boîte mail locale · Révise</title>
<style>${pageStyle}</style>
</head>
<body>
<main>
  <h1>Boîte mail locale</h1>
  <p class="lead">Les e-mails que Révise envoie sur cet ordinateur (codes d’inscription, réinitialisation du mot de passe) arrivent ici, du plus récent au plus ancien. Version JSON : <a href="/dev/mailbox.json">/dev/mailbox.json</a>.</p>
  <div class="toolbar">
    <form method="get" action="/dev/mailbox" role="search">
      <input type="search" id="to" name="to" placeholder="Filtrer par destinataire" value="${esc(filter ?? '')}" aria-label="Filtrer par destinataire">
      <button type="submit">Filtrer</button>
    </form>
    ${filter ? '<a href="/dev/mailbox">Tout afficher</a>' : ''}
    <span class="meta">${messages.length} message${messages.length > 1 ? 's' : ''}</span>
  </div>
  ${list}
</main>
<script>
  // Reload when a new e-mail arrives.
  (function () {
    var known = ${JSON.stringify(messages[0]?.id ?? null)};
    var query = ${JSON.stringify(filter ? `?to=${encodeURIComponent(filter)}` : '')};
    setInterval(function () {
      fetch('/dev/mailbox.json' + query, { cache: 'no-store' })
        .then(function (r) { return r.json(); })
        .then(function (list) { var first = list[0] ? list[0].id : null; if (first !== known) location.reload(); })
        .catch(function () {});
    }, 2000);
  })();
</script>
</body>
</html>
`;
}

/** Shown instead of the app when web/dist has not been built. */
export function notBuiltPage(root: string): string {
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Révise · application non construite</title><style>${pageStyle}</style></head>
<body><main>
  <h1>L’application web n’est pas encore construite</h1>
  <p class="lead">Le serveur local fonctionne, mais le dossier <code>${esc(root)}</code> ne contient pas de <code>index.html</code>.</p>
  <p>Construisez-la avec <code>npm run build</code> puis rechargez cette page, ou relancez <code>npm start</code>, qui la construit au démarrage.</p>
  <p>En attendant : l’API répond sous <a href="/api/health">/api/health</a>, la configuration sous <a href="/config.json">/config.json</a> et les e-mails envoyés sont dans la <a href="/dev/mailbox">boîte mail locale</a>.</p>
</main></body></html>
`;
}
