// Checks the arithmetic of a model's worked calculation: a calculation's result is computed by
// mathjs (as the local engine's are), never taken on the model's word. The right-most side of
// `expression` that is plain arithmetic (numbers with `.` or `,` decimals, + − × ÷ ^, parentheses,
// and the LaTeX spellings \times, \cdot, \div, \frac{a}{b}) is evaluated, and the number in
// `result` replaced when it differs. Symbolic work (derivatives, algebra) is not evaluated and is
// left as the model wrote it.
import {
  addDependencies,
  create,
  divideDependencies,
  evaluateDependencies,
  multiplyDependencies,
  powDependencies,
  subtractDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
} from 'mathjs';
import type { CourseLanguage } from '../../core/artefacts.js';

/** Only arithmetic reaches mathjs: no names, functions, units or assignments from the model. */
const PLAIN_ARITHMETIC = /^[\d\s.,+\-*/^()]+$/;

/** A mathjs instance with the parser and the five operations, nothing else. */
const math = create({
  evaluateDependencies,
  addDependencies,
  subtractDependencies,
  multiplyDependencies,
  divideDependencies,
  powDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
});

function latexToPlain(expression: string): string {
  let s = expression.replace(/\$/g, '').replace(/\\left|\\right/g, '');
  s = s.replace(/\\times|\\cdot|×|·|⋅/g, '*').replace(/\\div|÷/g, '/').replace(/−/g, '-');
  // \frac{a}{b} → ((a)/(b)), innermost first.
  for (let i = 0; i < 10 && /\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}/.test(s); i++) {
    s = s.replace(/\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}/g, '(($1)/($2))');
  }
  return s.replace(/[{}]/g, (c) => (c === '{' ? '(' : ')'));
}

/** The value of plain arithmetic, or null when the text is anything else. */
export function evaluateArithmetic(text: string): number | null {
  const plain = latexToPlain(text)
    // Thousands written with spaces ("1 000") join their digits; decimal commas become points.
    .replace(/(\d)[\s\u202f\u00a0]+(?=\d{3}\b)/g, '$1')
    .replace(/(\d),(\d)/g, '$1.$2')
    .trim();
  if (!plain || !PLAIN_ARITHMETIC.test(plain) || plain.includes(',')) return null;
  try {
    const value: unknown = math.evaluate(plain);
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** The value of the right-most side of `a = b = c` that is plain arithmetic with an operator. */
export function computedValue(expression: string): number | null {
  const sides = latexToPlain(expression).split(/=|≈/).map((s) => s.trim()).filter(Boolean);
  for (let i = sides.length - 1; i >= 0; i--) {
    if (!/[-+*/^]/.test(sides[i].replace(/^-/, ''))) continue;
    const value = evaluateArithmetic(sides[i]);
    if (value !== null) return value;
  }
  return null;
}

export function formatNumber(value: number, language: CourseLanguage): string {
  const rounded = Number.parseFloat(value.toPrecision(10));
  const text = Number.isInteger(rounded) ? String(rounded) : String(Number.parseFloat(rounded.toFixed(6)));
  return language === 'fr' ? text.replace('.', ',') : text;
}

const NUMBER_IN_TEXT = /-?\d+(?:[ \u202f\u00a0]\d{3})*(?:[.,]\d+)?/;

/**
 * The result to show for a calculation: the model's text when its number agrees with the computed
 * value (to the precision it shows), else the same text with the computed number in its place.
 */
export function checkedResult(expression: string, result: string, language: CourseLanguage): string {
  const value = computedValue(expression);
  if (value === null) return result;
  const shown = NUMBER_IN_TEXT.exec(result);
  if (shown) {
    const stated = Number(shown[0].replace(/[ \u202f\u00a0]/g, '').replace(',', '.'));
    const decimals = /[.,](\d+)$/.exec(shown[0])?.[1].length ?? 0;
    const tolerance = Math.max(0.5 * 10 ** -decimals, Math.abs(value) * 1e-9);
    if (Math.abs(stated - value) <= tolerance) return result;
    return result.replace(shown[0], formatNumber(value, language));
  }
  return formatNumber(value, language);
}
