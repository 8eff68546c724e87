// The built-in engine's podcast script: a two-voice dialogue made of the course's own sentences.
// The opening names the subject and the course (its title heading) and lists the episode's parts,
// which are the course's main parts as its outline gives them (the level under the title, as the
// revision sheet has them); the material follows the document's order, each part introduced by a
// question naming its heading (a subsection by its own heading, a defined term by the term) and
// answered with the course's cited sentences. Every spoken line is made of whole sentences: a
// label, a table row, a "Key points" box, an exercise, a sentence cut at a page break or an
// abbreviation is never said, and neither is a list item or a sentence ending on a colon on its
// own (list items that are not sentences, and formulas read aloud in words, are said together
// with the line introducing them); running headers and footers are not part of the course's text.
// Nothing is said twice. Recap questions the listener answers in their head come next, each fact
// asked once, then a closing naming the parts again.
// The connecting lines are in the course's language; every line cites the pages it rests on.
// The length follows `targetWords` (the chosen duration times the voices' measured words per
// minute): the most informative sentences are kept when the course is longer (each part keeps its
// best one); when the course holds too little for the chosen length, the episode is shorter and
// says so (`short_course`), never padded by saying the same thing again.
import { podcastScriptSchema, type CourseLanguage, type PodcastLine, type PodcastScript } from '../../core/artefacts.js';
import { type PodcastScriptRequest } from '../types.js';
import { isLabelTerm } from '../document/build.js';
import { analyzeCourse, keyTermsOf, type SentenceInfo } from './analysis.js';
import { citeAll } from './citations.js';
import { SYMBOL_NAMES } from './retrieval.js';
import { asText } from './sheet.js';

type Style = PodcastScriptRequest['style'];

/** The words a question adds per unit of material, on average (a question every two or three units). */
const QUESTION_WORDS_PER_UNIT = 5;
/** Share of the words budget kept for the recap questions (the material takes the rest). */
const RECAP_SHARE = 0.2;
/** Recap questions at most, whatever the length. */
const RECAP_MAX = 8;
/** An episode under this share of the words asked for, with the whole course said, is flagged shorter. */
const SHORT_SHARE = 0.8;
/** Parts the opening names at most. */
const OPENING_TOPICS_MAX = 8;
/** A unit longer than this is left out: a line holds at most 1,500 characters, and none is cut. */
const UNIT_CHARS_MAX = 1_200;
/** Units of material an answer holds at most, and its words at most (beyond the first unit). */
const ANSWER_UNITS_MAX = 3;
const ANSWER_WORDS_MAX = 90;

interface Phrases {
  opening: (style: Style, me: string, other: string, subject: string, course: string | null, topics: string) => string;
  welcome: (style: Style, me: string) => string;
  askPart: (heading: string, first: boolean) => string;
  askSub: (heading: string) => string;
  askCourse: string;
  moreParts: (n: number) => string;
  askTerm: (term: string) => string;
  follow: ((topic: string) => string)[];
  formulaLead: string;
  listLead: string;
  example: string;
  recapIntro: string;
  recapQuestion: (question: string) => string;
  recapAnswer: string;
  recapDefinition: (term: string) => string;
  recapDate: (date: string) => string;
  recapFormula: (heading: string) => string;
  recapTopic: (heading: string) => string;
  closing: (style: Style, topics: string) => string;
  farewell: (style: Style) => string;
  and: string;
  formula: Record<string, string>;
}

const FR: Phrases = {
  opening: (style, me, other, subject, course, topics) => {
    const programme = topics ? ` Au programme : ${topics}.` : '';
    if (style === 'student') return `Salut, c'est ${me}, et je révise ${course ? `le cours « ${course} » ` : ''}en ${subject} avec ${other}.${programme}`;
    if (style === 'expert') return `Bonjour, je suis ${me}, et aujourd'hui en ${subject}, je vous explique ${course ? `le cours « ${course} »` : 'le cours'}, avec ${other} qui me posera ses questions.${programme}`;
    return `Bonjour et bienvenue dans ce podcast Révise, aujourd'hui en ${subject}${course ? `, avec le cours « ${course} »` : ''}. Je suis ${me}, et je reçois ${other} pour en faire le tour.${programme}`;
  },
  welcome: (style, me) =>
    style === 'student' ? `Et moi c'est ${me}. On s'interroge à tour de rôle, c'est parti.` : style === 'expert' ? `Bonjour ! Moi c'est ${me}, je suis prêt à apprendre.` : `Merci de m'accueillir. Je suis ${me}, allons-y dans l'ordre du cours.`,
  askPart: (heading, first) => (first ? `Commençons par la première partie, « ${heading} ». Que faut-il en retenir ?` : `Passons à la partie « ${heading} ». Qu'est-ce que le cours en dit ?`),
  askSub: (heading) => `Et sur « ${heading} », que dit le cours ?`,
  askCourse: 'De quoi parle le cours, pour commencer ?',
  moreParts: (n) => (n === 1 ? 'une autre partie' : `${n} autres parties`),
  askTerm: (term) => `${capital(term)} : de quoi s'agit-il ?`,
  follow: [(t) => `Et ensuite, sur « ${t} » ?`, (t) => `Que dit encore le cours sur « ${t} » ?`, (t) => `Autre chose à retenir sur « ${t} » ?`, (t) => `Et pour finir sur « ${t} » ?`],
  formulaLead: 'Le cours écrit :',
  listLead: 'Le cours énumère :',
  example: 'Par exemple,',
  recapIntro: "Place aux questions de révision. Essayez d'y répondre dans votre tête avant d'écouter la réponse.",
  recapQuestion: (q) => `${q} … Prenez un instant pour y réfléchir.`,
  recapAnswer: 'Voici la réponse.',
  recapDefinition: (term) => `Comment le cours définit-il « ${lower(term)} » ?`,
  recapDate: (date) => `Que retient-on de la date ${date} ?`,
  recapFormula: (heading) => `Quelle formule le cours donne-t-il dans la partie « ${heading} » ?`,
  recapTopic: (heading) => `Que faut-il retenir de la partie « ${heading} » ?`,
  closing: (style, topics) => (style === 'student' ? `Bon, on a vu ${topics}.` : `Pour résumer, nous avons vu ${topics}.`),
  farewell: (style) => (style === 'student' ? 'On a fait le tour. Bonne révision !' : 'Merci de nous avoir écoutés, et bonne révision avec Révise !'),
  and: 'et',
  formula: { '=': ' égale ', '+': ' plus ', '−': ' moins ', '×': ' fois ', '*': ' fois ', '/': ' divisé par ', '²': ' au carré', '³': ' au cube', '^2': ' au carré', '^3': ' au cube', '√': ' racine de ', '≈': ' environ égal à ', '≤': ' inférieur ou égal à ', '≥': ' supérieur ou égal à ', '<': ' inférieur à ', '>': ' supérieur à ', '→': ' donne ' },
};

const EN: Phrases = {
  opening: (style, me, other, subject, course, topics) => {
    const list = topics ? ` On the list: ${topics}.` : '';
    if (style === 'student') return `Hi, I'm ${me}, and I'm revising ${course ? `the course "${course}" in ` : ''}${subject} with ${other}.${list}`;
    if (style === 'expert') return `Hello, I'm ${me}, and today in ${subject} I'll walk you through ${course ? `the course "${course}"` : 'the course'}, with ${other} asking the questions.${list}`;
    return `Hello and welcome to this Révise podcast on ${subject}${course ? `, with the course "${course}"` : ''}. I'm ${me}, and with me is ${other} to go through it.${list}`;
  },
  welcome: (style, me) =>
    style === 'student' ? `And I'm ${me}. We take turns asking, let's go.` : style === 'expert' ? `Hello! I'm ${me}, ready to learn.` : `Thanks for having me. I'm ${me}; let's follow the course in order.`,
  askPart: (heading, first) => (first ? `Let's start with the first part, "${heading}". What should we remember?` : `Next, the part "${heading}". What does the course say?`),
  askSub: (heading) => `And what does the course say about "${heading}"?`,
  askCourse: 'To begin with, what is the course about?',
  moreParts: (n) => (n === 1 ? 'one more part' : `${n} more parts`),
  askTerm: (term) => `${capital(term)}: what is it?`,
  follow: [(t) => `And then, on "${t}"?`, (t) => `What else does the course say about "${t}"?`, (t) => `Anything else to remember about "${t}"?`, (t) => `And to finish with "${t}"?`],
  formulaLead: 'The course writes:',
  listLead: 'The course lists:',
  example: 'For example,',
  recapIntro: 'Time for some revision questions. Try to answer each one in your head before you hear the answer.',
  recapQuestion: (q) => `${q} … Take a moment to think about it.`,
  recapAnswer: 'Here is the answer.',
  recapDefinition: (term) => `How does the course define "${lower(term)}"?`,
  recapDate: (date) => `What happened in ${date}?`,
  recapFormula: (heading) => `Which formula does the course give in the part "${heading}"?`,
  recapTopic: (heading) => `What should you remember about "${heading}"?`,
  closing: (style, topics) => (style === 'student' ? `Right, we went through ${topics}.` : `To sum up, we covered ${topics}.`),
  farewell: (style) => (style === 'student' ? "That's the whole course. Good luck with your revision!" : 'Thanks for listening, and happy revising with Révise!'),
  and: 'and',
  formula: { '=': ' equals ', '+': ' plus ', '−': ' minus ', '×': ' times ', '*': ' times ', '/': ' divided by ', '²': ' squared', '³': ' cubed', '^2': ' squared', '^3': ' cubed', '√': ' the square root of ', '≈': ' approximately equals ', '≤': ' is at most ', '≥': ' is at least ', '<': ' is less than ', '>': ' is greater than ', '→': ' gives ' },
};

/** First letter in capitals / in lower case (unless the word is an acronym). */
const capital = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);
const lower = (t: string): string => (/^\p{Lu}(?:\p{Ll}|\s|['’])/u.test(t) ? t.charAt(0).toLowerCase() + t.slice(1) : t);
/** A name or heading written in capitals reads in sentence case ("PHYSIQUE" → "Physique"); an acronym ("SVT") stays. */
const display = (t: string): string => (t === t.toUpperCase() && /\p{L}{4}/u.test(t) ? t.charAt(0) + t.slice(1).toLowerCase() : t);

const phrasesOf = (lang: CourseLanguage): Phrases => (lang === 'fr' ? FR : EN);

/** A formula as it is said: its symbols as words ("E = m × c²" → "E égale m fois c au carré"). */
export function spokenFormula(text: string, lang: CourseLanguage): string {
  const words = phrasesOf(lang).formula;
  let out = asText(text);
  for (const [symbol, word] of Object.entries(words).sort((a, b) => b[0].length - a[0].length)) out = out.split(symbol).join(word);
  return out.replace(/\s+/g, ' ').replace(/\s+([.,;:!?])/g, '$1').trim();
}

/** A whole sentence as written: opens on a capital or a number, closes on its final punctuation. */
const WHOLE_START = /^[«"“(]?\s*[\p{Lu}\d]/u;
const WHOLE_END = /[.!?…][»"”)]?$/u;
/** A sentence the splitter cut after an abbreviation ("… est nul (art.") ends on it. */
const ABBREVIATION_END = /(?:^|[\s(])(?:art|arts|al|cf|ex|fig|p|pp|vol|éd|ed|n°|no|M|Mme|Dr|St|vs|env|resp)\.$/u;
const count = (text: string, re: RegExp): number => text.match(re)?.length ?? 0;
/** Brackets and guillemets closed where they open: a sentence cut inside them is not whole. */
const balanced = (text: string): boolean => count(text, /\(/g) === count(text, /\)/g) && count(text, /\[/g) === count(text, /\]/g) && count(text, /«/g) === count(text, /»/g);
export const isWholeSentence = (text: string): boolean => WHOLE_START.test(text) && WHOLE_END.test(text) && !ABBREVIATION_END.test(text) && balanced(text);

/** A label opening a sentence ("Remarque : …", "Key point: …"): said without it. */
const LABEL_LEAD = /^(?:remarques?|notes?|attention|à retenir|a retenir|key points?|remember|définition|definition|rappel|reminder|important|problématique|problem statement)\s*[:.–—-]\s+/iu;
const EXAMPLE_LEAD = /^(?:exemples?|examples?|e\.g\.)\s*[:.–—-]\s*/iu;

/** A sentence as a voice says it: formulas in words, chemistry and units as text, its label turned to speech. */
function spoken(s: SentenceInfo, say: Phrases): string {
  let text = (s.formula ? spokenFormula(s.text, s.page.language) : asText(s.text)).replace(/^[-•▪◦*–]\s*/u, '').replace(/\s+/g, ' ').trim();
  // A list item's number as printed ("1.", "2)") is layout, not speech.
  if (s.role === 'item') text = text.replace(/^(?:\d{1,2}|[a-h])[.)]\s+(?=\p{Lu})/u, '');
  if (EXAMPLE_LEAD.test(text)) text = `${say.example} ${lower(text.replace(EXAMPLE_LEAD, ''))}`;
  else if (LABEL_LEAD.test(text)) text = capital(text.replace(LABEL_LEAD, ''));
  return text;
}

const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;
const fold = (text: string): string => text.toLowerCase().normalize('NFD').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

function list(items: string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

/** A part's number: arabic ("2", "1.3") or roman in capitals ("IV"), a whole token ("Le" is no "L"). */
const NUMBERING = /^(?:\d+(?:\.\d+)*|[IVXLC]+)(?![\p{L}\d])\s*[:.)–—-]?\s*/u;
const PART_WORD = /^(?:chapitre|chapter|partie|part|section|leçon|lesson|unit|unité|topic|thème|theme|module)\s+/iu;

/** A heading without its numbering ("Chapitre 2 : la respiration" → "la respiration"). */
export function topicOf(heading: string): string {
  const word = PART_WORD.exec(heading)?.[0] ?? '';
  const numbered = heading.slice(word.length);
  const t = (NUMBERING.test(numbered) ? numbered.replace(NUMBERING, '') : heading).trim();
  return display((t || heading).replace(/\s*[.:?]$/, ''));
}

/** What an answer is made of: one or more of the course's sentences said as whole sentences. */
interface Unit {
  sentences: SentenceInfo[];
  text: string;
  words: number;
  /** The subsection heading it falls under, inside its part. */
  sub: SentenceInfo | null;
  /** Its first sentence defines a term that a question may name. */
  term: string | null;
  formula: boolean;
  index: number;
}

interface Part {
  heading: SentenceInfo | null;
  units: Unit[];
}

/** A subsection heading that only says what kind of block follows: no name for what the course says. */
const STRUCTURAL_HEADING = /^(?:statement|énoncé|question|questions|answer|réponse|données|data)\s*:?$/iu;

/** A "term" that is a pronoun or a possessive ("Its graph", "Cette valeur") names nothing a listener can place. */
const PRONOUN_LEAD = /^(?:it|its|this|these|that|those|they|their|il|elle|ils|elles|son|sa|ses|ce|cet|cette|ces|leur|leurs|celui|celle)(?![\p{L}\p{N}])/iu;

/** A "term" ending on an adverb was cut from its verb ("Zero economic profit still [means]"). */
const ADVERB_END = /(?:^|\s)(?:still|also|then|thus|therefore|only|often|always|aussi|donc|alors|ainsi|toujours|encore|souvent|seulement)$/iu;

/** A defined term a question may name: short, and not a label before a colon ("Erreur fréquente : …"). */
function termOf(s: SentenceInfo): string | null {
  const term = s.definition?.term.trim();
  if (!term || term.split(/\s+/).length > 6 || PRONOUN_LEAD.test(term) || ADVERB_END.test(term)) return null;
  if (s.text.slice(0, term.length + 3).replace(term, '').trimStart().startsWith(':')) return null;
  return term;
}

/**
 * A line that is a formula rather than prose: the document model's formula block, or (on pages
 * read line by line) a short line the analysis takes for one. Prose holding a formula is a sentence.
 */
const isFormulaLine = (s: SentenceInfo): boolean => s.role === 'formula' || (!s.page.spans && s.formula && s.role !== 'heading' && s.wordCount <= FORMULA_LINE_WORDS);
const FORMULA_LINE_WORDS = 12;

/** A subsection that is an exercise ("3.3 Exercice résolu", "Worked exercise"): practice, not course to listen to. */
const EXERCISE_HEADING = /^(?:exercices?|exercises?|worked exercises?|problèmes?|problems?|entraînement|practice)(?![\p{L}\p{N}])/iu;

/** An exercise's statement opening a sentence ("Énoncé : …"): data for practice, not course to listen to. */
const EXERCISE_LEAD = /^(?:énoncé|enonce|exercices?|exercises?|statement|problème|problem)\s*\d*\s*[:.–—-]\s/iu;

/** List items said together at most, as one sentence. */
const LIST_ITEMS_MAX = 6;
/** Words a list item said inside a sentence holds at most (a longer one that is no sentence is left out). */
const LIST_ITEM_WORDS = 25;
/** Words an item cannot end on: it was cut ("… la vitesse de"). */
const DANGLING_END = /(?:^|\s)(?:le|la|les|l['’]|un|une|des|du|de|d['’]|et|ou|à|au|aux|en|par|pour|sur|dans|avec|qui|que|qu['’]|dont|the|a|an|of|and|or|to|in|on|by|for|with|which|that|whose)$/iu;

/** A list item that is not a sentence but can be said as part of one (a short, complete phrase). */
function isListFragment(s: SentenceInfo, say: Phrases): boolean {
  if (s.role !== 'item' || s.exercise || inKeyPoints(s) || EXERCISE_LEAD.test(s.text)) return false;
  const text = spoken(s, say);
  const bare = text.replace(/[\s.;,]+$/u, '');
  return !isWholeSentence(text) && s.wordCount >= 1 && s.wordCount <= LIST_ITEM_WORDS && !/:$/u.test(bare) && !DANGLING_END.test(bare) && balanced(bare) && !ABBREVIATION_END.test(text);
}

/** A line of a "Key points" box: the course's own telegraphic summary of what was said, not said again. */
function inKeyPoints(s: SentenceInfo): boolean {
  const span = s.page.spans?.find((sp) => sp.start <= s.start && s.start < sp.end);
  return span?.kind === 'box' && span.label === 'key_points';
}

/**
 * The file's title and the level of its main parts, as the revision sheet reads its outline: the
 * top-level headings that open the file before any deeper one are its title, when the top level
 * has no other heading; the parts are the level under it (else the top level).
 */
function outlineOf(headings: SentenceInfo[]): { title: SentenceInfo[]; level: number } {
  const depths = [...new Set(headings.map((h) => h.depth))].sort((a, b) => a - b);
  const top = depths[0] ?? 1;
  let opening = 0;
  for (const h of headings) {
    if (h.depth !== top) break;
    opening++;
  }
  const titled = depths.length > 1 && opening === headings.filter((h) => h.depth === top).length && opening <= 3;
  return { title: titled ? headings.slice(0, opening) : [], level: titled ? depths[1] : top };
}

/**
 * The course's parts in the document's order, file by file, each with its units of material: whole
 * sentences (a list item only when it is one), a sentence ending on a colon joined to the formula
 * it introduces (a formula without one introduced by the engine's own words), the sentence naming
 * a formula's symbols joined to it. Anything else (a cut sentence, a fragment) is not said.
 */
function partsOf(sentences: SentenceInfo[], say: Phrases): { parts: Part[]; titles: SentenceInfo[] } {
  const parts: Part[] = [];
  const titles: SentenceInfo[] = [];
  const seen = new Set<string>();
  const files: SentenceInfo[][] = [];
  for (const s of sentences) {
    const last = files[files.length - 1];
    if (last && last[0].page.file_id === s.page.file_id) last.push(s);
    else files.push([s]);
  }
  for (const file of files) {
    const { title, level } = outlineOf(file.filter((s) => s.role === 'heading'));
    titles.push(...title);
    let part: Part | null = null;
    let sub: SentenceInfo | null = null;
    let inExercise = false;
    const add = (unit: Omit<Unit, 'words' | 'sub' | 'index'>) => {
      const key = fold(unit.text);
      if (!key || seen.has(key) || unit.text.length > UNIT_CHARS_MAX) return;
      seen.add(key);
      if (!part) {
        part = { heading: null, units: [] };
        parts.push(part);
      }
      part.units.push({ ...unit, words: words(unit.text), sub, index: unit.sentences[0].index });
    };
    for (let i = 0; i < file.length; i++) {
      const s = file[i];
      if (s.role === 'heading') {
        if (title.includes(s)) continue;
        if (s.depth <= level) {
          // A part opens; the text before the first one goes with it (as on the revision sheet).
          if (part && part.heading === null) part.heading = s;
          else {
            part = { heading: s, units: [] };
            parts.push(part);
          }
          sub = null;
          inExercise = false;
        } else if (isLabelTerm(topicOf(s.text)) || STRUCTURAL_HEADING.test(topicOf(s.text))) {
          // "Solution", "Statement", "Exemple": a block of the subsection it is in, exercise or not.
          continue;
        } else {
          inExercise = EXERCISE_HEADING.test(topicOf(s.text));
          sub = s;
        }
        continue;
      }
      if (inExercise) continue;
      const formulaFollows = (at: SentenceInfo | undefined) => !!at && at.page === s.page && isFormulaLine(at) && !isWholeSentence(spoken(at, say));
      // A formula run, with the sentence that introduces it (ending on a colon) when there is one.
      if (isFormulaLine(s) && !isWholeSentence(spoken(s, say))) {
        const run: SentenceInfo[] = [s];
        while (formulaFollows(file[i + run.length]) && run.length < 3) run.push(file[i + run.length]);
        i += run.length - 1;
        const after = file[i + 1];
        const names = after && after.page === s.page && SYMBOL_NAMES.test(after.text) && WHOLE_END.test(after.text) ? after : null;
        if (names) i++;
        const said = run.map((f) => spoken(f, say).replace(/[.;,:]$/u, '')).join(' ; ');
        const close = names ? `, ${lower(spoken(names, say))}` : '.';
        const lead = file[i - run.length - (names ? 1 : 0)];
        const introduced = lead && lead.role !== 'heading' && lead.page === s.page && /:$/u.test(lead.text) && WHOLE_START.test(lead.text) ? lead : null;
        add({
          sentences: [...(introduced ? [introduced] : []), ...run, ...(names ? [names] : [])],
          text: `${introduced ? spoken(introduced, say) : say.formulaLead} ${said}${close}`,
          term: null,
          formula: true,
        });
        continue;
      }
      // A run of list items that are not sentences, said as one sentence with the line introducing it.
      if (isListFragment(s, say)) {
        const run: SentenceInfo[] = [];
        while (i + run.length < file.length && run.length < LIST_ITEMS_MAX && isListFragment(file[i + run.length], say)) run.push(file[i + run.length]);
        const before = file[i - 1];
        i += run.length - 1;
        const introduced = before && before.role !== 'heading' && /:$/u.test(before.text) && WHOLE_START.test(before.text) && !inKeyPoints(before) ? before : null;
        if (!introduced && run.length < 2) continue;
        const items = run.map((x) => spoken(x, say).replace(/[\s.;,]+$/u, '')).join(' ; ');
        add({ sentences: [...(introduced ? [introduced] : []), ...run], text: `${introduced ? spoken(introduced, say) : say.listLead} ${items}.`, term: null, formula: false });
        continue;
      }
      if (s.wordCount < 4 || SYMBOL_NAMES.test(s.text) || EXERCISE_LEAD.test(s.text) || inKeyPoints(s)) continue;
      const text = spoken(s, say);
      // A sentence ending on a colon is said with the formula it introduces (above), never alone.
      if (/:$/u.test(text)) continue;
      if (!isWholeSentence(text)) continue;
      add({ sentences: [s], text, term: termOf(s), formula: false });
    }
  }
  return { parts: parts.filter((p) => p.units.length > 0), titles };
}

/** The dialogue for a subject or one of its files, validated against the shared schema. */
export function buildPodcastScript(req: PodcastScriptRequest): PodcastScript {
  // Long because: the opening, the parts, the recap and the closing share one running word budget,
  // the set of things already said and the speakers' turns, and read in the order the episode is spoken.
  const { course, fileId, style } = req;
  const lang = course.language;
  const say = phrasesOf(lang);
  const [first, second] = req.speakers;
  const analysis = analyzeCourse(course.pages);
  const sentences = analysis.sentences.filter((s) => (!fileId || s.page.file_id === fileId) && !s.exercise && s.role !== 'row');
  const { parts, titles } = partsOf(sentences, say);
  const units = parts.flatMap((p) => p.units);
  if (units.length === 0) throw new Error('The course has no sentence to make a podcast of');

  const subject = display(course.subjectName.trim());
  // The course's own title when the episode is about one file (one title heading, or the file's only one).
  const files = new Set(sentences.map((s) => s.page.file_id));
  const courseTitle = files.size === 1 && titles.length > 0 ? topicOf(titles[titles.length - 1].text) : null;
  const title = courseTitle ? `${subject} — ${courseTitle}` : subject;

  // Who asks and who explains: the host asks the expert; the expert explains to the learner (who
  // asks); two students take turns.
  const asker = (n: number): 0 | 1 => (style === 'student' ? ((n % 2) as 0 | 1) : style === 'expert' ? 1 : 0);
  const other = (who: 0 | 1): 0 | 1 => (who === 0 ? 1 : 0);

  // A unit's weight: the key terms its sentences carry, per its length (as the revision sheet weighs them).
  const top = keyTermsOf(analysis).slice(0, 40);
  const max = top[0]?.score ?? 1;
  const weights = new Map(top.map((k) => [k.key, k.score / max]));
  const score = (u: Unit) => {
    let sum = 0;
    for (const s of u.sentences) for (const k of new Set([...s.phraseKeys, ...s.stems])) sum += weights.get(k) ?? 0;
    const s = u.sentences[0];
    const formula = u.sentences.some((x) => x.formula);
    return (sum + (u.term ? 0.6 : 0) + (formula ? 0.4 : 0) + (s.date ? 0.3 : 0) + (s.example ? 0.2 : 0)) / (1 + Math.log(1 + u.words / 15));
  };
  const scores = new Map(units.map((u) => [u, score(u)]));
  const best = (list: Unit[]) => [...list].sort((a, b) => scores.get(b)! - scores.get(a)! || a.index - b.index);

  const segments: PodcastLine[] = [];
  const said = new Set<string>();
  const push = (speaker: 0 | 1, text: string, cited: SentenceInfo[]) => {
    if (cited.length === 0) return;
    segments.push({ speaker, text: text.slice(0, 1_500), citations: citeAll(cited) });
    said.add(text);
  };
  // Parts are named in the opening and the closing: all of them, or the first few and how many more.
  const topicsOf = (hs: SentenceInfo[], inSentence = false) => {
    const named = hs.length > OPENING_TOPICS_MAX ? hs.slice(0, OPENING_TOPICS_MAX - 1) : hs;
    const topics = named.map((h) => (inSentence ? lower(topicOf(h.text)) : topicOf(h.text)));
    return list(hs.length > named.length ? [...topics, say.moreParts(hs.length - named.length)] : topics, say.and);
  };
  const allHeadings = parts.map((p) => p.heading).filter((h): h is SentenceInfo => h !== null);
  const farewellWords = words(say.farewell(style));
  const budget = Math.max(60, req.targetWords);
  const used = () => segments.reduce((n, s) => n + words(s.text), 0);
  // The opening, welcome and closing take about what they would with every part named.
  const framingWords =
    words(say.opening(style, first, second, subject, courseTitle, topicsOf(allHeadings))) + words(say.welcome(style, second)) + words(say.closing(style, topicsOf(allHeadings, true))) + farewellWords;
  const recapWords = Math.round(budget * RECAP_SHARE);
  const materialWords = budget - framingWords - recapWords;
  const cost = (u: Unit) => u.words + QUESTION_WORDS_PER_UNIT;
  // Each part keeps its best unit, then the most informative units that fit; said in the document's order.
  const keep = new Set<Unit>();
  let taken = 0;
  const consider = (u: Unit) => {
    if (keep.has(u) || (keep.size > 0 && taken + cost(u) > materialWords)) return;
    keep.add(u);
    taken += cost(u);
  };
  for (const p of parts) consider(best(p.units)[0]);
  for (const u of best(units)) consider(u);
  // The episode names the parts it speaks of.
  const headings = parts.filter((p) => p.units.some((u) => keep.has(u))).map((p) => p.heading).filter((h): h is SentenceInfo => h !== null);
  const openingCites = headings.length ? headings.slice(0, OPENING_TOPICS_MAX) : titles.length ? titles : [units[0].sentences[0]];
  push(0, say.opening(style, first, second, subject, courseTitle, topicsOf(headings)), openingCites);
  push(1, say.welcome(style, second), [openingCites[0]]);
  const closingWords = words(say.closing(style, topicsOf(headings, true))) + farewellWords;
  const wholeCourse = keep.size === units.length;

  let turn = 0;
  const spokenUnits: Unit[] = [];
  parts.forEach((p, partIndex) => {
    const kept = p.units.filter((u) => keep.has(u));
    if (kept.length === 0) return;
    const partTopic = p.heading ? topicOf(p.heading.text) : (courseTitle ?? subject);
    let follows = 0;
    for (let at = 0; at < kept.length; ) {
      const chunk: Unit[] = [kept[at++]];
      let size = chunk[0].words;
      while (at < kept.length && chunk.length < ANSWER_UNITS_MAX && !kept[at].term && kept[at].sub === chunk[0].sub && size + kept[at].words <= ANSWER_WORDS_MAX) {
        size += kept[at].words;
        chunk.push(kept[at++]);
      }
      const lead = chunk[0];
      const topic = lead.sub ? topicOf(lead.sub.text) : partTopic;
      const opensPart = at - chunk.length === 0;
      const previous = kept[at - chunk.length - 1];
      const opensSub = lead.sub !== null && (opensPart || previous.sub !== lead.sub);
      const candidates: string[] = [];
      const cites: SentenceInfo[] = [];
      if (opensPart && p.heading) {
        candidates.push(say.askPart(partTopic, partIndex === 0 || segments.length <= 2));
        cites.push(p.heading);
      } else if (opensPart && segments.length <= 2) {
        candidates.push(say.askCourse);
      } else if (opensSub && lead.sub) {
        candidates.push(say.askSub(topicOf(lead.sub.text)));
        cites.push(lead.sub);
      } else if (lead.term) candidates.push(say.askTerm(lead.term));
      for (let k = 0; k < say.follow.length; k++) candidates.push(say.follow[(follows + k) % say.follow.length](topic));
      const fresh = candidates.find((c) => !said.has(c));
      const answer = chunk.map((u) => u.text).join(' ');
      const last = segments[segments.length - 1];
      if (fresh === undefined && last && last.text.length + answer.length < 1_500) {
        // Every way of asking on was said already: the answer goes on instead (no line said twice).
        last.text = `${last.text} ${answer}`;
        last.citations = [...last.citations, ...citeAll(chunk.flatMap((u) => u.sentences))];
        spokenUnits.push(...chunk);
        continue;
      }
      const question = fresh ?? candidates[0];
      if (say.follow.some((f) => f(topic) === question)) follows++;
      const q = asker(turn++);
      push(q, question, [...cites, ...lead.sentences.slice(0, 1)]);
      push(other(q), answer, chunk.flatMap((u) => u.sentences));
      spokenUnits.push(...chunk);
    }
  });

  // Recap questions on what was said, taken in turn: a definition, a date, a formula (one a part),
  // a part's gist; each fact asked once, within the recap's share of the length.
  const partOf = new Map<Unit, Part>();
  for (const p of parts) for (const u of p.units) partOf.set(u, p);
  const kinds: { question: string; answer: Unit }[][] = [[], [], [], []];
  const asked = new Set<Unit>();
  const questions = new Set<string>();
  const ask = (kind: number, question: string, answer: Unit) => {
    if (asked.has(answer) || questions.has(question)) return;
    asked.add(answer);
    questions.add(question);
    kinds[kind].push({ question, answer });
  };
  for (const u of spokenUnits) if (u.term) ask(0, say.recapDefinition(u.term), u);
  for (const u of spokenUnits) if (u.sentences[0].date && !u.term) ask(1, say.recapDate(u.sentences[0].date.text), u);
  for (const u of spokenUnits) {
    const h = partOf.get(u)?.heading;
    if (u.formula && h) ask(2, say.recapFormula(topicOf(h.text)), u);
  }
  for (const p of parts) {
    // A part's gist: a law or a definition it states, else its most informative sentence (not a formula).
    const heard = p.units.filter((u) => keep.has(u) && !u.formula && !u.sentences[0].example && !u.text.endsWith('?'));
    const gist = heard.find((u) => u.sentences[0].law) ?? heard.find((u) => u.sentences[0].definition) ?? best(heard)[0];
    if (p.heading && gist) ask(3, say.recapTopic(topicOf(p.heading.text)), gist);
  }
  const facts: { question: string; answer: Unit }[] = [];
  for (let i = 0; kinds.some((k) => i < k.length); i++) for (const k of kinds) if (i < k.length) facts.push(k[i]);
  const recap = facts.filter((f) => f.answer.words < ANSWER_WORDS_MAX * 1.5).slice(0, RECAP_MAX);
  let recapUsed = 0;
  const recapped: typeof recap = [];
  for (const f of recap) {
    const cost = words(say.recapQuestion(f.question)) + words(say.recapAnswer) + f.answer.words;
    if (recapped.length >= 1 && used() + recapUsed + cost + closingWords > budget) continue;
    recapped.push(f);
    recapUsed += cost;
  }
  if (recapped.length > 0) {
    push(0, say.recapIntro, [recapped[0].answer.sentences[0]]);
    for (const f of recapped) {
      const q = asker(turn++);
      push(q, say.recapQuestion(f.question), f.answer.sentences.slice(0, 1));
      push(other(q), `${say.recapAnswer} ${f.answer.text}`, f.answer.sentences);
    }
  }

  // The closing: the parts again, then goodbye.
  const closingCites = headings.length ? headings.slice(0, OPENING_TOPICS_MAX) : [units[0].sentences[0]];
  push(1, say.closing(style, headings.length ? topicsOf(headings, true) : (courseTitle ?? subject)), closingCites);
  push(0, say.farewell(style), [openingCites[0]]);

  const shortCourse = wholeCourse && used() < SHORT_SHARE * req.targetWords;
  return podcastScriptSchema.parse({ title, language: lang, segments, short_course: shortCourse });
}
