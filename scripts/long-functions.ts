// Lists the functions of the server side (functions/, lib/, bin/) longer than 150 lines, from the
// TypeScript compiler's own syntax tree: declarations, methods, constructors, accessors, function
// expressions and arrow functions, each measured from its first line to its last (a function
// nested in another counts in both). A long function is accepted when the first line of its body
// is a comment saying `Long because:` and why; the others are what test/unit/long-functions.test.ts
// refuses. Run: `node --import tsx scripts/long-functions.ts` (add `--all` to list the accepted ones
// too); it exits with 1 when a long function gives no reason.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/** Past this many lines a function must say why it is long. */
export const MAX_FUNCTION_LINES = 150;
/** The folders whose functions are measured (the web app has its own rules). */
export const SCOPE = ['functions', 'lib', 'bin'] as const;
export const REASON_MARK = 'Long because:';

export interface LongFunction {
  /** Relative to the repository, with forward slashes. */
  file: string;
  /** 1-based line of the function's start. */
  line: number;
  name: string;
  lines: number;
  /** The text after `Long because:` on the body's first line, when it has one. */
  reason: string | null;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source).slice(0, 40)})`;
  return '(anonymous)';
}

/**
 * The reason a body gives on its first line: `{`, then a comment whose first line holds the mark;
 * the `//` lines right after it continue the reason. Null when the body does not start so.
 */
export function reasonOf(bodyText: string): string | null {
  const lines = bodyText
    .replace(/^\{/, '')
    .split('\n')
    .map((l) => l.trim());
  const first = lines.findIndex((l) => l !== '');
  const line = lines[first];
  if (line === undefined || !/^(\/\/|\/\*)/.test(line) || !line.includes(REASON_MARK)) return null;
  const parts = [line.slice(line.indexOf(REASON_MARK) + REASON_MARK.length)];
  if (line.startsWith('//')) {
    for (const next of lines.slice(first + 1)) {
      if (!next.startsWith('//')) break;
      parts.push(next.replace(/^\/\/\s?/, ''));
    }
  }
  return parts.join(' ').replace(/\*\/\s*$/, '').replace(/\s+/g, ' ').trim() || null;
}

/** Every function of one file's text longer than `limit` lines. */
export function longFunctionsIn(file: string, text: string, limit = MAX_FUNCTION_LINES): LongFunction[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const start = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) {
        const body = fn.body!;
        const reason = ts.isBlock(body) ? reasonOf(body.getText(source)) : null;
        found.push({ file, line: start + 1, name: nameOf(fn, source), lines, reason });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function of the server side longer than `limit` lines, longest first. */
export function longFunctions(root = repoRoot, limit = MAX_FUNCTION_LINES): LongFunction[] {
  const found: LongFunction[] = [];
  for (const dir of SCOPE) {
    for (const full of sourceFiles(path.join(root, dir))) {
      const file = path.relative(root, full).split(path.sep).join('/');
      found.push(...longFunctionsIn(file, readFileSync(full, 'utf8'), limit));
    }
  }
  return found.sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const all = process.argv.includes('--all');
  const found = longFunctions();
  const unexplained = found.filter((f) => !f.reason);
  for (const f of all ? found : unexplained) {
    console.log(`${String(f.lines).padStart(4)} lines  ${f.file}:${f.line}  ${f.name}${f.reason ? `  (${REASON_MARK} ${f.reason})` : ''}`);
  }
  console.log(`${unexplained.length} function(s) over ${MAX_FUNCTION_LINES} lines without a "${REASON_MARK}" line; ${found.length - unexplained.length} with one.`);
  process.exitCode = unexplained.length ? 1 : 0;
}
