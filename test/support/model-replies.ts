// Replies a model could give, built from the request itself, for the Converse fake's `otherwise`:
// whatever tool the engine forces (an answer, a sheet, a quiz question or a batch of them, a grading, a deck, a coach
// reply, a podcast script), the reply is that tool's input made of whole sentences of the numbered
// passages the request carries, each cited with its file, page and the sentence as quote. So the
// real handlers run their whole path (grounding, checks, storage) as they would with a model, and
// what a request sends and receives can be counted. Sizes follow what the prompts ask for (blocks
// per mode, lines of a sheet, cards of a deck, words of an episode).
import type { FakeReply, RecordedCall } from './converse-fake.js';
import { systemText } from './converse-fake.js';

interface Passage {
  file_id: string;
  file_name: string;
  page: number;
  sentences: string[];
}

const PASSAGE = /\[(\d+)\] \[file_id: ([^,]+), file_name: ("(?:[^"\\]|\\.)*"), page: (\d+)\]\n<<<\n([\s\S]*?)\n>>>/g;

/** The passages of a request's last message, each cut into sentences of at least six words. */
export function passagesOf(call: RecordedCall): Passage[] {
  const text = call.body.messages.at(-1)!.content.map((c) => c.text ?? '').join('\n');
  return [...text.matchAll(PASSAGE)].map((m) => ({
    file_id: m[2],
    file_name: JSON.parse(m[3]) as string,
    page: Number(m[4]),
    sentences: m[5]
      .replace(/\s+/g, ' ')
      .split(/(?<=[.!?])\s+/)
      .map((s) => s.trim())
      .filter((s) => s.split(' ').length >= 6 && !s.endsWith('…') && s.length <= 600),
  }));
}

/** Every sentence with its passage, passage after passage. */
function sentencesOf(passages: Passage[]): { p: Passage; s: string }[] {
  return passages.flatMap((p) => p.sentences.map((s) => ({ p, s })));
}

const cite = (p: Passage, quote: string) => ({ file_id: p.file_id, file_name: p.file_name, page: p.page, quote: quote.slice(0, 200) });

/** The longest words of a sentence (letters only), longest first. */
function keywords(sentence: string): string[] {
  return [...new Set(sentence.match(/\p{L}{5,}/gu) ?? [])].sort((a, b) => b.length - a.length);
}

const BLOCKS_PER_MODE: Record<string, number> = { concise: 2, course: 4, detailed: 8, step_by_step: 6, exercise: 4 };

export interface ReplyState {
  /** Sentences used so far, so that none is used twice while others are left. */
  used: Set<string>;
  /** Cards written so far: each front names its number, so no deck repeats another's. */
  cards: number;
}

export function newReplyState(): ReplyState {
  return { used: new Set(), cards: 0 };
}

/** A quiz question on a fact the request's list of facts asked (and `taken`, the batch's others) does not hold. */
function quizItem(type: 'mcq' | 'open', call: RecordedCall, state: ReplyState, all: { p: Passage; s: string }[], taken: string[]): Record<string, unknown> {
  const fresh = all.filter((x) => !state.used.has(x.s));
  // A fact the session has not asked: a word that the list of facts asked does not hold.
  const message = call.body.messages.at(-1)!.content.map((c) => c.text ?? '').join('\n');
  const at = message.indexOf('Facts already asked');
  const asked = fold(at >= 0 ? message.slice(at) : '');
  const candidates = [...fresh, ...all];
  const choice = candidates.flatMap((y) => keywords(y.s).map((w) => ({ y, w }))).find(({ w }) => !asked.includes(fold(w)) && !taken.includes(fold(w)));
  const x = choice?.y ?? candidates[0];
  state.used.add(x.s);
  const words = keywords(x.s);
  const right = choice?.w ?? words[0] ?? x.s.split(' ')[0];
  taken.push(fold(right));
  // The course's word and a name of its own, so that no two facts read as the same one.
  const fact = `${right} ${factName(state.used.size)}`;
  if (type === 'open') {
    return {
      fact_key: fact,
      kind: 'definition',
      question: `Que dit le cours à propos de « ${right} » ?`,
      rubric: { key_points: words.slice(0, 3).map((w) => `mentionne ${w}`), model_answer: x.s },
      explanation: x.s,
      citations: [cite(x.p, x.s)],
    };
  }
  // Wrong options: other words of the passages, none sharing its first five letters with another.
  const stem = (w: string) => w.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').slice(0, 5);
  const stems = new Set([stem(right)]);
  const others: string[] = [];
  for (const w of all.flatMap((y) => keywords(y.s))) {
    if (others.length === 3 || stems.has(stem(w))) continue;
    stems.add(stem(w));
    others.push(w);
  }
  while (others.length < 3) others.push(`option${others.length + 1}`);
  return {
    fact_key: fact,
    kind: 'term',
    question: `Quel mot complète la phrase du cours : « ${x.s.replace(right, '…')} » ?`,
    options: [right, ...others],
    correct_index: 0,
    explanation: x.s,
    citations: [cite(x.p, x.s)],
  };
}

/** A reply for the call, or an error the engine turns into a failure when the request carries no passage. */
export function modelReply(call: RecordedCall, state: ReplyState = newReplyState()): FakeReply {
  const tool = call.body.toolConfig?.toolChoice?.tool?.name ?? '';
  const system = systemText(call.body);
  const passages = passagesOf(call);
  const all = sentencesOf(passages);
  if (all.length === 0) {
    if (tool === 'record_answer') return { tool: { found: false, blocks: [], not_found_message: 'Le cours ne contient pas la réponse à cette question.' } };
    if (tool === 'record_coach_reply') return { tool: { blocks: [{ kind: 'note', text: 'Commence par revoir les pages où tu as fait des erreurs.' }] } };
    return { error: 'ValidationException', status: 400, message: 'No passage to answer from.' };
  }
  const fresh = all.filter((x) => !state.used.has(x.s));
  const pick = (n: number) => {
    const list = (fresh.length >= n ? fresh : all).slice(0, n);
    for (const x of list) state.used.add(x.s);
    return list;
  };
  switch (tool) {
    case 'record_answer': {
      const mode = Object.keys(BLOCKS_PER_MODE).find((m) => system.includes(`Mode — ${modeTitle(m)}`)) ?? 'course';
      const blocks = all.slice(0, BLOCKS_PER_MODE[mode]).map((x, i) => ({ kind: mode === 'step_by_step' && i > 0 ? 'step' : 'paragraph', text: x.s, citations: [cite(x.p, x.s)] }));
      return { tool: { found: true, blocks } };
    }
    case 'record_sheet': {
      const byPage = passages.filter((p) => p.sentences.length > 0).slice(0, 8);
      const sections = byPage.map((p) => ({ heading: keywords(p.sentences[0])[0] ?? `Page ${p.page}`, lines: p.sentences.slice(0, 3).map((s) => ({ text: s, citations: [cite(p, s)] })) }));
      const lines = (n: number, from: number) => all.slice(from, from + n).map((x) => ({ text: x.s, citations: [cite(x.p, x.s)] }));
      return { tool: { title: 'Fiche de révision', sections, definitions: lines(3, 0), formulas: [], key_dates: [], key_points: lines(4, 3) } };
    }
    case 'record_mcq':
    case 'record_open_question':
      return { tool: quizItem(tool === 'record_mcq' ? 'mcq' : 'open', call, state, all, []) };
    case 'record_mcqs':
    case 'record_open_questions': {
      // As many questions as the message asks for, each on a word no other one took.
      const message = call.body.messages.at(-1)!.content.map((c) => c.text ?? '').join('\n');
      const count = Number(/Write (\d+) /.exec(message)?.[1] ?? 1);
      const taken: string[] = [];
      const questions = Array.from({ length: count }, () => quizItem(tool === 'record_mcqs' ? 'mcq' : 'open', call, state, all, taken));
      return { tool: { questions } };
    }
    case 'record_evaluation': {
      const [x] = all;
      return {
        tool: {
          score: 70,
          strengths: ['La réponse reprend la définition du cours.'],
          improvements: ['Précise le lien entre les deux notions, comme le cours le fait.'],
          missing_concepts: [],
          further_study: [{ text: x.s, citations: [cite(x.p, x.s)] }],
        },
      };
    }
    case 'record_flashcards': {
      const count = Number(/Write (\d+) flashcards/.exec(system)?.[1] ?? 20);
      const cards = pick(count).map((x, i) => {
        const term = keywords(x.s)[0] ?? `notion ${i + 1}`;
        state.cards++;
        return { kind: 'qa', front: `Que dit le cours de « ${term} » (page ${x.p.page}, carte ${state.cards}) ?`, back: x.s.slice(0, 400), citations: [cite(x.p, x.s)] };
      });
      return { tool: { cards } };
    }
    case 'record_coach_reply': {
      const blocks = all
        .filter((x) => !/\d/.test(x.s))
        .slice(0, 3)
        .map((x) => ({ kind: 'course', text: x.s, citations: [{ file_id: x.p.file_id, file_name: x.p.file_name, page: x.p.page }] }));
      if (blocks.length === 0) blocks.push({ kind: 'course', text: 'Relis les pages citées de ton cours.', citations: [{ file_id: all[0].p.file_id, file_name: all[0].p.file_name, page: all[0].p.page }] });
      return { tool: { blocks } };
    }
    case 'record_podcast': {
      const target = Number(/about ([\d,]+) words/.exec(system)?.[1]?.replace(/,/g, '') ?? 1_200);
      const segments: { speaker: 0 | 1; text: string; citations: ReturnType<typeof cite>[] }[] = [];
      // The planned length, as a model writes it: the passages' sentences in order, again from the top if the course is short.
      let words = 0;
      for (let i = 0; words < target && i < all.length * 4; i++) {
        const x = all[i % all.length];
        segments.push({ speaker: (segments.length % 2) as 0 | 1, text: x.s, citations: [cite(x.p, x.s)] });
        words += x.s.split(' ').length;
      }
      return { tool: { title: 'Épisode de révision', segments } };
    }
    default:
      return { error: 'ValidationException', status: 400, message: `No reply for tool ${tool}.` };
  }
}

function modeTitle(mode: string): string {
  return { course: 'Course question', concise: 'Concise', detailed: 'Detailed', exercise: 'Exercise solution', step_by_step: 'Step by step' }[mode] ?? mode;
}

const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

/** A made-up word for the n-th fact: `notionaa`, `notionab`… */
function factName(n: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return `notion${letters[Math.floor(n / 26) % 26]}${letters[n % 26]}`;
}
