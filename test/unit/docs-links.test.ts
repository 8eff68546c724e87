// The documentation guides rather than breaks: README.md stays a short first page (under 160
// lines), and every relative link in README.md and docs/*.md leads to a file that exists and, when
// the link names an anchor, to a heading of that file (anchors as GitHub writes them). Links to
// other sites and links inside code are not checked.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const docsDir = path.join(root, 'docs');
const pages = [
  path.join(root, 'README.md'),
  ...readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(docsDir, name)),
];

/** The text outside fenced blocks and inline code, where links are links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of prose(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_]/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

interface Link {
  page: string;
  target: string;
}

function relativeLinks(page: string): Link[] {
  const text = prose(readFileSync(page, 'utf8'));
  const links: Link[] = [];
  for (const match of text.matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    links.push({ page: path.relative(root, page), target });
  }
  return links;
}

const links = pages.flatMap(relativeLinks);

describe('documentation links', () => {
  it('README.md stays a first page: under 160 lines', () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThan(160);
  });

  it('README.md links the documentation index and the pages it promises', () => {
    const targets = relativeLinks(path.join(root, 'README.md')).map((link) => link.target);
    for (const page of ['docs/README.md', 'docs/architecture.md', 'docs/deploying.md', 'docs/benchmarks.md', 'docs/decisions.md']) {
      expect(targets).toContain(page);
    }
  });

  it('README.md names the two commands of a fresh machine and every test command CI runs', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const ci = readFileSync(path.join(root, '.ci/run'), 'utf8');
    // The checks CI runs after installing: `npm test` and the typecheck, lint and test:* scripts.
    const ciCommands = [...ci.matchAll(/^echo "== [^"]*";\s*(npm (?:test|run (?:typecheck|lint|test:[\w-]+)))\s*$/gm)].map((m) => m[1]);
    expect(ciCommands).toContain('npm test');
    for (const command of ['npm install', 'npm start', ...ciCommands]) expect(readme).toContain(`\`${command}\``);
  });

  it.each(links.map((link) => [`${link.page} → ${link.target}`, link] as const))('%s resolves', (_name, link) => {
    const [file, anchor] = link.target.split('#') as [string, string | undefined];
    const from = path.join(root, link.page);
    const resolved = file === '' ? from : path.resolve(path.dirname(from), decodeURI(file));
    expect(existsSync(resolved), `${resolved} exists`).toBe(true);
    if (anchor !== undefined && anchor !== '') {
      expect(statSync(resolved).isFile()).toBe(true);
      expect([...anchors(readFileSync(resolved, 'utf8'))]).toContain(decodeURIComponent(anchor));
    }
  });
});
