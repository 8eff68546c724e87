// Holds the model to the pages it was given. Before the output is validated, every citation is
// checked against the passages of the request: one naming a supplied page is kept (its file name
// corrected from the course), one whose file name and page match a supplied passage gets the right
// file id, anything else is dropped. A citation whose quote is not on the page it names is dropped
// too (the page would vouch for words it does not hold): an item whose only quote fails is never
// shown with a page. An item left without a citation is removed; the caller then decides whether
// what remains is an answer. Every model engine (Bedrock, OpenAI-compatible) grounds through this.
import type { Citation, CourseLanguage } from '../../core/artefacts.js';
import { checkedResult } from './arithmetic.js';
import type { SuppliedPassage } from './budget.js';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Lower case, straight quotes, one space: what a quote and its page are compared on. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[“”«»]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

interface SuppliedPage {
  file_id: string;
  file_name: string;
  page: number;
  /** The normalised text of every passage supplied from this page. */
  texts: string[];
}

/** What the model may cite: the pages of the passages in its request. */
export class SuppliedPages {
  private readonly byId = new Map<string, SuppliedPage>();
  private readonly byName = new Map<string, SuppliedPage | null>();

  constructor(passages: readonly SuppliedPassage[]) {
    for (const p of passages) {
      const key = `${p.file_id}#${p.page}`;
      const entry = this.byId.get(key) ?? { file_id: p.file_id, file_name: p.file_name, page: p.page, texts: [] };
      entry.texts.push(normalise(p.text));
      this.byId.set(key, entry);
      const nameKey = `${normalise(p.file_name)}#${p.page}`;
      const known = this.byName.get(nameKey);
      // Two files with one name cannot be told apart by name: neither is repaired that way.
      this.byName.set(nameKey, known === undefined || known === entry ? entry : null);
    }
  }

  get size(): number {
    return this.byId.size;
  }

  private find(fileId: unknown, fileName: unknown, page: number): SuppliedPage | undefined {
    if (typeof fileId === 'string') {
      const hit = this.byId.get(`${fileId.trim()}#${page}`);
      if (hit) return hit;
    }
    if (typeof fileName === 'string') return this.byName.get(`${normalise(fileName)}#${page}`) ?? undefined;
    return undefined;
  }

  /** The citation as the app stores it, or null when it names no supplied page or quotes what its page does not hold. */
  resolve(raw: unknown): Citation | null {
    if (!isObj(raw)) return null;
    const page = typeof raw.page === 'string' ? Number(raw.page.trim()) : raw.page;
    if (typeof page !== 'number' || !Number.isInteger(page) || page < 1) return null;
    const hit = this.find(raw.file_id, raw.file_name, page);
    if (!hit) return null;
    const citation: Citation = { file_id: hit.file_id, file_name: hit.file_name, page: hit.page };
    if (typeof raw.quote === 'string' && raw.quote.trim()) {
      if (!quoteIsOnPage(raw.quote, hit.texts)) return null;
      citation.quote = raw.quote.trim().slice(0, 600);
    }
    return citation;
  }
}

/** A quote counts when each of its parts (split at ellipses) is found in one supplied passage. */
function quoteIsOnPage(quote: string, texts: readonly string[]): boolean {
  const parts = quote
    .split(/…|\.\.\.|\[…\]/)
    .map(normalise)
    .map((p) => p.replace(/^["']|["']$/g, '').trim())
    .filter((p) => p.length > 0);
  if (parts.length === 0) return false;
  return texts.some((text) => parts.every((part) => text.includes(part)));
}

export interface GroundingTally {
  /** Citations kept as the model wrote them or repaired. */
  kept: number;
  /** Citations dropped because they named no supplied page, or quoted words not on it. */
  dropped: number;
  /** Items removed because none of their citations held. */
  itemsRemoved: number;
}

export class Grounding {
  readonly tally: GroundingTally = { kept: 0, dropped: 0, itemsRemoved: 0 };

  constructor(
    private readonly pages: SuppliedPages,
    private readonly language: CourseLanguage,
  ) {}

  private citations(raw: unknown): Citation[] {
    if (!Array.isArray(raw)) return [];
    const out = new Map<string, Citation>();
    for (const item of raw) {
      const citation = this.pages.resolve(item);
      if (!citation) {
        this.tally.dropped++;
        continue;
      }
      const key = `${citation.file_id}#${citation.page}`;
      const before = out.get(key);
      if (before) {
        if (!before.quote && citation.quote) out.set(key, citation);
        continue;
      }
      this.tally.kept++;
      out.set(key, citation);
    }
    return [...out.values()];
  }

  /** One cited item with its citations checked, or null when none holds. */
  item(raw: unknown): Obj | null {
    if (!isObj(raw)) return null;
    const citations = this.citations(raw.citations);
    if (citations.length === 0) {
      this.tally.itemsRemoved++;
      return null;
    }
    return { ...raw, citations };
  }

  /** The cited items of a list that hold; anything not a list is left for validation to refuse. */
  items(raw: unknown): unknown {
    if (!Array.isArray(raw)) return raw;
    return raw.map((r) => this.item(r)).filter((r): r is Obj => r !== null);
  }

  /** Calculations whose citations hold, their results recomputed where the arithmetic is plain. */
  calculations(raw: unknown): unknown {
    const kept = this.items(raw);
    if (!Array.isArray(kept)) return kept;
    return kept.map((c: Obj) =>
      typeof c.expression === 'string' && typeof c.result === 'string' ? { ...c, result: checkedResult(c.expression, c.result, this.language) } : c,
    );
  }

  /** The worked solution, or undefined when its objective, steps or final answer lost every citation. */
  exercise(raw: unknown): unknown {
    if (raw === undefined || raw === null) return undefined;
    if (!isObj(raw)) return raw;
    const objective = this.item(raw.objective);
    const steps = this.items(raw.steps);
    const finalAnswer = this.item(raw.final_answer);
    if (!objective || !finalAnswer || (Array.isArray(steps) && steps.length === 0)) return undefined;
    return {
      ...raw,
      objective,
      steps,
      theorems: this.items(raw.theorems),
      formulas: this.items(raw.formulas),
      calculations: this.calculations(raw.calculations),
      final_answer: finalAnswer,
    };
  }

  answer(raw: unknown): unknown {
    if (!isObj(raw)) return raw;
    return { ...raw, blocks: this.items(raw.blocks), exercise: this.exercise(raw.exercise) };
  }

  sheet(raw: unknown): unknown {
    if (!isObj(raw)) return raw;
    const sections = Array.isArray(raw.sections)
      ? raw.sections
          .map((s) => (isObj(s) ? { ...s, lines: this.items(s.lines) } : s))
          .filter((s) => !isObj(s) || !Array.isArray(s.lines) || s.lines.length > 0)
      : raw.sections;
    return {
      ...raw,
      sections,
      definitions: this.items(raw.definitions),
      formulas: this.items(raw.formulas),
      key_dates: this.items(raw.key_dates),
      key_points: this.items(raw.key_points),
    };
  }
}
