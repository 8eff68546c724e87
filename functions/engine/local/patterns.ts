// What a sentence of a course says, recognised by its wording in French and English: a
// definition ("X est …", "on appelle X …", "X refers to …"), a formula, a date, an example, a
// method step, a law or theorem. Pure functions over one sentence's text.
import type { CourseLanguage } from '../../core/artefacts.js';
import { isFormulaLine } from './structure.js';

const SUBJECT_PRONOUNS = new Set([
  'il', 'elle', 'ils', 'elles', 'ce', 'cela', 'ceci', 'ça', 'on', 'c', 'celui', 'celle', 'ceux', 'nous', 'vous', 'tout', 'cette', 'cet',
  'it', 'this', 'that', 'they', 'these', 'those', 'there', 'he', 'she', 'we', 'you', 'which', 'what', 'here', 'each', 'one',
  // Words that open a clause, not a subject: "où d est …", "where M is …".
  'où', 'avec', 'et', 'si', 'lorsque', 'quand', 'dans', 'pour', 'mais', 'donc', 'puis', 'ainsi', 'alors',
  'where', 'with', 'and', 'if', 'when', 'in', 'for', 'but', 'so', 'then', 'thus', 'hence', 'as',
]);

const MAX_TERM_WORDS = 8;

export interface Definition {
  /** The defined term as written ("l'énergie cinétique", "Photosynthesis"). */
  term: string;
}

// "X est/sont + article…", "X est appelé/défini…", "X désigne/représente/correspond à…".
const FR_COPULA =
  /^(.{2,90}?)\s+(?:est|sont)\s+(?:(?:un|une|le|la|les|des|l['’]|ce\s+qu|ce\s+que|ce\s+qui|appel[ée]e?s?|défini[e]?s?\s+comme|dite?s?)(?![\p{L}\p{N}])|l['’])/iu;
const FR_VERB = /^(.{2,90}?)\s+(?:désigne(?:nt)?|représente(?:nt)?|correspond(?:ent)?\s+à|se\s+défini(?:t|ssent)\s+comme|signifie(?:nt)?|mesure(?:nt)?)\s+\S/iu;
const FR_ON_APPELLE = /^(?:on\s+(?:appelle|nomme|définit|désigne\s+par)|nous\s+appelons)\s+(.{2,90}?)(?:\s+(?:(?:le|la|les|un|une|des|comme|par|tout|toute)\b|l['’])|\s*[,:])/iu;
// "Un mouvement est dit rectiligne uniforme lorsque …": the term is the noun and its qualifier.
const FR_DIT = /^(?:(?:un|une|le|la|les|l['’])\s*)?(.{2,40}?)\s+(?:est|sont)\s+dite?s?\s+(.{2,50}?)\s+(?:lorsqu['’]|lorsque|quand|si|s['’]|dès que)/iu;
const EN_SAID = /^(?:(?:a|an|the)\s+)?(.{2,40}?)\s+(?:is|are)\s+(?:said\s+to\s+be|called)\s+(.{2,50}?)\s+(?:when|if|whenever)\b/iu;
const EN_COPULA = /^(.{2,90}?)\s+(?:is|are)\s+(?:(?:a|an|the|defined\s+as|called|known\s+as|said\s+to\s+be)\b)/iu;
const EN_VERB = /^(.{2,90}?)\s+(?:refers?\s+to|means|denotes|represents|describes|is\s+defined\s+as|are\s+defined\s+as|consists?\s+of|measures?)\s+\S/iu;
const EN_WE_CALL = /^(?:we\s+call|we\s+define)\s+(.{2,90}?)(?:\s+(?:the|a|an|as)\b|\s*[,:])/iu;
const COLON = /^([^:=]{2,60}?)\s*:\s+(\S.{10,})$/u;
const STATES = /^(.{2,90}?)\s+(?:states?|stipule|énonce)\s+(?:that|que|qu['’])/iu;

function plausibleTerm(term: string): boolean {
  const t = term.trim().replace(/^[«"“(]+|[»"”)]+$/gu, '');
  if (!t || /[=<>→]/u.test(t) || /\d{3,}/u.test(t)) return false;
  const ws = t.split(/\s+/);
  if (ws.length > MAX_TERM_WORDS) return false;
  const first = ws[0].toLowerCase().replace(/['’].*$/u, '');
  if (SUBJECT_PRONOUNS.has(first)) return false;
  if (/[,;]/u.test(t) && ws.length > 4) return false;
  return /\p{L}{2,}/u.test(t);
}

/** The sentence's definition, or null: the subject must be a short noun phrase, not a pronoun. */
const FR_CUE = /(?<![\p{L}\p{N}])(?:est|sont|désigne(?:nt)?|représente(?:nt)?|correspond(?:ent)?|défini(?:t|ssent)|signifie(?:nt)?|mesure(?:nt)?|appel(?:le|ons)|nomme|stipule|énonce)(?![\p{L}\p{N}])|:/u;
const EN_CUE = /\b(?:is|are|refers?|means|denotes|represents|describes|defined|consists?|measures?|call|states?)\b|:/u;

export function detectDefinition(text: string, lang: CourseLanguage): Definition | null {
  // Most sentences have none of the verbs a definition needs: skip the patterns for them.
  if (!(lang === 'fr' ? FR_CUE : EN_CUE).test(text)) return null;
  const s = text.replace(/\s+/g, ' ').trim();
  const said = (lang === 'fr' ? FR_DIT : EN_SAID).exec(s);
  if (said && plausibleTerm(said[1]) && plausibleTerm(said[2])) return { term: `${said[1].trim()} ${said[2].trim()}` };
  const patterns = lang === 'fr' ? [FR_ON_APPELLE, FR_COPULA, FR_VERB, STATES] : [EN_WE_CALL, EN_COPULA, EN_VERB, STATES];
  for (const re of patterns) {
    const m = re.exec(s);
    if (m && plausibleTerm(m[1])) return { term: m[1].trim() };
  }
  const c = COLON.exec(s);
  if (c && plausibleTerm(c[1]) && c[1].trim().split(/\s+/).length <= 4 && !/^(?:exemple|example|remarque|remark|note|attention|exercice|exercise|méthode|method|principe)/iu.test(c[1])) {
    // "Chapitre 1 : …" and numbered titles are headings, not definitions.
    if (!/^(?:chapitre|chapter|partie|part|unit|unité|leçon|lesson|\d)/iu.test(c[1])) return { term: c[1].trim() };
  }
  return null;
}

/** Equation-like spans: "v = d / t", "6CO2 + 6H2O → C6H12O6 + 6O2", "x ≤ 3", "\frac{a}{b}". */
const RELATION_RE = /(?:^|[\s(:])([\p{L}Δ%][\p{L}\p{N}_Δ%]*(?:\s+[\p{L}\p{N}_Δ%]+){0,6}?)\s*(=|≈|≤|≥|→|⟶|⇌)\s*(\S[^;]*)/u;

/** True when the sentence states a formula or relation (not prose that happens to contain "="). */
export function isFormula(text: string): boolean {
  if (/\\frac|\\sum|∑|∫|√/u.test(text)) return true;
  if (!/[=≈≤≥→⟶⇌]/u.test(text)) return false;
  if (isFormulaLine(text)) return true;
  const m = RELATION_RE.exec(text);
  if (!m) return false;
  const lhsWords = m[1].trim().split(/\s+/).length;
  return lhsWords <= 7;
}

export interface DateMention {
  /** As written: "14 juillet 1789", "July 4, 1776", "1687", "XVIIe siècle". */
  text: string;
  /** For ordering: the year, or the middle of the century. */
  year: number;
}

const FR_MONTHS = 'janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre';
const EN_MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const YEAR = '(1\\d{3}|20\\d{2}|2100)';
const FULL_DATE_FR = new RegExp(`\\b(?:1er|\\d{1,2})\\s+(?:${FR_MONTHS})\\s+${YEAR}\\b`, 'iu');
const FULL_DATE_EN = new RegExp(`\\b(?:(?:${EN_MONTHS})\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+${YEAR}|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${EN_MONTHS}),?\\s+${YEAR})\\b`, 'iu');
const MONTH_YEAR = new RegExp(`\\b(?:${FR_MONTHS}|${EN_MONTHS})\\s+${YEAR}\\b`, 'iu');
const CENTURY_FR = /\b([IVXL]+)(?:e|ème|è)\s+siècle\b/u;
const CENTURY_EN = /\b(\d{1,2})(?:st|nd|rd|th)\s+century\b/iu;
const DECADE = /\b(?:the\s+|les\s+années\s+)(1\d{2}0|20\d0)s?\b/iu;
// A bare year: not part of a bigger number, not followed by a unit or a percentage.
const BARE_YEAR = /(?<![\d.,]|\d\s)\b(1\d{3}|20\d{2}|2100)\b(?![.,]\d|\s?(?:%|°|€|\$|£|(?:km|kg|cm|mm|m|g|s|h|min|J|kJ|W|kW|N|V|A|Pa|L|mL|mol|t)\b)|\s\d)/u;

function romanToNumber(r: string): number {
  const v: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };
  let n = 0;
  for (let i = 0; i < r.length; i++) {
    const cur = v[r[i]] ?? 0;
    const nxt = v[r[i + 1]] ?? 0;
    n += cur < nxt ? -cur : cur;
  }
  return n;
}

/** The first date the sentence mentions (full date, month and year, century, decade, year). */
export function detectDate(text: string): DateMention | null {
  // Every date form has a four-digit year, a century or a decade.
  if (!/\d{4}|siècle|century/iu.test(text)) return null;
  const s = text.replace(/\s+/g, ' ');
  for (const re of [FULL_DATE_FR, FULL_DATE_EN, MONTH_YEAR]) {
    const m = re.exec(s);
    if (m) return { text: m[0].replace(/,$/u, ''), year: Number(m[0].match(/(1\d{3}|20\d{2}|2100)/u)?.[0]) };
  }
  const cf = CENTURY_FR.exec(s);
  if (cf) return { text: cf[0], year: romanToNumber(cf[1]) * 100 - 50 };
  const ce = CENTURY_EN.exec(s);
  if (ce) return { text: ce[0], year: Number(ce[1]) * 100 - 50 };
  const d = DECADE.exec(s);
  if (d) return { text: d[0].replace(/^the\s+/iu, ''), year: Number(d[1]) + 5 };
  if (isFormula(s)) return null;
  const y = BARE_YEAR.exec(s);
  if (y) return { text: y[1], year: Number(y[1]) };
  return null;
}

const EXAMPLE_RE = /^(?:exemple|example|ex\.|par exemple|for example|for instance|e\.g\.)|\b(?:par exemple|for example|for instance|such as|e\.g\.)/iu;
/** True for an example: announced ("Exemple :", "for example") or a worked case with numbers. */
export function isExample(text: string): boolean {
  return EXAMPLE_RE.test(text);
}

const METHOD_RE =
  /^(?:\d+\s*[.)]|[-–•]\s|d['’]abord|tout d['’]abord|ensuite|puis|enfin|premièrement|deuxièmement|pour (?:calculer|déterminer|convertir|résoudre|trouver)|first(?:ly)?|second(?:ly)?|then|next|finally|to (?:calculate|find|convert|solve|determine))(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:étapes?|steps?)(?![\p{L}\p{N}])/iu;
/** True for a step of a method or procedure (numbered, sequenced or "to calculate X, …"). */
export function isMethodStep(text: string): boolean {
  return METHOD_RE.test(text.trim());
}

const LAW_RE = /(?<![\p{L}\p{N}])(?:lois?|théorèmes?|principes?|propriétés?|laws?|theorems?|principles?|rules?|règles?|relations?)(?![\p{L}\p{N}])/iu;
/** True for the statement of a law, theorem or principle. */
export function isLaw(text: string): boolean {
  return LAW_RE.test(text);
}
