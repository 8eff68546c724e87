// Numbers with units, as students and courses write them ("45 km", "1,5 h", "1 200 kg",
// "25 m/s", "9,81 N/kg", "2 dollars", "×400"), turned into mathjs values so that every calculation
// the engine shows is computed, with its units, by a maintained math library — never guessed.
import type { MathJsInstance, Unit } from 'mathjs';
import mathjs from 'mathjs/lib/browser/math.js';
import type { CourseLanguage } from '../../core/artefacts.js';
import { terms } from '../text/index.js';

/**
 * One mathjs instance for the engine, with the currencies economics courses use. It comes from
 * mathjs's single-file build: one module to load instead of about a thousand, so the engine's first
 * use after a start no longer waits seconds for them (same version, same functions).
 */
export const math: MathJsInstance = mathjs;
math.createUnit('EUR', { aliases: ['euro', 'euros'] });
math.createUnit('USD', { aliases: ['dollar', 'dollars'] });
math.createUnit('GBP');

export type Value = number | Unit;

/** Written unit → mathjs unit. Symbols are matched case-sensitively. */
const SYMBOL_UNITS: [string, string][] = [
  ['km/h', 'km/h'], ['km.h-1', 'km/h'], ['km·h-1', 'km/h'], ['km.h⁻¹', 'km/h'], ['km·h⁻¹', 'km/h'],
  ['m/s²', 'm/s^2'], ['m/s^2', 'm/s^2'], ['m.s-2', 'm/s^2'], ['m·s-2', 'm/s^2'], ['m.s⁻²', 'm/s^2'], ['m·s⁻²', 'm/s^2'],
  ['m/s', 'm/s'], ['m.s-1', 'm/s'], ['m·s-1', 'm/s'], ['m.s⁻¹', 'm/s'], ['m·s⁻¹', 'm/s'],
  ['N/kg', 'N/kg'], ['N.kg-1', 'N/kg'], ['N·kg⁻¹', 'N/kg'], ['g/L', 'g/L'], ['g.L-1', 'g/L'], ['mol/L', 'mol/L'], ['mol.L-1', 'mol/L'],
  ['kg/m³', 'kg/m^3'], ['kg/m3', 'kg/m^3'], ['g/cm³', 'g/cm^3'], ['g/cm3', 'g/cm^3'], ['g/mL', 'g/mL'],
  ['km²', 'km^2'], ['m²', 'm^2'], ['cm²', 'cm^2'], ['mm²', 'mm^2'], ['m³', 'm^3'], ['cm³', 'cm^3'], ['dm³', 'dm^3'],
  ['km', 'km'], ['cm', 'cm'], ['mm', 'mm'], ['µm', 'um'], ['μm', 'um'], ['um', 'um'], ['nm', 'nm'], ['m', 'm'],
  ['ms', 'ms'], ['min', 'minute'], ['s', 's'], ['h', 'h'],
  ['kg', 'kg'], ['mg', 'mg'], ['g', 'g'], ['t', 'tonne'],
  ['kN', 'kN'], ['N', 'N'], ['MJ', 'MJ'], ['kJ', 'kJ'], ['J', 'J'], ['kWh', 'kWh'], ['Wh', 'Wh'], ['MW', 'MW'], ['kW', 'kW'], ['W', 'W'],
  ['mV', 'mV'], ['kV', 'kV'], ['V', 'V'], ['mA', 'mA'], ['A', 'A'], ['kΩ', 'kohm'], ['Ω', 'ohm'],
  ['hPa', 'hPa'], ['kPa', 'kPa'], ['Pa', 'Pa'], ['bar', 'bar'], ['mL', 'mL'], ['cL', 'cL'], ['dL', 'dL'], ['L', 'L'],
  ['mmol', 'mmol'], ['mol', 'mol'], ['kHz', 'kHz'], ['Hz', 'Hz'], ['K', 'K'],
  ['€', 'EUR'], ['$', 'USD'], ['£', 'GBP'],
];

/** Written-out units, matched case-insensitively, singular or plural. */
const WORD_UNITS: [string, string][] = [
  ['mètres par seconde', 'm/s'], ['metres per second', 'm/s'], ['meters per second', 'm/s'],
  ['kilomètres par heure', 'km/h'], ['kilometres per hour', 'km/h'], ['kilometers per hour', 'km/h'], ['km par heure', 'km/h'],
  ['newtons par kilogramme', 'N/kg'], ['newtons per kilogram', 'N/kg'],
  ['kilomètres', 'km'], ['kilomètre', 'km'], ['kilometres', 'km'], ['kilometre', 'km'], ['kilometers', 'km'], ['kilometer', 'km'],
  ['centimètres', 'cm'], ['centimètre', 'cm'], ['centimetres', 'cm'], ['centimetre', 'cm'], ['centimeters', 'cm'], ['centimeter', 'cm'],
  ['millimètres', 'mm'], ['millimètre', 'mm'], ['millimetres', 'mm'], ['millimetre', 'mm'], ['millimeters', 'mm'], ['millimeter', 'mm'],
  ['micromètres', 'um'], ['micromètre', 'um'], ['micrometres', 'um'], ['micrometre', 'um'], ['micrometers', 'um'], ['micrometer', 'um'],
  ['mètres', 'm'], ['mètre', 'm'], ['metres', 'm'], ['metre', 'm'], ['meters', 'm'], ['meter', 'm'],
  ['secondes', 's'], ['seconde', 's'], ['seconds', 's'], ['second', 's'], ['minutes', 'minute'], ['minute', 'minute'],
  ['heures', 'h'], ['heure', 'h'], ['hours', 'h'], ['hour', 'h'],
  ['kilogrammes', 'kg'], ['kilogramme', 'kg'], ['kilograms', 'kg'], ['kilogram', 'kg'], ['grammes', 'g'], ['gramme', 'g'], ['grams', 'g'], ['gram', 'g'],
  ['tonnes', 'tonne'], ['tonne', 'tonne'], ['newtons', 'N'], ['newton', 'N'], ['kilojoules', 'kJ'], ['kilojoule', 'kJ'], ['joules', 'J'], ['joule', 'J'],
  ['kilowatts', 'kW'], ['kilowatt', 'kW'], ['watts', 'W'], ['watt', 'W'], ['volts', 'V'], ['volt', 'V'],
  ['ampères', 'A'], ['ampère', 'A'], ['amperes', 'A'], ['ampere', 'A'], ['ohms', 'ohm'], ['ohm', 'ohm'], ['pascals', 'Pa'], ['pascal', 'Pa'],
  ['litres', 'L'], ['litre', 'L'], ['liters', 'L'], ['liter', 'L'], ['moles', 'mol'], ['mole', 'mol'],
  ['euros', 'EUR'], ['euro', 'EUR'], ['dollars', 'USD'], ['dollar', 'USD'],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const byLength = (list: [string, string][]) => [...list].sort((a, b) => b[0].length - a[0].length);
const SYMBOL_RE = new RegExp(`(?:${byLength(SYMBOL_UNITS).map(([w]) => escape(w)).join('|')})(?![\\p{L}\\p{N}])`, 'uy');
const WORD_RE = new RegExp(`(?:${byLength(WORD_UNITS).map(([w]) => escape(w)).join('|')})(?![\\p{L}])`, 'iuy');
const SYMBOL_MAP = new Map(SYMBOL_UNITS);
const WORD_MAP = new Map(WORD_UNITS.map(([w, u]) => [w.toLowerCase(), u]));

/** The unit written at `pos` (after optional blanks), if any. */
export function unitAt(text: string, pos: number): { unit: string; end: number } | null {
  const blanks = /[ \u00a0\u202f]*/y;
  blanks.lastIndex = pos;
  blanks.exec(text);
  const at = blanks.lastIndex;
  for (const [re, map, fold] of [[SYMBOL_RE, SYMBOL_MAP, false], [WORD_RE, WORD_MAP, true]] as const) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (m) {
      const unit = map.get(fold ? m[0].toLowerCase() : m[0]);
      if (unit) return { unit, end: at + m[0].length };
    }
  }
  return null;
}

/** A unit as written on its own ("m/s", "kilogrammes", "J"), or null. */
export function parseUnit(text: string): string | null {
  const t = text.trim();
  const u = unitAt(t, 0);
  return u && u.end === t.length ? u.unit : null;
}

export interface Quantity {
  value: number;
  /** mathjs unit, or null for a plain number. */
  unit: string | null;
  /** As written in the text. */
  text: string;
  start: number;
  end: number;
  /** Content stems of the words just before the number, in the same clause. */
  context: string[];
  /** The symbol it is given for, when written "d = 45 km". */
  symbol: string | null;
}

const SUPERSCRIPT: Record<string, string> = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9', '⁻': '-' };
const NUMBER_FR = /(?<![\p{L}\p{N}.,_])([-−]?(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,]\d+)?)(?:\s*[×x*·]\s*10\s*(?:\^\s*\(?\s*([-−]?\d+)\)?|([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+))|[eE]([-−]?\d+))?/gu;
const NUMBER_EN = /(?<![\p{L}\p{N}.,_])([-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?:\s*[×x*·]\s*10\s*(?:\^\s*\(?\s*([-−]?\d+)\)?|([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+))|[eE]([-−]?\d+))?/gu;

function toNumber(mantissa: string, lang: CourseLanguage, exponent: string | undefined): number {
  let m = mantissa.replace(/−/g, '-').replace(/[ \u00a0\u202f]/g, '');
  m = lang === 'fr' ? m.replace(',', '.') : m.replace(/,/g, '');
  const e = exponent ? Number(exponent.replace(/−/g, '-').replace(/[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]/g, (c) => SUPERSCRIPT[c] ?? '')) : 0;
  return Number(m) * 10 ** e;
}

/** The numbers of a question with their units, context words and explicit symbols. */
export function parseQuantities(text: string, lang: CourseLanguage): Quantity[] {
  const out: Quantity[] = [];
  const re = new RegExp(lang === 'fr' ? NUMBER_FR : NUMBER_EN);
  for (const m of text.matchAll(re)) {
    const start = m.index ?? 0;
    let end = start + m[0].length;
    const value = toNumber(m[1], lang, m[2] ?? m[3] ?? m[4]);
    if (!Number.isFinite(value)) continue;
    // Ordinals and labels are not data: "Exercice 2", "question 3", "1er", "2nd".
    const before = text.slice(Math.max(0, start - 20), start);
    if (/(?:exercice|exercise|question|partie|part|chapitre|chapter|étape|step|n°|no\.?)\s*$/iu.test(before)) continue;
    if (/^(?:er|re|e|ème|nd|rd|th|st)\b/u.test(text.slice(end))) continue;
    let unit: string | null = null;
    let from = start;
    const prefix = /([€$£])\s*$/u.exec(before);
    if (prefix) {
      unit = SYMBOL_MAP.get(prefix[1]) ?? null;
      from = start - prefix[0].length;
    }
    const after = unitAt(text, end);
    if (after) {
      unit = after.unit;
      end = after.end;
    } else if (/^\p{L}/u.test(text.slice(end))) {
      // "6CO2", "3D": a number glued to letters that are no unit is part of a name, not data.
      continue;
    }
    const sym = /([\p{L}Δ][\p{L}\p{N}_]{0,4})\s*=\s*$/u.exec(before);
    out.push({ value, unit, text: text.slice(from, end), start: from, end, context: contextBefore(text, start, lang), symbol: sym ? sym[1] : null });
  }
  return mergeDurations(out, text);
}

/** "2 h 30 min" is one duration, not two data. */
function mergeDurations(list: Quantity[], text: string): Quantity[] {
  const out: Quantity[] = [];
  for (const q of list) {
    const prev = out[out.length - 1];
    if (prev?.unit && q.unit && /^\s*(?:et|and)?\s*$/u.test(text.slice(prev.end, q.start))) {
      const a = math.unit(prev.value, prev.unit);
      const b = math.unit(q.value, q.unit);
      if (a.equalBase(math.unit(1, 's')) && b.equalBase(a)) {
        const sum = math.add(a, b) as Unit;
        out[out.length - 1] = { ...prev, value: sum.toNumber(prev.unit), text: text.slice(prev.start, q.end), end: q.end };
        continue;
      }
    }
    out.push(q);
  }
  return out;
}

function contextBefore(text: string, pos: number, lang: CourseLanguage): string[] {
  const head = text.slice(0, pos);
  const clause = head.slice(Math.max(head.lastIndexOf(','), head.lastIndexOf('.'), head.lastIndexOf(';'), head.lastIndexOf('?')) + 1);
  // Units and numbers earlier in the clause are not context words.
  const words = clause.replace(/[\d.,]+\s*\S*/gu, ' ');
  return terms(words, lang).slice(-5);
}

/** The quantity as a mathjs value (a Unit when it has one). */
export function toValue(q: { value: number; unit: string | null }): Value {
  return q.unit ? math.unit(q.value, q.unit) : q.value;
}

/** A mathjs unit for a unit string, or null when mathjs does not know it. */
export function unitOf(unit: string): Unit | null {
  try {
    return math.unit(1, unit);
  } catch {
    return null;
  }
}

/** True when a value can be expressed in `unit` (same dimension). */
export function sameDimension(value: Value, unit: string | null): boolean {
  if (unit === null) return typeof value === 'number';
  if (typeof value === 'number') return false;
  const u = unitOf(unit);
  return !!u && value.equalBase(u);
}

/** A number with four significant digits, in the course's decimal style ("8,333", "375000"). */
export function formatNumber(x: number, lang: CourseLanguage): string {
  let s: string;
  const ax = Math.abs(x);
  if (ax !== 0 && (ax < 1e-3 || ax >= 1e9)) {
    // Powers of ten as courses write them: "5 × 10^(−4)", not "5e-4".
    const [mantissa, exponent] = x.toExponential(3).split('e');
    const e = Number(exponent);
    s = `${Number(mantissa)} × 10^(${e < 0 ? '−' : ''}${Math.abs(e)})`;
  } else s = String(Number(x.toPrecision(4)));
  return lang === 'fr' ? s.replace('.', ',') : s;
}

/** A unit as students write it: "m/s", "m/s²", "km/h", "min", "Ω", "€". */
export function prettyUnit(unit: string): string {
  return unit
    .replace(/\s*\/\s*/g, '/')
    .replace(/\^2/g, '²')
    .replace(/\^3/g, '³')
    .replace(/\bminute\b/g, 'min')
    .replace(/\bkohm\b/g, 'kΩ')
    .replace(/\bohm\b/g, 'Ω')
    .replace(/\bum\b/g, 'µm')
    .replace(/\btonne\b/g, 't')
    .replace(/\bEUR\b/g, '€')
    .replace(/\bUSD\b/g, '$')
    .replace(/\bGBP\b/g, '£')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A number and its unit: "30 km/h"; amounts of money as each language writes them ("$4", "4 €"). */
function withUnit(n: number, unit: string, lang: CourseLanguage): string {
  const u = prettyUnit(unit);
  if (lang === 'en' && /^[€$£]$/u.test(u)) return `${n < 0 ? '-' : ''}${u}${formatNumber(Math.abs(n), lang)}`;
  return `${formatNumber(n, lang)} ${u}`.trim();
}

/** A value in `unit` (or in mathjs's own choice of unit): "30 km/h", "8,333 m/s", "375000 J". */
export function formatValue(value: Value, unit: string | null, lang: CourseLanguage): string {
  if (typeof value === 'number') return formatNumber(value, lang);
  if (unit && sameDimension(value, unit)) return withUnit(value.toNumber(unit), unit, lang);
  // mathjs picks a readable prefix ("375 kJ"); numbers are re-written in the course's style.
  const written = math.format(value, { precision: 4 });
  const m = /^(-?[\d.]+(?:e[+-]?\d+)?)\s*(.*)$/u.exec(written);
  if (!m) return written;
  return withUnit(Number(m[1]), m[2], lang);
}

/** A given quantity as the calculation shows it: "45 km", "1,5 h", "$4". */
export function formatGiven(q: { value: number; unit: string | null }, lang: CourseLanguage): string {
  return q.unit ? withUnit(q.value, q.unit, lang) : formatNumber(q.value, lang);
}

/** Units the question asks the result in: "en km/h", "in m/s", "exprimée en joules". */
export function requestedUnits(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(?:en|in|into)\s+/giu)) {
    const pos = (m.index ?? 0) + m[0].length;
    if (/^[\d−-]/u.test(text.slice(pos))) continue;
    const u = unitAt(text, pos);
    if (u && !out.includes(u.unit)) out.push(u.unit);
  }
  return out;
}
