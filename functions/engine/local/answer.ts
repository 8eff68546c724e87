// Answers in the five modes (course, concise, detailed, exercise, step by step), built only from
// the course's own sentences: `course`
// (the course's explanation, definition first), `concise` (1–3 sentences), `detailed` (definition,
// explanation, formulas, examples, points to remember), `step_by_step` (numbered steps) and
// `exercise` (objective, steps, theorems, formulas, calculations, final answer). Every block cites
// the sentences it rests on; when the course does not answer, the answer says so. A question that
// asks for a formula, a date, a person, a unit … is answered with the course's sentence of that
// kind first; a sentence the course repeats is written once, with its places merged in the citations.
import { answerSchema, type Answer, type AnswerBlock, type Citation, type CitedText, type CourseLanguage, type ExerciseSolution } from '../../core/artefacts.js';
import { type AnswerRequest } from '../types.js';
import { foldText } from '../../core/fold.js';
import { analyzeCourse, normalizeSpace, pageKey, type CourseAnalysis, type SentenceInfo } from './analysis.js';
import { citeAll, citeMerged } from './citations.js';
import { planExercise, type ExercisePlan } from './exercise.js';
import { exerciseMessages } from './exercise-messages.js';
import { replayExercise, replaySolution } from './replay.js';
import { detailFor, type Detail } from './levels.js';
import { joinList, labelled, messages, type Messages } from './messages.js';
import { parseQuantities } from './quantities.js';
import type { Intent } from './question.js';
import { FOUND_THRESHOLD, PASSAGES, SYMBOL_NAMES, answerEvidence, answers, focusOf, rankSentences, textKey, type Evidence, type Focus, type Ranked } from './retrieval.js';

interface Context {
  req: AnswerRequest;
  /** The course's language (what it cites is written in). */
  lang: CourseLanguage;
  /** The interface's language: what the engine writes about the answer (labels, not found, related passages). */
  ui: CourseLanguage;
  msg: Messages;
  detail: Detail;
  analysis: CourseAnalysis;
  focus: Focus;
  ranked: Ranked[];
  found: boolean;
  relevance: Map<string, number>;
  /** Every place of each retrieved sentence's text (`textKey`), best first. */
  places: Map<string, SentenceInfo[]>;
}

/** The answer to a question, validated against the shared schema. */
export function buildAnswer(req: AnswerRequest): Answer {
  return answerWithEvidence(req).answer;
}

/**
 * The answer with the evidence the decision to answer rests on. `decide` replaces the decision
 * (the evaluation measures what answering at other thresholds would give); by default the course
 * answers when `answers` says so.
 */
export function answerWithEvidence(req: AnswerRequest, decide?: (evidence: Evidence) => boolean): { answer: Answer; evidence: Evidence } {
  const lang = req.course.language;
  const analysis = analyzeCourse(req.course.pages);
  const detail = detailFor(req.level);
  // An exercise's numbers are its data, not a case the course must give.
  const focus = focusOf(analysis, req.question, req.history, lang, { numbers: req.mode !== 'exercise' });
  const passages = focus.weights.size ? req.course.search(focus.query, PASSAGES) : [];
  const ranked = rankSentences(analysis, focus, passages, detail);
  const relevance = new Map<string, number>();
  passages.forEach((p, i) => {
    const key = pageKey(p.file_id, p.page);
    if (!relevance.has(key)) relevance.set(key, 1 - i / PASSAGES);
  });
  const places = new Map<string, SentenceInfo[]>();
  for (const r of ranked) places.set(textKey(r.s), [r.s, ...r.copies]);
  const ui = req.interfaceLanguage ?? lang;
  const evidence = answerEvidence(analysis, ranked, focus);
  const found = decide ? decide(evidence) : answers(evidence);
  const ctx: Context = { req, lang, ui, msg: messages(ui), detail, analysis, focus, ranked, found, relevance, places };
  return { answer: answerSchema.parse(generate(ctx)), evidence };
}

function generate(ctx: Context): Answer {
  const { req } = ctx;
  if (req.mode === 'exercise') return exerciseAnswer(ctx);
  if (req.mode === 'step_by_step') {
    const solved = parseQuantities(req.question, ctx.lang).length ? planExercise(req.question, ctx.lang, ctx.analysis, ctx.relevance).plan : null;
    if (solved) return found(ctx, planBlocks(ctx, solved, true));
  }
  if (!ctx.found) return notFound(ctx);
  const blocks =
    req.mode === 'concise' ? concise(ctx) : req.mode === 'detailed' ? detailed(ctx) : req.mode === 'step_by_step' ? stepByStep(ctx) : courseMode(ctx);
  return blocks.length ? found(ctx, blocks) : notFound(ctx);
}

/** A block's citations: its sentences, and the other places of those the course repeats (at most 3 in all). */
function citeBlock(ctx: Context, list: readonly SentenceInfo[]): Citation[] {
  return citeMerged(list, (s) => (ctx.places.get(textKey(s)) ?? []).filter((p) => p !== s));
}

/** The list without the sentences whose text it already holds (the course repeats some word for word). */
function distinct(list: readonly SentenceInfo[]): SentenceInfo[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const key = textKey(s);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function found(ctx: Context, blocks: AnswerBlock[], exercise?: ExerciseSolution): Answer {
  return { mode: ctx.req.mode, language: ctx.lang, found: true, blocks, ...(exercise ? { exercise } : {}) };
}

/** Not in the course: say so, and point to the nearest passages, labelled as merely related. */
function notFound(ctx: Context): Answer {
  const blocks: AnswerBlock[] = [];
  const pages = new Set<string>();
  for (const r of ctx.ranked) {
    if (r.own <= 0 || blocks.length >= 2 || SYMBOL_NAMES.test(r.s.text)) continue;
    const key = pageKey(r.s.page.file_id, r.s.page.page);
    if (pages.has(key)) continue;
    pages.add(key);
    blocks.push({ kind: 'point', text: labelled(ctx.ui, ctx.msg.related, r.s.text), citations: citeBlock(ctx, [r.s]) });
  }
  // A question in the other language than the course's that the course still does not answer: say so, and suggest its language.
  const message = ctx.focus.language !== ctx.lang ? `${ctx.msg.notFound} ${ctx.msg.askInCourseLanguage(ctx.lang)}` : ctx.msg.notFound;
  return { mode: ctx.req.mode, language: ctx.lang, found: false, not_found_message: message, blocks };
}

/** The best definition of a term of the question, if the retrieved sentences hold one. */
function definitionOf(ctx: Context): Ranked | null {
  return ctx.ranked.find((r) => r.defines && r.own > 0) ?? null;
}

/** Intents a concise or course answer leads with: the course's sentence of that kind. */
const LEADING_INTENTS: readonly Intent[] = ['formula', 'date', 'duration', 'person', 'unit', 'example', 'cause', 'place'];

/**
 * The sentence of the kind the question asks for ("la formule de …", "en quelle année …", "who …"),
 * standing with its topic: the one that meets most of its intents, then the best ranked. Not a
 * bare list of a formula's symbols.
 */
function intentSentence(ctx: Context): Ranked | null {
  if (!LEADING_INTENTS.some((i) => ctx.focus.intents.has(i))) return null;
  const pick = (symbols: boolean) => {
    let best: Ranked | null = null;
    for (const r of ctx.ranked) {
      if (r.intent <= 0 || SYMBOL_NAMES.test(r.s.text) !== symbols) continue;
      if (!best || r.intent > best.intent || (r.intent === best.intent && r.own > best.own)) best = r;
    }
    return best;
  };
  // A list of a formula's symbols answers a question about units only when nothing else does ("where F is … in newtons").
  return pick(false) ?? (ctx.focus.intents.has('unit') ? pick(true) : null);
}

/**
 * The best sentences that bear on the question: covering some of it (or in the best sentence's
 * section), scoring at least a share of the best, and not a bare list of a formula's symbols.
 */
function supporting(ctx: Context, n: number, skip: Set<number>, keep: (s: SentenceInfo) => boolean = () => true): Ranked[] {
  const best = ctx.ranked[0];
  const out: Ranked[] = [];
  for (const r of ctx.ranked) {
    if (out.length >= n) break;
    if (skip.has(r.s.index) || !keep(r.s) || SYMBOL_NAMES.test(r.s.text)) continue;
    const near = best && r.s.section === best.s.section && r.s.page.file_id === best.s.page.file_id;
    if (r.own <= 0 && !near) continue;
    if (r.score < RELATIVE_SCORE * best.score) continue;
    out.push(r);
  }
  return out;
}

/**
 * The lead's immediate context in the course: the sentences around it in its section (its page
 * when it has no section, or when asked), nearest first, the next before the previous; not headings, exercise
 * data, nor sentences in `skip`. What `course`, `detailed` and a reasoning chain add when nothing
 * else in the course bears on the question, so that no two modes say the same.
 */
function around(ctx: Context, lead: SentenceInfo, n: number, skip: Set<number> = new Set(), wholePage = false): SentenceInfo[] {
  const all = ctx.analysis.sentences;
  const ok = (t: SentenceInfo | undefined): t is SentenceInfo =>
    !!t &&
    t.page.file_id === lead.page.file_id &&
    (lead.section >= 0 && !wholePage ? t.section === lead.section : t.page === lead.page) &&
    t.role !== 'heading' &&
    !t.exercise &&
    !skip.has(t.index) &&
    textKey(t) !== textKey(lead);
  const out: SentenceInfo[] = [];
  for (let d = 1; out.length < n && (lead.index + d < all.length || lead.index - d >= 0); d++) {
    for (const t of [all[lead.index + d], all[lead.index - d]]) if (out.length < n && ok(t)) out.push(t);
  }
  return distinct(out).sort(byIndex);
}

/** A sentence on the question's topic or beside the lead: what an answer may add (not one that merely shares a word). */
function onTopic(ctx: Context, lead: SentenceInfo, r: Ranked): boolean {
  return r.own >= FOUND_THRESHOLD || (r.s.page.file_id === lead.page.file_id && r.s.section === lead.section);
}

/** Share of the best sentence's score a sentence needs to be part of the answer. */
const RELATIVE_SCORE = 0.4;

const byIndex = (a: SentenceInfo, b: SentenceInfo) => a.index - b.index;

/** The sentence that names a formula's symbols, just after it ("où d est …", "where M is …"). */
function symbolsSentence(ctx: Context, s: SentenceInfo): SentenceInfo | null {
  const next = ctx.analysis.sentences[s.index + 1];
  if (!next || next.page !== s.page) return null;
  return SYMBOL_NAMES.test(next.text) ? next : null;
}

/** Consecutive sentences of one page and section as one paragraph; formulas and examples apart. */
function paragraphs(ctx: Context, list: SentenceInfo[], firstLabel?: string): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  let run: SentenceInfo[] = [];
  const flush = () => {
    if (!run.length) return;
    const text = run.map((s) => s.text).join(' ');
    blocks.push({ kind: 'paragraph', text: firstLabel && !blocks.some((b) => b.kind === 'paragraph') ? labelled(ctx.ui, firstLabel, text) : text, citations: citeBlock(ctx, run) });
    run = [];
  };
  const sorted = distinct([...list].sort(byIndex));
  const attached = new Set<SentenceInfo>();
  for (const s of sorted) {
    if (attached.has(s)) continue;
    if (s.formula || s.example) {
      flush();
      // A formula keeps the sentence naming its symbols with it.
      const names = s.formula ? symbolsSentence(ctx, s) : null;
      const parts = names && sorted.includes(names) ? [s, names] : [s];
      if (parts.length > 1) attached.add(names as SentenceInfo);
      blocks.push({ kind: s.formula ? 'formula' : 'example', text: parts.map((p) => p.text).join(' '), citations: citeBlock(ctx, parts) });
      continue;
    }
    const prev = run[run.length - 1];
    if (prev && (prev.page !== s.page || prev.section !== s.section)) flush();
    run.push(s);
  }
  flush();
  return blocks;
}

function definitionBlock(ctx: Context, def: Ranked): AnswerBlock {
  return { kind: 'definition', text: labelled(ctx.ui, ctx.msg.definition, def.s.text), citations: citeBlock(ctx, [def.s]) };
}

/**
 * The sentence an answer opens with: the one that best matches the question. The course's
 * definition of the asked term for a question about what something is (or when the definition
 * matches as much of the question as anything else); the sentence of the asked kind (a formula, a
 * date, a person, a cause …) when the question asks for one; otherwise the sentence that covers
 * most of the question's topic, never a neighbour that merely shares its page.
 */
function leader(ctx: Context): Ranked | null {
  const asked = intentSentence(ctx);
  if (asked) return asked;
  let best: Ranked | null = null;
  for (const r of ctx.ranked) {
    if (SYMBOL_NAMES.test(r.s.text) || (r.s.wordCount < 4 && !r.s.formula)) continue;
    if (!best || r.own > best.own + 1e-9) best = r;
    else if (Math.abs(r.own - best.own) <= 1e-9) {
      // Equal coverage: the sentence that is about the topic (it comes first: "La photosynthèse se déroule …").
      const [a, b] = [r.withHeading - best.withHeading, topicPosition(ctx, best.s) - topicPosition(ctx, r.s)];
      if (a > 1e-9 || (Math.abs(a) <= 1e-9 && b > 0)) best = r;
    }
  }
  // A sentence that covers nearly as much of the topic and is what the question asks for (the
  // definition of its term, the kind of answer asked, anchored to the topic) leads, the best ranked first.
  if (best) {
    const floor = NEAR_COVERAGE * best.own;
    const top = ctx.ranked.find((r) => !SYMBOL_NAMES.test(r.s.text) && !(r.s.wordCount < 4 && !r.s.formula) && r.own >= floor && (r.defines || r.intent > 0));
    if (top && top.score > best.score) best = top;
  }
  const def = definitionOf(ctx);
  // The definition of the term asked for by name ("la définition d'un acide selon Brønsted"): it leads, anchored to the topic.
  if (def && ctx.focus.intents.has('definition') && def.intent > 0) return def;
  if (def && best && ((asksWhatIs(ctx) && def.own >= 0.6 * best.own) || def.own >= best.own - 1e-9)) return def;
  return best ?? def;
}

/** Share of the best coverage a sentence needs for its rank to decide the lead. */
const NEAR_COVERAGE = 0.8;

/** Where the question's first topic term stands among the sentence's content words (its subject comes first). */
function topicPosition(ctx: Context, s: SentenceInfo): number {
  const i = s.stems.findIndex((t) => ctx.focus.weights.has(t));
  return i < 0 ? s.stems.length : i;
}

/** "Qu'est-ce que …", "C'est quoi …", "What is …", "Define …", "Que signifie …": a definition is asked for. */
function asksWhatIs(ctx: Context): boolean {
  if (ctx.focus.intents.has('definition')) return true;
  const q = ctx.req.question.trim();
  return /^(?:qu['’]est[- ]ce\s+qu|c['’]est\s+quoi|que\s+(?:signifie|veut\s+dire|désigne)|quelle\s+est\s+la\s+définition|définis|what\s+(?:is|are)\s+(?:an?\s+|the\s+)?[\p{L}'’ -]+\?$|what\s+does\s+.+\s+mean|define)/iu.test(q) &&
    !ctx.focus.intents.has('cause');
}

/** A sentence that announces a list: "… en deux phases.", "Elle comprend quatre étapes successives :". */
const ANNOUNCE_RE =
  /(?:(?<![\p{L}\p{N}])(?:deux|trois|quatre|cinq|six|sept|plusieurs|two|three|four|five|six|seven|several)\s+(?:\p{L}+\s+)?(?:phases|étapes|parties|stades|temps|types|catégories|causes|conséquences|steps|stages|parts|types|kinds|causes|consequences)(?![\p{L}\p{N}])[^.]*[.:]|:)\s*$/iu;
const COUNTS: Record<string, number> = { deux: 2, two: 2, trois: 3, three: 3, quatre: 4, four: 4, cinq: 5, five: 5, six: 6, sept: 7, seven: 7 };

/**
 * What a lead sentence announces, when it announces a list ("… en deux phases.", "… quatre étapes
 * :"), or when the definition that leads is followed by such an announcement: the announced
 * sentences or items that follow it in the same section (as many as it says, at most 6).
 */
function announced(ctx: Context, lead: SentenceInfo): SentenceInfo[] {
  const all = ctx.analysis.sentences;
  const same = (n: SentenceInfo | undefined): n is SentenceInfo =>
    !!n && n.page.file_id === lead.page.file_id && n.section === lead.section && n.role !== 'heading' && !n.exercise;
  const out: SentenceInfo[] = [];
  let at = lead;
  if (!ANNOUNCE_RE.test(lead.text)) {
    const next = all[lead.index + 1];
    if (!same(next) || !ANNOUNCE_RE.test(next.text) || next.page !== lead.page) return [];
    out.push(next);
    at = next;
  }
  const count = /(?<![\p{L}\p{N}])(deux|trois|quatre|cinq|six|sept|two|three|four|five|seven)(?![\p{L}\p{N}])/iu.exec(at.text);
  const max = count ? (COUNTS[count[1].toLowerCase()] ?? 6) : 6;
  for (let i = at.index + 1, n = 0; n < max; i++, n++) {
    const next = all[i];
    if (!same(next) || next.formula || (out.length && SYMBOL_NAMES.test(next.text))) break;
    // A list announced is its items: the sentence after the last one is no longer announced.
    const prev = out[out.length - 1];
    if (prev && prev !== at && prev.role === 'item' && next.role !== 'item') break;
    out.push(next);
  }
  return out;
}

/** A sentence up to the colon that opens its explanation ("… a lieu dans le stroma : le CO2 …"), when that part says something itself. */
function mainClause(text: string): string {
  const at = text.search(/\s?:\s/u);
  if (at < 0) return text;
  const head = text.slice(0, at).trim();
  return head.split(/\s+/u).length >= 5 ? `${head}.` : text;
}

/** The head of a list item, what names it: up to its first comma, colon or bracket ("la boucle phonologique, qui …"). */
function itemHead(text: string): string {
  const item = stripEnumerator(text);
  const head = item.split(/\s*[,:;(–—]\s*|\s+(?:qui|que|which|that|where|où)\s+/u)[0].trim();
  // A label ("1963 : …", "Step 1: …") names nothing by itself: the item is said whole.
  const named = (head.match(/\p{L}{2,}/gu) ?? []).length >= 2 ? head : item;
  return named.replace(/[.;,]$/u, '');
}

/** The sentences a lead block holds: the lead, what goes with it, and what it announces. */
function leadList(ctx: Context, lead: Ranked, also: SentenceInfo[] = [], withAnnounced = true): SentenceInfo[] {
  return distinct([lead.s, ...also, ...(lead.s.formula || !withAnnounced ? [] : announced(ctx, lead.s))]);
}

/** The lead sentence as a block ("Définition : …" when it is the definition of the asked term), with what it announces. */
function leadBlock(ctx: Context, lead: Ranked, also: SentenceInfo[] = [], withAnnounced = true): AnswerBlock {
  const list = leadList(ctx, lead, also, withAnnounced);
  if (lead.defines && list.length === 1 && lead === definitionOf(ctx)) return definitionBlock(ctx, lead);
  const text = list.map((s) => s.text).join(list.some((s) => s.role === 'item') ? '\n' : ' ');
  const kind = lead.s.formula ? 'formula' : lead.defines && lead === definitionOf(ctx) ? 'definition' : 'paragraph';
  return { kind, text: kind === 'definition' ? labelled(ctx.ui, ctx.msg.definition, text) : text, citations: citeBlock(ctx, list) };
}

/** Sentences of context a course answer gives beyond its lead, at least (when the section has them). */
const COURSE_CONTEXT = 3;
/** A detailed answer holds at least this many times the words of the course answer (when the course has them). */
const DETAILED_GROWTH = 1.4;

/** `course`: the definition or the rule that answers, then its immediate context from the course, in the course's order. */
function courseMode(ctx: Context): AnswerBlock[] {
  const lead = leader(ctx);
  if (!lead) return [];
  const skip = new Set([lead.s.index]);
  const names = lead.s.formula ? symbolsSentence(ctx, lead.s) : null;
  if (names) skip.add(names.index);
  // Its immediate context: the best sentences of the same section, and the formulas stated there.
  const near = (s: SentenceInfo) => s.page.file_id === lead.s.page.file_id && s.section === lead.s.section;
  const chosen = supporting(ctx, ctx.detail.sentences - 1, skip).map((r) => r.s).filter((s) => near(s) || ctx.ranked.find((r) => r.s === s && r.own >= FOUND_THRESHOLD));
  const formulas = ctx.analysis.sentences.filter((s) => s.formula && !s.exercise && near(s) && !skip.has(s.index) && !chosen.includes(s));
  chosen.push(...formulas.slice(0, ctx.detail.extras));
  for (const s of [...chosen]) {
    const n = s.formula ? symbolsSentence(ctx, s) : null;
    if (n && !chosen.includes(n) && !skip.has(n.index)) chosen.push(n);
  }
  const leading = leadList(ctx, lead, names ? [names] : []);
  const inLead = new Set(leading.map(textKey));
  const rest = chosen.filter((s) => !skip.has(s.index) && !inLead.has(textKey(s)));
  // Little else bears on the question: the sentences around it in the course are its context (a course
  // answer says more than the concise one, which is the lead alone or with one sentence).
  if (rest.length < COURSE_CONTEXT) {
    const taken = new Set([...leading, ...rest].map((s) => s.index));
    rest.push(...around(ctx, lead.s, COURSE_CONTEXT - rest.length, taken));
    // The section ends there: the page around it.
    if (rest.length < COURSE_CONTEXT) rest.push(...around(ctx, lead.s, COURSE_CONTEXT - rest.length, new Set([...taken, ...rest.map((t) => t.index)]), true));
    rest.sort(byIndex);
  }
  return [leadBlock(ctx, lead, names ? [names] : []), ...paragraphs(ctx, rest)];
}

/**
 * `concise`: one or two sentences, both on the question's topic: the best-matching one (a formula
 * with the sentence naming its symbols), and a second only when it too covers most of the topic.
 */
function concise(ctx: Context): AnswerBlock[] {
  const lead = leader(ctx);
  if (!lead) return [];
  const list: SentenceInfo[] = [lead.s];
  const names = lead.s.formula ? symbolsSentence(ctx, lead.s) : null;
  if (names) list.push(names);
  // "… measures market power:" then its formula: the formula is the rest of the sentence.
  const next = ctx.analysis.sentences[lead.s.index + 1];
  if (/:\s*$/u.test(lead.s.text) && next?.formula && next.page === lead.s.page && next.section === lead.s.section) list.push(next);
  // A lead that announces a list ("… en deux phases.") goes with what it announces, and nothing else.
  const listed = lead.s.formula ? [] : announced(ctx, lead.s);
  // "… en deux phases." then the two phases: the phases say it in two sentences.
  if (listed.length && ANNOUNCE_RE.test(lead.s.text) && listed.length <= 2 && listed.every((s) => s.role !== 'item')) {
    // "… en deux phases." then the two phases: each said up to what it explains after a colon.
    const said = listed.map((s) => mainClause(s.text));
    return [{ kind: 'paragraph', text: said.join(' '), citations: citeBlock(ctx, listed) }];
  }
  else if (listed.length >= 2 && listed.every((s) => s.role === 'item')) {
    // The items it announces, named: what a concise answer to "which are …" says.
    const heads = listed.map((s) => itemHead(s.text)).filter((h) => h.length > 0);
    // In the course's words and language: the items are quoted from it.
    const text = `${lead.s.text.replace(/\s*:\s*$/u, ctx.lang === 'fr' ? ' :' : ':')} ${joinList(ctx.lang, heads)}.`;
    return [{ kind: 'paragraph', text, citations: citeBlock(ctx, [lead.s, ...listed]) }];
  } else if (listed.length) list.push(...listed);
  else if (list.length < Math.min(2, ctx.detail.concise)) {
    const second = ctx.ranked.find(
      (r) => r !== lead && textKey(r.s) !== textKey(lead.s) && !r.s.formula && !SYMBOL_NAMES.test(r.s.text) && r.own >= Math.max(FOUND_THRESHOLD, lead.own),
    );
    if (second) list.push(second.s);
  }
  const chosen = distinct(list);
  return [{ kind: 'paragraph', text: closed(chosen.map((s) => s.text).join(chosen.some((s) => s.role === 'item') ? '\n' : ' ')), citations: citeBlock(ctx, chosen) }];
}

/**
 * A concise answer ends as a sentence ends: a list item's ";" or "," becomes a full stop, and a last
 * sentence that only announces what follows it ("Its running time satisfies the recurrence:") is
 * left out when a sentence comes before it (else its colon becomes a full stop).
 */
function closed(text: string): string {
  const t = text.trim();
  if (/:\s*$/u.test(t)) {
    const body = t.replace(/\s*:\s*$/u, '');
    const end = Math.max(-1, ...[...body.matchAll(/[.!?](?=\s)/gu)].map((m) => m.index ?? -1));
    return end > 0 ? body.slice(0, end + 1) : `${body}.`;
  }
  return t.replace(/\s*[;,]\s*$/u, '.');
}

function stripLabel(text: string): string {
  return text.replace(/^(?:exemple|example|for example|par exemple)\s*[:,]\s*/iu, '');
}

/** `detailed`: definition, explanation, formulas with their symbols, examples, points to remember. */
function detailed(ctx: Context): AnswerBlock[] {
  const { msg, ui: lang, detail } = ctx;
  const lead = leader(ctx);
  if (!lead) return [];
  const blocks: AnswerBlock[] = [leadBlock(ctx, lead)];
  const leading = leadList(ctx, lead);
  const used = new Set<number>(leading.map((s) => s.index));
  const inLead = new Set(leading.map(textKey));
  const quoted = { has: (text: string) => inLead.has(foldText(text)) };
  const found = definitionOf(ctx);
  const def = found && onTopic(ctx, lead.s, found) ? found : null;
  if (def && !used.has(def.s.index) && !quoted.has(def.s.text)) {
    blocks.push(definitionBlock(ctx, def));
    used.add(def.s.index);
  }
  const explanation = supporting(ctx, detail.sentences, used, (s) => !s.formula && !s.example && !s.law && !quoted.has(s.text)).map((r) => r.s);
  // Nothing else in the course bears on it: the explanation is what surrounds it in its section, else on its page.
  const plain = (t: SentenceInfo) => !t.formula && !t.example && !quoted.has(t.text);
  if (!explanation.length) explanation.push(...around(ctx, lead.s, detail.sentences, used).filter(plain));
  if (!explanation.length) explanation.push(...around(ctx, lead.s, detail.sentences, used, true).filter(plain));
  explanation.forEach((s) => used.add(s.index));
  blocks.push(...paragraphs(ctx, explanation, msg.explanation));
  const sections = new Set([lead.s, ...(def ? [def.s] : []), ...explanation].map((s) => `${s.page.file_id}|${s.section}`));
  const inScope = (s: SentenceInfo) => sections.has(`${s.page.file_id}|${s.section}`);
  const related = (keep: (s: SentenceInfo) => boolean) =>
    ctx.ranked.filter((r) => !used.has(r.s.index) && !quoted.has(r.s.text) && keep(r.s) && (r.own > 0 || inScope(r.s))).slice(0, detail.extras);
  for (const r of related((s) => s.formula)) {
    used.add(r.s.index);
    const names = symbolsSentence(ctx, r.s);
    const parts = names ? [r.s, names] : [r.s];
    if (names) used.add(names.index);
    blocks.push({ kind: 'formula', text: labelled(lang, msg.formula, parts.map((s) => s.text).join(' ')), citations: citeBlock(ctx, parts) });
  }
  for (const r of related((s) => s.example)) {
    used.add(r.s.index);
    blocks.push({ kind: 'example', text: labelled(lang, msg.example, stripLabel(r.s.text)), citations: citeBlock(ctx, [r.s]) });
  }
  const laws = ctx.ranked.filter((r) => !used.has(r.s.index) && !quoted.has(r.s.text) && r.s.law && !r.s.formula && r.own > 0);
  for (const r of laws.slice(0, Math.max(1, Math.floor(detail.extras / 2)))) {
    used.add(r.s.index);
    blocks.push({ kind: 'point', text: labelled(lang, msg.keyPoint, r.s.text), citations: citeBlock(ctx, [r.s]) });
  }
  // More than the course answer: its section's other sentences until the detailed answer says clearly more.
  const words = (bs: readonly AnswerBlock[]) => bs.reduce((n, b) => n + b.text.split(/\s+/u).length, 0);
  const target = DETAILED_GROWTH * words(courseMode(ctx));
  if (words(blocks) < target) {
    const near = around(ctx, lead.s, 6, used);
    const more = [...near, ...around(ctx, lead.s, 6, new Set([...used, ...near.map((t) => t.index)]), true)].filter((t) => !quoted.has(t.text) && !SYMBOL_NAMES.test(t.text));
    const added: SentenceInfo[] = [];
    for (const t of more) {
      if (words(blocks) + added.reduce((n, a) => n + a.wordCount, 0) >= target) break;
      added.push(t);
      used.add(t.index);
    }
    if (added.length) blocks.push(...paragraphs(ctx, added.sort(byIndex), msg.context));
  }
  // What other pages of the course say about it.
  const pages = new Set([...used].map((i) => pageKey(ctx.analysis.sentences[i].page.file_id, ctx.analysis.sentences[i].page.page)));
  for (const r of ctx.ranked) {
    if (blocks.length >= 8) break;
    const key = pageKey(r.s.page.file_id, r.s.page.page);
    if (pages.has(key) || used.has(r.s.index) || quoted.has(r.s.text) || r.own < FOUND_THRESHOLD || SYMBOL_NAMES.test(r.s.text) || r.s.formula) continue;
    pages.add(key);
    used.add(r.s.index);
    blocks.push({ kind: 'point', text: labelled(lang, msg.elsewhere(r.s.page.page), r.s.text), citations: citeBlock(ctx, [r.s]) });
  }
  return blocks;
}

function stripEnumerator(text: string): string {
  return text.replace(/^(?:\d+\s*[.)]|[-–•▪])\s*/u, '');
}

/** The course's method for the question: its numbered or sequenced steps, else its key sentences in order. */
function methodSentences(ctx: Context): SentenceInfo[] {
  const best = ctx.ranked[0];
  if (!best) return [];
  const methodic = ctx.ranked.filter(
    (r) =>
      r.s.method &&
      (r.own > 0 || r.withHeading >= FOUND_THRESHOLD || (r.s.section === best.s.section && r.s.page.file_id === best.s.page.file_id)),
  );
  if (methodic.length >= 2) {
    // The whole procedure, in order, from the section whose steps bear most on the question.
    const weight = new Map<string, number>();
    for (const r of methodic) {
      const key = `${r.s.page.file_id}|${r.s.section}`;
      weight.set(key, (weight.get(key) ?? 0) + r.score);
    }
    const [key] = [...weight].sort((a, b) => b[1] - a[1])[0];
    const all = ctx.analysis.sentences.filter(
      (s) => s.method && !s.exercise && s.role !== 'heading' && `${s.page.file_id}|${s.section}` === key,
    );
    if (all.length >= 2) return all.slice(0, ctx.detail.steps);
  }
  return supporting(ctx, ctx.detail.steps, new Set(), (s) => !s.example)
    .map((r) => r.s)
    .sort(byIndex);
}

function stepBlocks(ctx: Context, list: SentenceInfo[]): AnswerBlock[] {
  return distinct(list).map((s, i) => ({ kind: 'step' as const, text: labelled(ctx.ui, ctx.msg.step(i + 1), stripEnumerator(s.text)), citations: citeBlock(ctx, [s]) }));
}

/** `step_by_step`: numbered steps from the course (a calculation's steps when the question has data). */
function stepByStep(ctx: Context): AnswerBlock[] {
  const lead = leader(ctx);
  if (!lead) return [];
  // What the answering sentence announces ("… en deux phases.", "… quatre étapes :") are the steps, in the document's order.
  const listed = lead.s.formula ? [] : announced(ctx, lead.s);
  const intro = listed.length && ANNOUNCE_RE.test(listed[0].text) && listed[0] !== lead.s && !ANNOUNCE_RE.test(lead.s.text) ? [listed[0]] : [];
  const items = listed.filter((s) => !intro.includes(s));
  if (items.length >= 2) return [leadBlock(ctx, lead, intro, false), ...stepBlocks(ctx, items)];
  const steps = methodSentences(ctx).filter((s) => s !== lead.s);
  if (ctx.focus.intents.has('method') || steps.some((s) => s.method)) {
    if (!steps.length) return [];
    return [leadBlock(ctx, lead, [], false), ...stepBlocks(ctx, steps)];
  }
  // Not a procedure: say so, and give the course's answer itself rather than unrelated facts as steps.
  return [{ kind: 'paragraph', text: ctx.msg.notAProcess, citations: citeBlock(ctx, [lead.s]) }, leadBlock(ctx, lead)];
}

// ---- Exercises ---------------------------------------------------------------------------------

function cited(text: string, sources: (SentenceInfo | null | undefined)[]): CitedText {
  return { text, citations: citeAll(sources.filter((s): s is SentenceInfo => !!s)) };
}

/** "la vitesse moyenne v" / "v"; a definition's "L'énergie …" read mid-sentence as "l'énergie …". */
function named(description: string, symbol: string): string {
  return description ? `${midSentence(description)} ${symbol}` : symbol;
}

function midSentence(text: string): string {
  return /^(?:L['’]|La |Le |Les |Un |Une |Des |The |A |An )/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function solution(ctx: Context, plan: ExercisePlan): ExerciseSolution {
  const { msg, ui: lang } = ctx;
  const final = plan.final;
  const eqSentence = final.equation.sentence;
  const givenByQuestion = plan.steps.flatMap((st) => st.givens.filter((g) => g.origin === 'question').map((g) => ({ g, v: st.equation.variables.get(g.symbol) })));
  const constants = plan.steps.flatMap((st) => st.givens.filter((g) => g.origin === 'constant'));
  const dataList = [...givenByQuestion.map(({ g }) => `${g.symbol} = ${g.written}`), ...constants.map((g) => `${g.symbol} = ${g.written}`)];
  const steps: CitedText[] = [
    cited(msg.data(dataList.join(lang === 'fr' ? ' ; ' : '; ')), [
      ...givenByQuestion.map(({ v }) => v?.source),
      ...constants.map((g) => g.constant?.sentence),
      eqSentence,
    ]),
  ];
  const xm = exerciseMessages(lang);
  for (const st of plan.steps) {
    const at = st.equation.sentence;
    if (st.lookup) {
      // A value read in the course's table for the key computed before it, as its worked example does.
      const key = st.givens[0];
      steps.push(cited(xm.readTable(st.lookup.key.label, key?.written ?? st.lookup.keyText, st.variable.symbol, st.result), [at, st.worked?.sentence]));
      continue;
    }
    steps.push(cited(msg.relation(st.equation.written), [at]));
    if (st.worked) steps.push(cited(xm.workedMethod(st.worked.text), [st.worked.sentence]));
    if (st.rearranged) steps.push(cited(msg.isolate(st.variable.symbol, st.rearranged), [at]));
    steps.push(cited(msg.compute(`${st.expression} = ${st.result}`), [at]));
    if (st !== final) steps.push(cited(msg.intermediate(st.variable.symbol, st.result), [at]));
  }
  for (const c of final.conversions) steps.push(cited(msg.convert(final.result, c), [eqSentence]));
  const formulas: CitedText[] = [];
  for (const st of plan.steps) {
    if (st.lookup) {
      if (!formulas.some((f) => f.text === st.lookup?.sentence.text)) formulas.push(cited(st.lookup.sentence.text, [st.lookup.sentence]));
      continue;
    }
    if (!formulas.some((f) => f.text === st.equation.written)) formulas.push(cited(st.equation.written, [st.equation.sentence]));
  }
  for (const g of constants) if (g.constant) formulas.push(cited(g.constant.written, [g.constant.sentence]));
  // What the calculation rests on: the course's definitions of the formula's quantities, and laws.
  const eqStems = new Set(plan.steps.flatMap((st) => [...st.equation.variables.values()].flatMap((v) => [...v.stems])));
  const theoremSources = ctx.analysis.sentences.filter(
    (s) =>
      s.definition &&
      !s.exercise &&
      s.page.file_id === eqSentence.page.file_id &&
      Math.abs(s.index - eqSentence.index) <= 4 &&
      [...s.stemSet].some((t) => eqStems.has(t)),
  );
  const lawSources = ctx.ranked.filter((r) => r.s.law && r.own > 0 && !r.s.method && !r.s.formula).map((r) => r.s);
  const theorems = [...theoremSources, ...lawSources].slice(0, 2).map((s) => cited(s.text, [s]));
  // The course's own advice for this calculation ("To calculate the actual size, divide …").
  const advice = ctx.analysis.sentences.find(
    (s) =>
      s.method &&
      !s.exercise &&
      s.role !== 'heading' &&
      s.page.file_id === eqSentence.page.file_id &&
      s.section === eqSentence.section &&
      [...final.variable.stems].some((t) => s.stemSet.has(t)),
  );
  if (advice) steps.splice(1, 0, cited(advice.text, [advice]));
  const givens = joinList(
    lang,
    givenByQuestion.map(({ g, v }) => named(v?.description ?? '', g.symbol)),
  );
  const also = final.conversions.length
    ? ` (${msg.alsoWritten(final.conversions.join(lang === 'fr' ? ' ; ' : '; '))})`
    : typeof final.value === 'number'
      ? ` (${xm.noUnit})`
      : '';
  return {
    objective: cited(msg.objectiveCompute(named(final.variable.description, final.variable.symbol), givens), [eqSentence, final.variable.source]),
    steps,
    theorems,
    formulas,
    calculations: plan.steps.map((st) => ({ expression: st.expression, result: st.result, citations: citeAll([st.equation.sentence]) })),
    final_answer: cited(msg.finalValue(final.variable.symbol, midSentence(final.variable.description), `${final.result}${also}`).replace(/\.\.$/u, '.'), [
      eqSentence,
      ...plan.steps.map((st) => st.worked?.sentence),
    ]),
  };
}

/** The solution as answer blocks, for readers that show blocks only. */
function planBlocks(ctx: Context, plan: ExercisePlan, stepsOnly = false): AnswerBlock[] {
  const sol = solution(ctx, plan);
  const blocks: AnswerBlock[] = [];
  if (!stepsOnly) blocks.push({ kind: 'paragraph', ...sol.objective });
  sol.steps.forEach((st, i) => blocks.push({ kind: 'step', text: labelled(ctx.ui, ctx.msg.step(i + 1), st.text), citations: st.citations }));
  if (!stepsOnly) for (const f of sol.formulas) blocks.push({ kind: 'formula', text: labelled(ctx.ui, ctx.msg.formula, f.text), citations: f.citations });
  blocks.push({ kind: 'paragraph', ...sol.final_answer });
  return blocks;
}

/** The formulas of the section the answer comes from, each with the sentence naming its symbols. */
function sectionFormulas(ctx: Context): CitedText[] {
  const best = ctx.ranked.find((r) => r.own > 0);
  if (!best) return [];
  return ctx.analysis.sentences
    .filter((s) => s.formula && !s.exercise && s.page.file_id === best.s.page.file_id && s.section === best.s.section)
    .slice(0, ctx.detail.extras)
    .map((s) => {
      const names = symbolsSentence(ctx, s);
      return cited(names ? `${s.text} ${names.text}` : s.text, [s, names]);
    });
}

/** `exercise`: a computed solution from the course's formula, else the course's method, never a guessed number. */
function exerciseAnswer(ctx: Context): Answer {
  // A question giving relations between the course's symbols: the course's worked example redone with them.
  const replayed = replayExercise(ctx.req.question, ctx.lang, ctx.analysis);
  if (replayed) {
    const sol = replaySolution(replayed, ctx.ui);
    return found(
      ctx,
      [
        { kind: 'paragraph', ...sol.objective },
        ...sol.steps.map((st, i) => ({ kind: 'step' as const, text: labelled(ctx.ui, ctx.msg.step(i + 1), st.text), citations: st.citations })),
        ...sol.formulas.map((f) => ({ kind: 'formula' as const, text: labelled(ctx.ui, ctx.msg.formula, f.text), citations: f.citations })),
        { kind: 'paragraph', ...sol.final_answer },
      ],
      sol,
    );
  }
  const { plan, missing } = planExercise(ctx.req.question, ctx.lang, ctx.analysis, ctx.relevance);
  if (plan) return found(ctx, planBlocks(ctx, plan), solution(ctx, plan));
  if (!ctx.found && !missing) return notFound(ctx);
  const method = ctx.found ? methodSentences(ctx) : [];
  const steps: CitedText[] = method.map((s) => cited(stripEnumerator(s.text), [s]));
  const formulas: CitedText[] = missing ? [cited(missing.equation.written, [missing.equation.sentence])] : sectionFormulas(ctx);
  const anchor = missing?.equation.sentence ?? method[0];
  if (!anchor) return notFound(ctx);
  if (!steps.length) steps.push(cited(ctx.msg.relation(missing ? missing.equation.written : anchor.text), [anchor]));
  const finalText = missing
    ? ctx.msg.missingData(joinList(ctx.ui, missing.missing.map((v) => named(v.description, v.symbol))))
    : parseQuantities(ctx.req.question, ctx.lang).length
      ? ctx.msg.noFormula
      : ctx.msg.noData;
  const exercise: ExerciseSolution = {
    objective: cited(ctx.msg.objectiveMethod(normalizeSpace(ctx.req.question)), [anchor]),
    steps,
    theorems: ctx.ranked.filter((r) => (r.defines || r.s.law) && r.own > 0 && !r.s.method).slice(0, 2).map((r) => cited(r.s.text, [r.s])),
    formulas,
    calculations: [],
    final_answer: cited(labelled(ctx.ui, ctx.msg.finalAnswer, finalText), [anchor]),
  };
  const blocks: AnswerBlock[] = [
    { kind: 'paragraph', ...exercise.objective },
    ...exercise.steps.map((st, i) => ({ kind: 'step' as const, text: labelled(ctx.ui, ctx.msg.step(i + 1), st.text), citations: st.citations })),
    ...formulas.map((f) => ({ kind: 'formula' as const, text: labelled(ctx.ui, ctx.msg.formula, f.text), citations: f.citations })),
    { kind: 'paragraph', ...exercise.final_answer },
  ];
  return found(ctx, blocks, exercise);
}
