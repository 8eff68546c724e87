// The built-in engine's podcast script: a two-voice dialogue made of the course's own sentences.
// An opening says what the episode covers (the course's headings); the material follows the
// document's order, each part introduced by a question built from its heading or the term it
// defines and answered with the course's cited sentences (formulas read aloud in words); recap
// questions the listener answers in their head come next, each answered after a pause; a closing
// sums up with the course's key points. The connecting lines are in the course's language; every
// line cites the pages it rests on. The length follows `targetWords` (the chosen duration times
// the voices' measured words per minute): the most informative sentences are kept when the course
// is longer, and the recap goes round the course's facts again when it is shorter.
import { podcastScriptSchema, type CourseLanguage, type PodcastLine, type PodcastScript, type PodcastScriptRequest } from '../types.js';
import { analyzeCourse, keyTermsOf, type SentenceInfo } from './analysis.js';
import { citeAll } from './citations.js';
import { SYMBOL_NAMES } from './retrieval.js';
import { asText } from './sheet.js';

type Style = PodcastScriptRequest['style'];

/** The words a question adds per sentence of material, on average (a question every two or three sentences). */
const QUESTION_WORDS_PER_SENTENCE = 5;

interface Phrases {
  opening: (style: Style, me: string, other: string, title: string, topics: string) => string;
  welcome: (style: Style, me: string) => string;
  askTopic: (heading: string, first: boolean) => string;
  askTerm: (term: string) => string;
  follow: string;
  recapIntro: string;
  recapQuestion: (question: string) => string;
  recapDefinition: (term: string) => string;
  recapDate: (date: string) => string;
  recapFormula: (heading: string) => string;
  recapTopic: (heading: string) => string;
  closing: (points: string) => string;
  farewell: (style: Style) => string;
  and: string;
  formula: Record<string, string>;
}

const FR: Phrases = {
  opening: (style, me, other, title, topics) =>
    style === 'student'
      ? `Salut, c'est ${me}, et je révise ${title} avec ${other}. Au programme : ${topics}.`
      : style === 'expert'
        ? `Bonjour, je suis ${me}, et aujourd'hui je vous explique ${title}, avec ${other} qui me posera ses questions. Au programme : ${topics}.`
        : `Bonjour et bienvenue dans ce podcast Révise consacré à ${title}. Je suis ${me}, et je reçois ${other} pour faire le tour du cours : ${topics}.`,
  welcome: (style, me) =>
    style === 'student' ? `Et moi c'est ${me}. On s'interroge à tour de rôle, c'est parti.` : style === 'expert' ? `Bonjour ! Moi c'est ${me}, je suis prêt à apprendre.` : `Merci de m'accueillir. Je suis ${me}, allons-y dans l'ordre du cours.`,
  askTopic: (heading, first) => (first ? `Commençons par : ${heading}. Que faut-il en retenir ?` : `Passons à la suite : ${heading}. Qu'est-ce que le cours en dit ?`),
  askTerm: (term) => `${capital(term)} : de quoi s'agit-il ?`,
  follow: 'Et ensuite ?',
  recapIntro: "Place aux questions de révision. Essayez d'y répondre dans votre tête avant d'écouter la réponse.",
  recapQuestion: (q) => `${q} … Prenez un instant pour y réfléchir.`,
  recapDefinition: (term) => `Comment le cours définit-il « ${lower(term)} » ?`,
  recapDate: (date) => `Que retient-on de la date ${date} ?`,
  recapFormula: (heading) => `Quelle formule le cours donne-t-il dans la partie ${heading} ?`,
  recapTopic: (heading) => `Que faut-il retenir de la partie ${heading} ?`,
  closing: (points) => `Pour résumer l'essentiel : ${points}`,
  farewell: (style) => (style === 'student' ? 'Bon, on a fait le tour. Bonne révision !' : 'Merci de nous avoir écoutés, et bonne révision avec Révise !'),
  and: 'et',
  formula: { '=': ' égale ', '+': ' plus ', '−': ' moins ', '×': ' fois ', '*': ' fois ', '/': ' divisé par ', '²': ' au carré', '³': ' au cube', '^2': ' au carré', '^3': ' au cube', '√': ' racine de ', '≈': ' environ égal à ', '≤': ' inférieur ou égal à ', '≥': ' supérieur ou égal à ', '<': ' inférieur à ', '>': ' supérieur à ', '→': ' donne ' },
};

const EN: Phrases = {
  opening: (style, me, other, title, topics) =>
    style === 'student'
      ? `Hi, I'm ${me}, and I'm revising ${title} with ${other}. On the list: ${topics}.`
      : style === 'expert'
        ? `Hello, I'm ${me}, and today I'll walk you through ${title}, with ${other} asking the questions. On the list: ${topics}.`
        : `Hello and welcome to this Révise podcast on ${title}. I'm ${me}, and with me is ${other} to go through the course: ${topics}.`,
  welcome: (style, me) =>
    style === 'student' ? `And I'm ${me}. We take turns asking, let's go.` : style === 'expert' ? `Hello! I'm ${me}, ready to learn.` : `Thanks for having me. I'm ${me}; let's follow the course in order.`,
  askTopic: (heading, first) => (first ? `Let's start with: ${heading}. What should we remember?` : `Next up: ${heading}. What does the course say?`),
  askTerm: (term) => `${capital(term)}: what is it?`,
  follow: 'And then?',
  recapIntro: 'Time for some revision questions. Try to answer each one in your head before you hear the answer.',
  recapQuestion: (q) => `${q} … Take a moment to think about it.`,
  recapDefinition: (term) => `How does the course define "${lower(term)}"?`,
  recapDate: (date) => `What happened in ${date}?`,
  recapFormula: (heading) => `Which formula does the course give in the part on ${heading}?`,
  recapTopic: (heading) => `What should you remember about ${heading}?`,
  closing: (points) => `To sum up the essentials: ${points}`,
  farewell: (style) => (style === 'student' ? "Right, that's the whole course. Good luck with your revision!" : 'Thanks for listening, and happy revising with Révise!'),
  and: 'and',
  formula: { '=': ' equals ', '+': ' plus ', '−': ' minus ', '×': ' times ', '*': ' times ', '/': ' divided by ', '²': ' squared', '³': ' cubed', '^2': ' squared', '^3': ' cubed', '√': ' the square root of ', '≈': ' approximately equals ', '≤': ' is at most ', '≥': ' is at least ', '<': ' is less than ', '>': ' is greater than ', '→': ' gives ' },
};

/** First letter in capitals / in lower case (unless the word is an acronym). */
const capital = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);
const lower = (t: string): string => (/^\p{Lu}\p{Ll}/u.test(t) ? t.charAt(0).toLowerCase() + t.slice(1) : t);
/** A name or heading written in capitals reads in sentence case ("PHYSIQUE" → "Physique"). */
const display = (t: string): string => (t === t.toUpperCase() && /\p{L}{3}/u.test(t) ? t.charAt(0) + t.slice(1).toLowerCase() : t);

const phrasesOf = (lang: CourseLanguage): Phrases => (lang === 'fr' ? FR : EN);

/** A formula as it is said: its symbols as words ("E = m × c²" → "E égale m fois c au carré"). */
export function spokenFormula(text: string, lang: CourseLanguage): string {
  const words = phrasesOf(lang).formula;
  let out = asText(text);
  for (const [symbol, word] of Object.entries(words).sort((a, b) => b[0].length - a[0].length)) out = out.split(symbol).join(word);
  return out.replace(/\s+/g, ' ').replace(/\s+([.,;:!?])/g, '$1').trim();
}

/** A sentence as a voice says it: formulas in words, chemistry and units as text, one line. */
function spoken(s: SentenceInfo): string {
  const text = s.formula ? spokenFormula(s.text, s.page.language) : asText(s.text);
  const clean = text.replace(/^[-•▪◦*–]\s*/u, '').replace(/\s+/g, ' ').trim();
  return /[.!?…:]$/.test(clean) ? clean : `${clean}.`;
}

const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;

function list(items: string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

/** A part's number: arabic ("2", "1.3") or roman in capitals ("IV"), a whole token ("Le" is no "L"). */
const NUMBERING = /^(?:\d+(?:\.\d+)*|[IVXLC]+)(?![\p{L}\d])\s*[:.)–—-]?\s*/u;
const PART_WORD = /^(?:chapitre|chapter|partie|part|section|leçon|lesson)\s+/iu;

/** A heading without its numbering ("Chapitre 2 : la respiration" → "la respiration"). */
export function topicOf(heading: string): string {
  const word = PART_WORD.exec(heading)?.[0] ?? '';
  const numbered = heading.slice(word.length);
  const t = (NUMBERING.test(numbered) ? numbered.replace(NUMBERING, '') : heading).trim();
  return display((t || heading).replace(/[.:]$/, ''));
}

interface Part {
  heading: SentenceInfo | null;
  sentences: SentenceInfo[];
}

/** The course's parts in the document's order: each heading with the sentences under it. */
function partsOf(sentences: SentenceInfo[]): Part[] {
  const parts: Part[] = [];
  let current: Part | null = null;
  for (const s of sentences) {
    if (s.role === 'heading') {
      current = { heading: s, sentences: [] };
      parts.push(current);
      continue;
    }
    if (!current) {
      current = { heading: null, sentences: [] };
      parts.push(current);
    }
    current.sentences.push(s);
  }
  return parts.filter((p) => p.sentences.length > 0);
}

/** The dialogue for a subject or one of its files, validated against the shared schema. */
export function buildPodcastScript(req: PodcastScriptRequest): PodcastScript {
  const { course, fileId, style } = req;
  const lang = course.language;
  const say = phrasesOf(lang);
  const [first, second] = req.speakers;
  const analysis = analyzeCourse(course.pages);
  const sentences = analysis.sentences.filter(
    (s) => (!fileId || s.page.file_id === fileId) && !s.exercise && s.role !== 'row' && (s.role === 'heading' || (s.wordCount >= 4 && !SYMBOL_NAMES.test(s.text))),
  );
  const parts = partsOf(sentences);
  const body = parts.flatMap((p) => p.sentences);
  if (body.length === 0) throw new Error('The course has no sentence to make a podcast of');
  const fileName = fileId ? course.pages.find((p) => p.file_id === fileId)?.file_name : undefined;
  const title = display((fileName ?? course.subjectName).replace(/\.pdf$/i, '').trim());

  // Who asks and who explains: the host asks the expert; the expert explains to the learner (who
  // asks); two students take turns.
  const asker = (n: number): 0 | 1 => (style === 'student' ? ((n % 2) as 0 | 1) : style === 'expert' ? 1 : 0);
  const other = (who: 0 | 1): 0 | 1 => (who === 0 ? 1 : 0);

  // Sentence weight: the key terms it carries, per its length (as the revision sheet weighs them).
  const top = keyTermsOf(analysis).slice(0, 40);
  const max = top[0]?.score ?? 1;
  const weights = new Map(top.map((k) => [k.key, k.score / max]));
  const score = (s: SentenceInfo) => {
    let sum = 0;
    for (const k of new Set([...s.phraseKeys, ...s.stems])) sum += weights.get(k) ?? 0;
    return (sum + (s.definition ? 0.6 : 0) + (s.formula ? 0.4 : 0) + (s.date ? 0.3 : 0) + (s.example ? 0.2 : 0)) / (1 + Math.log(1 + s.wordCount / 15));
  };

  const segments: PodcastLine[] = [];
  const push = (speaker: 0 | 1, text: string, cited: SentenceInfo[]) => {
    if (cited.length === 0) return;
    segments.push({ speaker, text: text.slice(0, 1_500), citations: citeAll(cited) });
  };
  const headings = parts.map((p) => p.heading).filter((h): h is SentenceInfo => h !== null);
  const topics = list((headings.length ? headings.map((h) => topicOf(h.text)) : [title]).slice(0, 5), say.and);
  const openingCites = headings.length ? headings.slice(0, 5) : [body[0]];
  push(0, say.opening(style, first, second, title, topics), openingCites);
  push(1, say.welcome(style, second), [openingCites[0]]);

  // The material takes about 60 % of the words (its questions included), the recap and closing the rest.
  const budget = Math.max(60, req.targetWords);
  const used = () => segments.reduce((n, s) => n + words(s.text), 0);
  const materialWords = budget * 0.6 - used();
  const cost = (s: SentenceInfo) => s.wordCount + QUESTION_WORDS_PER_SENTENCE;
  // Keep the most informative sentences that fit, then say them in the document's order.
  const keep = new Set<SentenceInfo>();
  let taken = 0;
  for (const s of [...body].sort((a, b) => score(b) - score(a) || a.index - b.index)) {
    if (keep.size > 0 && taken + cost(s) > materialWords) continue;
    keep.add(s);
    taken += cost(s);
  }
  let turn = 0;
  parts.forEach((p, i) => {
    const kept = p.sentences.filter((s) => keep.has(s));
    if (kept.length === 0) return;
    // Answers of at most three sentences; a defined term gets its own question.
    for (let at = 0; at < kept.length; ) {
      const chunk: SentenceInfo[] = [kept[at]];
      at++;
      while (at < kept.length && chunk.length < 3 && !kept[at].definition) chunk.push(kept[at++]);
      const q = asker(turn++);
      const lead = chunk[0];
      const question =
        lead.definition && lead.definition.term.split(/\s+/).length <= 6
          ? say.askTerm(lead.definition.term)
          : at - chunk.length === 0 && p.heading
            ? say.askTopic(topicOf(p.heading.text), i === 0)
            : say.follow;
      push(q, question, p.heading && question !== say.follow ? [p.heading, lead] : [lead]);
      push(other(q), chunk.map(spoken).join(' '), chunk);
    }
  });

  // Recap questions: definitions, dates, formulas, then each part; round again while time is left.
  const facts: { question: string; answer: SentenceInfo }[] = [];
  for (const s of body.filter((x) => x.definition && x.definition.term.split(/\s+/).length <= 6)) facts.push({ question: say.recapDefinition(s.definition!.term), answer: s });
  for (const s of body.filter((x) => x.date && !x.definition)) facts.push({ question: say.recapDate(s.date!.text), answer: s });
  const partOf = new Map<SentenceInfo, Part>();
  for (const p of parts) for (const s of p.sentences) partOf.set(s, p);
  for (const s of body.filter((x) => x.formula)) {
    const h = partOf.get(s)?.heading;
    if (h) facts.push({ question: say.recapFormula(topicOf(h.text)), answer: s });
  }
  for (const p of parts) {
    if (!p.heading) continue;
    const bestOf = [...p.sentences].sort((a, b) => score(b) - score(a))[0];
    if (!facts.some((f) => f.answer === bestOf)) facts.push({ question: say.recapTopic(topicOf(p.heading.text)), answer: bestOf });
  }
  const closingWords = 60;
  const minRecap = Math.min(facts.length, 2);
  push(0, say.recapIntro, [facts[0]?.answer ?? body[0]]);
  for (let round = 0, asked = 0; round < 3 && facts.length > 0; round++) {
    for (const f of facts) {
      if (asked >= minRecap && used() + words(f.question) + f.answer.wordCount + closingWords > budget) break;
      const q = asker(turn++);
      push(q, say.recapQuestion(f.question), [f.answer]);
      push(other(q), spoken(f.answer), [f.answer]);
      asked++;
    }
    if (used() + closingWords >= budget) break;
  }

  // The closing: the key points (the best sentences, in the document's order), then goodbye.
  const points = [...body]
    .filter((s) => !s.formula)
    .sort((a, b) => score(b) - score(a))
    .slice(0, 2)
    .sort((a, b) => a.index - b.index);
  push(1, say.closing(points.map(spoken).join(' ')), points.length ? points : [body[0]]);
  push(0, say.farewell(style), [openingCites[0]]);

  return podcastScriptSchema.parse({ title, language: lang, segments });
}
