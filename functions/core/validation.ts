// What is wrong with a request, said in both languages: the details of `invalid_input` ("Données
// invalides : weekly_hours : au plus 60") built from zod's issues, so that no English from zod
// reaches a French message (or the other way round). Every issue kind the request schemas can
// raise has its wording here; a check of our own (`refinement`) carries its message in both
// languages. No I/O: the web app's API layer can describe its own checks with it too.
import type { z } from 'zod';
import type { Lang, Localized } from './errors.js';

type Issue = z.core.$ZodIssue;

/** How many issues a message names (the first ones): enough to fix a form, short enough to read. */
export const MAX_ISSUES_SAID = 5;

/**
 * The options of a `.refine()` / `.superRefine()` check whose message is ours: English for zod's
 * own `message` (read by nothing user-facing), both languages in its parameters.
 */
export function refinement(fr: string, en: string): { message: string; params: Localized } {
  return { message: en, params: { fr, en } };
}

/** A number as the language writes it: "0,5" and "1 000" in French, "0.5" and "1,000" in English. */
export function sayNumber(n: number | bigint, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 20 }).format(n);
}

const plural = (n: number | bigint, one: string, other: string): string => (Number(n) <= 1 ? one : other);

/** What a field of the expected type needs, by zod's name of the type. */
const expectedType: Record<string, Localized> = {
  string: { fr: 'du texte est attendu', en: 'text is expected' },
  number: { fr: 'un nombre est attendu', en: 'a number is expected' },
  int: { fr: 'un nombre entier est attendu', en: 'a whole number is expected' },
  boolean: { fr: 'vrai ou faux (true, false) est attendu', en: 'true or false is expected' },
  object: { fr: 'un objet JSON est attendu', en: 'a JSON object is expected' },
  array: { fr: 'une liste est attendue', en: 'a list is expected' },
  null: { fr: 'null est attendu', en: 'null is expected' },
};

/** A value as a message quotes it: strings as they are, anything else as JSON. */
const quote = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'bigint' ? String(v) : (JSON.stringify(v) ?? String(v)));

/** zod's safe-integer check beside a field's own maximum ("au plus 1 000" says it better). */
const isSafeIntegerCheck = (issue: Issue): boolean => issue.code === 'too_big' && issue.origin === 'int' && Number(issue.maximum) >= Number.MAX_SAFE_INTEGER;

/** What one issue means, without its field, in both languages. */
function said(issue: Issue, input: unknown): Localized {
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined) return { fr: 'champ obligatoire', en: 'required' };
      const received = (issue as { received?: string }).received;
      if (received === 'Infinity' || (typeof input === 'number' && !Number.isFinite(input))) return { fr: 'un nombre fini est attendu', en: 'a finite number is expected' };
      return expectedType[issue.expected] ?? { fr: 'une autre sorte de valeur est attendue', en: 'another kind of value is expected' };
    }
    case 'too_big': {
      const max = issue.maximum;
      if (isSafeIntegerCheck(issue)) return { fr: 'nombre trop grand', en: 'number too large' };
      const fr = sayNumber(max, 'fr');
      const en = sayNumber(max, 'en');
      if (issue.origin === 'string') {
        if (issue.exact) return { fr: `exactement ${fr} ${plural(max, 'caractère', 'caractères')}`, en: `exactly ${en} ${plural(max, 'character', 'characters')}` };
        return { fr: `au plus ${fr} ${plural(max, 'caractère', 'caractères')}`, en: `at most ${en} ${plural(max, 'character', 'characters')}` };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { fr: `au plus ${fr} ${plural(max, 'élément', 'éléments')}`, en: `at most ${en} ${plural(max, 'item', 'items')}` };
      }
      return issue.inclusive ? { fr: `au plus ${fr}`, en: `at most ${en}` } : { fr: `inférieur à ${fr}`, en: `less than ${en}` };
    }
    case 'too_small': {
      const min = issue.minimum;
      const fr = sayNumber(min, 'fr');
      const en = sayNumber(min, 'en');
      if (issue.origin === 'string') {
        if (Number(min) === 1 && !issue.exact) return { fr: 'ne doit pas être vide', en: 'must not be empty' };
        if (issue.exact) return { fr: `exactement ${fr} ${plural(min, 'caractère', 'caractères')}`, en: `exactly ${en} ${plural(min, 'character', 'characters')}` };
        return { fr: `au moins ${fr} ${plural(min, 'caractère', 'caractères')}`, en: `at least ${en} ${plural(min, 'character', 'characters')}` };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { fr: `au moins ${fr} ${plural(min, 'élément', 'éléments')}`, en: `at least ${en} ${plural(min, 'item', 'items')}` };
      }
      return issue.inclusive ? { fr: `au moins ${fr}`, en: `at least ${en}` } : { fr: `supérieur à ${fr}`, en: `greater than ${en}` };
    }
    case 'not_multiple_of':
      return { fr: `doit être un multiple de ${sayNumber(issue.divisor, 'fr')}`, en: `must be a multiple of ${sayNumber(issue.divisor, 'en')}` };
    case 'invalid_format':
      if (issue.format === 'email') return { fr: 'adresse e-mail invalide', en: 'invalid e-mail address' };
      if (issue.format === 'url') return { fr: 'adresse web invalide', en: 'invalid web address' };
      return { fr: 'format invalide', en: 'invalid format' };
    case 'invalid_value': {
      const values = issue.values.map(quote);
      if (values.length === 1) return { fr: `seule la valeur ${values[0]} est acceptée`, en: `must be ${values[0]}` };
      return { fr: `une de ces valeurs : ${values.join(', ')}`, en: `one of: ${values.join(', ')}` };
    }
    case 'invalid_union': {
      // A union of literals (an exam's 20, 60 or 120 minutes): its values, as for an enum.
      const values = issue.errors.flatMap((branch) => (branch.length === 1 && branch[0].code === 'invalid_value' ? branch[0].values : [undefined]));
      if (values.length > 1 && !values.includes(undefined)) return { fr: `une de ces valeurs : ${values.map(quote).join(', ')}`, en: `one of: ${values.map(quote).join(', ')}` };
      return { fr: 'valeur invalide', en: 'invalid value' };
    }
    case 'unrecognized_keys': {
      const keys = issue.keys.join(', ');
      return issue.keys.length === 1 ? { fr: `champ inconnu : ${keys}`, en: `unknown field: ${keys}` } : { fr: `champs inconnus : ${keys}`, en: `unknown fields: ${keys}` };
    }
    case 'invalid_key':
      return { fr: 'clé invalide', en: 'invalid key' };
    case 'invalid_element':
      return { fr: 'élément invalide', en: 'invalid item' };
    case 'custom': {
      const params = issue.params as Partial<Localized> | undefined;
      if (typeof params?.fr === 'string' && typeof params.en === 'string') return { fr: params.fr, en: params.en };
      return { fr: 'valeur invalide', en: 'invalid value' };
    }
    default:
      return { fr: 'valeur invalide', en: 'invalid value' };
  }
}

/** The value at an issue's path in the input (to tell a missing field from a wrong one). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** One issue a field, the most telling: a field's own bound rather than zod's safe-integer check. */
function onePerField(issues: readonly Issue[]): Issue[] {
  const byField = new Map<string, Issue>();
  for (const issue of issues) {
    const key = JSON.stringify(issue.path.map(String));
    const kept = byField.get(key);
    if (!kept || (isSafeIntegerCheck(kept) && !isSafeIntegerCheck(issue))) byField.set(key, issue);
  }
  return [...byField.values()];
}

/**
 * The details of an `invalid_input` error in both languages: each field's issue (the first five) as
 * "field : what is wrong", joined by "; ". `input` is what was parsed, read only to tell a missing
 * field from a wrong one (never quoted back).
 */
export function describeIssues(issues: readonly Issue[], input: unknown): Localized {
  const parts = onePerField(issues).slice(0, MAX_ISSUES_SAID).map((issue) => {
    const what = said(issue, valueAt(input, issue.path));
    const field = issue.path.map(String).join('.');
    return field ? { fr: `${field} : ${what.fr}`, en: `${field}: ${what.en}` } : what;
  });
  return { fr: parts.map((p) => p.fr).join(' ; '), en: parts.map((p) => p.en).join('; ') };
}

/** An answer of the wrong kind (quizzes, exams): a multiple-choice question takes `choice`, an open one `answer`. */
export const ANSWER_WITH_CHOICE: Localized = {
  fr: 'choice : une question à choix multiple se répond avec choice (0 à 3)',
  en: 'choice: a multiple-choice question is answered with choice (0-3)',
};
export const ANSWER_WITH_TEXT: Localized = {
  fr: 'answer : une question ouverte se répond avec answer',
  en: 'answer: an open question is answered with answer',
};
