// The course's key terms as quiz material, for files that define few terms in so many words:
// each key term (a phrase of two or three words the course repeats, or a word its headings
// name) where the file first uses it in a sentence of its own gives a "which term completes this
// sentence" question, and every key term can stand as a distractor beside the defined terms.
// Computed on first need only (the key-term count is a pass over the whole course), once per
// course.
import { foldText } from '../../core/fold.js';
import type { SentenceInfo } from './analysis.js';
import { keyTermsOf } from './analysis.js';
import { isContentToken, tokenize } from './key-terms.js';
import { BLANK, countOccurrences, factKey, findTerm, fold, type CourseFacts, type KeyTermFact } from './quiz-facts.js';
import { SYMBOL_NAMES } from './retrieval.js';

export interface CourseTerm {
  /** As the course most often writes it. */
  term: string;
  stems: Set<string>;
  /** Where the course first uses it, per file. */
  first: Map<string, SentenceInfo>;
  /** 0–1, from the key-term ranking. */
  weight: number;
}

interface KeyTermMaterial {
  terms: CourseTerm[];
  byFile: Map<string, KeyTermFact[]>;
}

/** Key terms considered: the course's best, as the sheets rank them. */
const KEY_TERMS = 60;
/** Sentences a term is asked in: long enough to give context, short enough to read in a question. */
const MIN_WORDS = 8;
const MAX_WORDS = 45;

/** Verbs and ordinals that make a phrase prose rather than a term. */
const COMMON_WORDS = new Set(
  `first second last next take takes took taken make makes made build builds built use uses used form forms formed become becomes
  became give gives gave get gets got show shows showed carry carries carried called known based found allow allows lead leads led
  premier premiere dernier prend prennent pris fait font permet permettent forme forment donne donnent devient deviennent utilise
  utilisent appelle appelee montre montrent peut peuvent doit doivent faire etre avoir`.split(/\s+/u),
);

const cache = new WeakMap<CourseFacts, KeyTermMaterial>();

function material(facts: CourseFacts): KeyTermMaterial {
  const hit = cache.get(facts);
  if (hit) return hit;
  const { analysis } = facts;
  const ranked = keyTermsOf(analysis).slice(0, KEY_TERMS);
  const headingStems = new Set<string>();
  for (const s of analysis.sentences) if (s.role === 'heading') for (const st of s.stemSet) headingStems.add(st);
  // A phrase the course repeats, or a single word its headings name (a noun, not a verb of its prose);
  // never a phrase made with a common verb ("built the first", "takes place").
  const kept = ranked.filter((k) => (k.size > 1 ? k.count >= 2 && !k.term.split(/\s+/u).some((w) => COMMON_WORDS.has(foldText(w))) : headingStems.has(k.key)));
  const max = kept[0]?.score ?? 1;
  const byKey = new Map<string, CourseTerm>();
  for (const k of kept) byKey.set(k.key, { term: k.term, stems: new Set(), first: new Map(), weight: k.score / max });
  for (const s of analysis.sentences) {
    if (s.role === 'heading' || s.exercise || s.formula) continue;
    for (const key of [...s.phraseKeys, ...s.stemSet]) {
      const t = byKey.get(key);
      if (t && !t.first.has(s.page.file_id)) t.first.set(s.page.file_id, s);
    }
  }
  const terms = [...byKey.values()].filter((t) => t.first.size > 0);
  for (const t of terms) {
    // Stems in the language of the pages that use the term.
    const lang = t.first.values().next().value!.page.language;
    t.stems = new Set(tokenize(t.term, lang).filter(isContentToken).map((x) => x.stem));
  }
  const result: KeyTermMaterial = { terms, byFile: new Map() };
  cache.set(facts, result);
  return result;
}

/** The course's key terms (to stand beside defined terms as distractors). */
export function courseTerms(facts: CourseFacts): CourseTerm[] {
  return material(facts).terms;
}

/** "Which term completes this sentence" facts of a file, best-known terms first. */
export function keyTermFacts(facts: CourseFacts, fileId: string): KeyTermFact[] {
  const m = material(facts);
  const hit = m.byFile.get(fileId);
  if (hit) return hit;
  const defined = new Set((facts.byFile.get(fileId) ?? []).filter((f) => f.type === 'definition').map((f) => f.subject));
  const out: KeyTermFact[] = [];
  for (const t of m.terms) {
    const s = t.first.get(fileId);
    if (!s || s.wordCount < MIN_WORDS || s.wordCount > MAX_WORDS || s.example || SYMBOL_NAMES.test(s.text)) continue;
    const subject = fold(t.term);
    if (defined.has(subject)) continue;
    const at = findTerm(s.text, t.term);
    if (!at || countOccurrences(fold(s.text), subject) > 1) continue;
    out.push({
      key: factKey('keyterm', subject, s),
      type: 'keyterm',
      subject,
      sentence: s,
      support: [s],
      lang: s.page.language,
      weight: t.weight,
      term: s.text.slice(at.start, at.end),
      cloze: `${s.text.slice(0, at.start)}${BLANK}${s.text.slice(at.end)}`,
    });
  }
  m.byFile.set(fileId, out);
  return out;
}
