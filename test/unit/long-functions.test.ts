// No function of the server side (functions/, lib/, bin/) runs past 150 lines without saying why on
// the first line of its body (`// Long because: …`), as measured by scripts/long-functions.ts; and
// that measure finds what it should: declarations, methods, constructors and arrow functions.
import { describe, expect, it } from 'vitest';
import { longFunctions, longFunctionsIn, MAX_FUNCTION_LINES, reasonOf } from '../../scripts/long-functions.js';

/** A function body of `n` lines in all, its first line `first` when given. */
const body = (n: number, first?: string) => {
  const inner = Array.from({ length: n - 2 }, (_, i) => `  total += ${i};`);
  if (first !== undefined) inner[0] = `  ${first}`;
  return `{\n${inner.join('\n')}\n}`;
};

describe('the server side', () => {
  it(`has no function over ${MAX_FUNCTION_LINES} lines without a "Long because:" reason`, () => {
    const unexplained = longFunctions().filter((f) => !f.reason);
    const listing = unexplained.map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`).join('\n');
    expect(unexplained, `split these, or give the reason on their body's first line:\n${listing}`).toEqual([]);
  });
});

describe('the measure', () => {
  it('finds a declaration, a method, a constructor and an arrow function past the limit, by name and line', () => {
    const text = [
      '// A module.',
      `export function declared(total: number) ${body(151)}`,
      `class Holder {\n  constructor(total: number) ${body(160)}\n  method(total: number) ${body(152)}\n}`,
      `const arrow = (total: number) => ${body(200)};`,
      `function short(total: number) ${body(MAX_FUNCTION_LINES)}`,
    ].join('\n');
    const found = longFunctionsIn('lib/sample.ts', text);
    expect(found.map((f) => [f.name, f.lines])).toEqual([
      ['declared', 151],
      ['constructor', 160],
      ['method', 152],
      ['arrow', 200],
    ]);
    expect(found[0]).toMatchObject({ file: 'lib/sample.ts', line: 2, reason: null });
  });

  it('counts a nested long function on its own as well as in its parent', () => {
    const text = `function outer() {\n  const inner = (total: number) => ${body(155)};\n  return inner;\n}`;
    expect(longFunctionsIn('bin/sample.ts', text).map((f) => f.name)).toEqual(['outer', 'inner']);
  });

  it('accepts a reason only on the first line of the body, continued by the comment lines after it', () => {
    const reasoned = `function kept(total: number) ${body(170, '// Long because: one pass shares its state,')}`.replace(
      '// Long because: one pass shares its state,',
      '// Long because: one pass shares its state,\n  // every step reading and extending it.',
    );
    expect(longFunctionsIn('functions/a.ts', reasoned)[0].reason).toBe('one pass shares its state, every step reading and extending it.');
    const late = `function late(total: number) ${body(170, 'total += 1; // Long because: too late')}`;
    expect(longFunctionsIn('functions/b.ts', late)[0].reason).toBeNull();
    expect(reasonOf('{\n  // A comment without the mark.\n  return 1;\n}')).toBeNull();
    expect(reasonOf('{\n\n  /* Long because: a block comment. */\n}')).toBe('a block comment.');
    expect(reasonOf('{\n  // Long because:\n}')).toBeNull();
  });
});
