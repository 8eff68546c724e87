// Practical cases ("cas pratiques"; Premium): a scenario built by rules from the
// course's own rules and definitions, then 3 to 5 questions asking the student to apply them
// ("Which rule applies? Justify."), each with a rubric drawn from the cited page, the model answer
// and the reasoning expected. The scenario sets a situation rather than restating definitions: a
// person with a task (a talk, a report, helping a classmate), each situation placed in the part of
// the course it comes from, the case met there (what the definition describes, never its term),
// the course's own example or a figure of that part when it has one, and the decision to take; no
// situation names the term it asks for, nor a heading or detail that would give it away (or name
// another of the course's terms). For a scientific course the case opens with a problem: data for a
// formula of the course and the worked solution, computed by the exercise mode's calculation path
// (local/exercise.ts through the exercise answer: mathjs with units, never guessed). Both
// providers build cases this way (the grading of the answers is the configured engine's).
import type { EducationLevel } from '../core/profile.js';
import { EngineError } from './errors.js';
import { buildAnswer } from './local/answer.js';
import { citeAll } from './local/citations.js';
import { analyzeCourse, type SentenceInfo } from './local/analysis.js';
import { clauses, definitionRubric } from './local/quiz-rubric.js';
import { courseFacts, fold, type DefinitionFact, type FormulaFact, type NumberFact } from './local/quiz-facts.js';
import { prettyUnit } from './local/quantities.js';
import { hash } from './text/shuffle.js';
import type { Citation, CourseLanguage, ExerciseSolution, QuizQuestion } from '../core/artefacts.js';
import type { Course } from './types.js';
import { fillTemplate } from '../core/text.js';

export const MIN_CASE_QUESTIONS = 3;
export const MAX_CASE_QUESTIONS = 5;

export interface CaseQuestion {
  id: string;
  index: number;
  kind: 'apply' | 'compute';
  prompt: string;
  /** What a good answer contains (from the cited pages) and the model answer. */
  rubric: { key_points: string[]; model_answer: string };
  /** The reasoning expected, step by step. */
  reasoning: string[];
  citations: Citation[];
  /** compute: the worked solution (data, formula, calculation, result). */
  solution?: ExerciseSolution;
}

export interface PracticalCase {
  title: string;
  language: CourseLanguage;
  /** The situation the questions are about. */
  scenario: string[];
  scientific: boolean;
  questions: CaseQuestion[];
}

export interface CaseRequest {
  course: Course;
  /** The file the case draws from; null: the whole subject. */
  fileId: string | null;
  level: EducationLevel | null;
  /** Varies the rules chosen from one case to the next. */
  seed: string;
}

const words = {
  fr: {
    title: 'Cas pratique : {subject}',
    intro: '{name} {task}. Tu es consulté(e) : pour chaque situation, aide-{object} à décider ce qui s’applique, en t’appuyant uniquement sur ton cours.',
    tasks: ['prépare un exposé {about} pour sa classe', 'aide un camarade à réviser {about} avant l’examen', 'rédige le compte rendu d’une séance de travaux dirigés {about}'],
    goals: ['de le présenter à sa classe', 'de l’expliquer à son camarade', 'de l’écrire dans son compte rendu'],
    about: 'sur « {subject} »',
    situation: 'Situation {n}{context} : {scene}{detail} {decision}',
    context: ' ({part})',
    part: 'partie « {heading} »',
    meets: '{name} tombe sur un cas où il est question {ofBody}.',
    finds: 'dans le cas qu’on lui soumet, {name} constate que {body}.',
    example: ' Le cas ressemble à celui que donne le cours : « {text} ».',
    datum: ' Son dossier précise : « {text} ».',
    decision: '{Pronoun} doit décider quelle notion ou quelle règle du cours décrit ce cas avant {goal}.',
    apply: 'Situation {n} : quelle notion ou quelle règle du cours s’applique ? Justifie ta réponse.',
    model: 'La notion qui s’applique est « {term} ». Le cours l’énonce ainsi : {sentence}',
    step1: 'Relever les éléments de la situation : {points}.',
    step2: 'Les rapprocher de la définition de « {term} » (p. {page} de {file}).',
    step3: 'Conclure : la situation relève de « {term} ».',
    problem: 'Problème : {data} Calcule {target}.',
    problemScene: 'Pour commencer, {name} doit résoudre un problème de son cours. {prompt}',
    given: '{description} {symbol} = {value}',
    computeStep: 'Identifier la formule du cours qui relie les données : {formula}.',
  },
  en: {
    title: 'Practical case: {subject}',
    intro: '{name} {task}. You are consulted: for each situation, help {object} decide what applies, from your course only.',
    tasks: ['is preparing a talk {about} for the class', 'is helping a classmate revise {about} before the exam', 'is writing the report of a tutorial {about}'],
    goals: ['presenting it to the class', 'explaining it to the classmate', 'writing it in the report'],
    about: 'on "{subject}"',
    situation: 'Situation {n}{context}: {scene}{detail} {decision}',
    context: ' ({part})',
    part: 'part "{heading}"',
    meets: '{name} comes across a case involving {body}.',
    finds: 'in the case put to {object}, {name} finds that {body}.',
    example: ' The case is like the one the course gives: "{text}".',
    datum: ' The file adds: "{text}".',
    decision: '{Pronoun} must decide which notion or rule of the course describes this case before {goal}.',
    apply: 'Situation {n}: which notion or rule of the course applies? Justify your answer.',
    model: 'The notion that applies is "{term}". The course states it so: {sentence}',
    step1: 'Pick out the facts of the situation: {points}.',
    step2: 'Match them with the definition of "{term}" (p. {page} of {file}).',
    step3: 'Conclude: the situation falls under "{term}".',
    problem: 'Problem: {data} Compute {target}.',
    problemScene: 'First, {name} must solve a problem of the course. {prompt}',
    given: '{description} {symbol} = {value}',
    computeStep: 'Find the course formula that links the data: {formula}.',
  },
} as const;

const fill = (lang: CourseLanguage, template: string, params: Record<string, string | number>) => fillTemplate(lang, template, params, 'empty');
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Values a problem's data take, chosen by the seed: round figures a student computes with. */
const VALUES = [2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 40, 50, 120];

/** The people a case is about, with the pronouns the sentences need. */
const PEOPLE = {
  fr: [
    { name: 'Léa', pronoun: 'elle', object: 'la' },
    { name: 'Hugo', pronoun: 'il', object: 'le' },
    { name: 'Inès', pronoun: 'elle', object: 'la' },
    { name: 'Malik', pronoun: 'il', object: 'le' },
    { name: 'Camille', pronoun: 'elle', object: 'la' },
    { name: 'Yanis', pronoun: 'il', object: 'le' },
  ],
  en: [
    { name: 'Emma', pronoun: 'she', object: 'her' },
    { name: 'Noah', pronoun: 'he', object: 'him' },
    { name: 'Priya', pronoun: 'she', object: 'her' },
    { name: 'Omar', pronoun: 'he', object: 'him' },
    { name: 'Chloe', pronoun: 'she', object: 'her' },
    { name: 'Sam', pronoun: 'he', object: 'him' },
  ],
} as const;

type Person = (typeof PEOPLE)[CourseLanguage][number];

/** Who the case is about and what they are doing: chosen by the seed. */
interface Setting {
  person: Person;
  task: number;
}

/** A heading as a part's name: its numbering and label ("Chapitre 2 :", "1.2") left out. */
function partName(heading: string): string {
  const text = heading.replace(/^\s*(?:(?:chapitre|chapter|partie|part|section|le[cç]on|lesson|th[eè]me|unit[eé]?)\s*[\dIVXivx]*\s*[:.–—-]\s*)?(?:[\dIVXivx]+(?:\.\d+)*[.)]?\s+)?/iu, '').trim();
  return text.replace(/[.:;]+$/u, '');
}

/** Whether a text would give the term away. */
const names = (text: string, term: string): boolean => fold(text).includes(fold(term));

/**
 * The case's part of the course: the heading of the definition's section, unless it names the
 * term (the answer); then none.
 */
function partOf(fact: DefinitionFact, sentences: readonly SentenceInfo[]): string | null {
  const heading = sentences[fact.sentence.section];
  if (!heading || heading.role !== 'heading') return null;
  const part = partName(heading.text);
  if (part.length < 3 || part.length > 80 || names(part, fact.term)) return null;
  return part;
}

/**
 * A concrete detail of the definition's part: the course's example of it, else a figure of the same
 * section (a quantity the course gives there). Neither names the term nor another defined term
 * (that would give the answer or a wrong one), nor serves twice.
 */
function detailOf(fact: DefinitionFact, figures: readonly NumberFact[], terms: readonly string[], used: Set<number>): { kind: 'example' | 'datum'; text: string } | null {
  const fits = (s: SentenceInfo) => !used.has(s.index) && s.index !== fact.sentence.index && s.text.length <= 240 && !terms.some((t) => fold(s.text).includes(t));
  if (fact.example && fits(fact.example)) {
    used.add(fact.example.index);
    return { kind: 'example', text: fact.example.text };
  }
  const s = fact.sentence;
  const figure = figures.find((f) => f.sentence.section === s.section && f.sentence.page.file_id === s.page.file_id && !f.sentence.definition && !f.sentence.exercise && fits(f.sentence));
  if (!figure) return null;
  used.add(figure.sentence.index);
  return { kind: 'datum', text: figure.sentence.text };
}

/** "de" joined to a French noun phrase: "du …" for "le …", "des …" for "les …", "de …" for "des …", "d’une …" before a vowel. */
function ofFr(phrase: string): string {
  const [first, ...rest] = phrase.split(' ');
  const tail = rest.join(' ');
  const word = first.toLowerCase();
  if (word === 'le' && tail) return `du ${tail}`;
  if (word === 'les' && tail) return `des ${tail}`;
  if (word === 'des' && tail) return `de ${tail}`;
  if (/^[aeéèêiîoôuœ]/iu.test(phrase)) return `d’${phrase}`;
  return `de ${phrase}`;
}

/** A definition whose body describes the notion without naming it: a situation to recognise. */
function usable(fact: DefinitionFact): boolean {
  if (!fact.body || fact.body.split(/\s+/).length < 4) return false;
  const term = fold(fact.term);
  return term.length > 1 && !fold(fact.body).includes(term);
}

function applyQuestion(
  fact: DefinitionFact,
  n: number,
  level: EducationLevel | null,
  lang: CourseLanguage,
  scene: { setting: Setting; sentences: readonly SentenceInfo[]; figures: readonly NumberFact[]; terms: readonly string[]; used: Set<number> },
): { situation: string; question: Omit<CaseQuestion, 'id' | 'index'> } | null {
  const w = words[lang];
  const rubric = definitionRubric(fact, level);
  const points = rubric?.key_points ?? clauses(fact.body as string, lang, 3);
  if (points.length === 0) return null;
  const body = (fact.body as string).replace(/[.;:]+$/u, '');
  const { person, task } = scene.setting;
  const part = partOf(fact, scene.sentences);
  const detail = detailOf(fact, scene.figures, scene.terms, scene.used);
  const situation = fill(lang, w.situation, {
    n,
    context: part ? fill(lang, w.context, { part: fill(lang, w.part, { heading: part }) }) : '',
    scene: capitalize(fill(lang, fact.shape === 'clause' ? w.finds : w.meets, { name: person.name, object: person.object, body, ofBody: lang === 'fr' ? ofFr(body) : body })),
    detail: detail ? fill(lang, w[detail.kind], { text: detail.text.replace(/[.;:]+$/u, '') }) : '',
    decision: fill(lang, w.decision, { Pronoun: capitalize(person.pronoun), goal: w.goals[task] }),
  });
  const page = fact.sentence.page;
  return {
    situation,
    question: {
      kind: 'apply',
      prompt: fill(lang, w.apply, { n }),
      rubric: { key_points: [fact.term, ...points].slice(0, 5), model_answer: fill(lang, w.model, { term: fact.term, sentence: fact.sentence.text }) },
      reasoning: [fill(lang, w.step1, { points: points.join(' ; ') }), fill(lang, w.step2, { term: fact.term, page: page.page, file: page.file_name }), fill(lang, w.step3, { term: fact.term })],
      citations: citeAll(rubric?.cited ?? [fact.sentence]),
    },
  };
}

/** A problem on a formula of the course: data for every symbol but one, solved by the exercise mode. */
function computeQuestion(formula: FormulaFact, req: CaseRequest, lang: CourseLanguage): Omit<CaseQuestion, 'id' | 'index'> | null {
  if (formula.chemical) return null;
  const target = formula.variables.find((v) => v.symbol === formula.lhs.trim() && v.description);
  const givens = formula.variables.filter((v) => v !== target && v.description && v.unit);
  if (!target || givens.length === 0 || givens.length > 3) return null;
  const w = words[lang];
  const seed = hash(`${req.seed}#${formula.key}`);
  const data = givens.map((v, i) => fill(lang, w.given, { description: i === 0 ? capitalize(v.description) : v.description, symbol: v.symbol, value: `${VALUES[(seed + i * 5) % VALUES.length]} ${prettyUnit(v.unit as string)}` })).join(lang === 'fr' ? ' ; ' : '; ');
  const prompt = fill(lang, w.problem, { data: `${data}.`, target: `${target.description} ${target.symbol}` });
  const answer = buildAnswer({ course: req.course, question: prompt, mode: 'exercise', level: req.level, interfaceLanguage: lang });
  const solution = answer.exercise;
  if (!answer.found || !solution || solution.calculations.length === 0) return null;
  const cited = [...solution.final_answer.citations, ...solution.formulas.flatMap((f) => f.citations), ...solution.objective.citations];
  const citations = [...new Map(cited.map((c) => [`${c.file_id}#${c.page}`, c])).values()].slice(0, 3);
  return {
    kind: 'compute',
    prompt,
    rubric: { key_points: [formula.written, solution.final_answer.text], model_answer: solution.final_answer.text },
    reasoning: [fill(lang, w.computeStep, { formula: formula.written }), ...solution.steps.map((s) => s.text)],
    citations,
    solution,
  };
}

export function buildPracticalCase(req: CaseRequest): PracticalCase {
  const lang = req.course.language;
  const w = words[lang];
  const facts = courseFacts(req.course.pages);
  const pool = req.fileId ? (facts.byFile.get(req.fileId) ?? []) : facts.all;
  const seed = hash(req.seed);
  // Rules (laws, principles) first, then definitions; the seed turns the order so cases differ.
  const definitions = pool.filter((f): f is DefinitionFact => f.type === 'definition' && usable(f));
  const rotate = <T>(list: T[]) => (list.length ? [...list.slice(seed % list.length), ...list.slice(0, seed % list.length)] : list);
  const ordered = [...rotate(definitions.filter((d) => d.statement)), ...rotate(definitions.filter((d) => !d.statement))];

  const questions: Omit<CaseQuestion, 'id' | 'index'>[] = [];
  const people = PEOPLE[lang];
  const setting: Setting = { person: people[seed % people.length], task: Math.floor(seed / people.length) % w.tasks.length };
  const about = fill(lang, w.about, { subject: req.course.subjectName });
  const scenario: string[] = [fill(lang, w.intro, { name: setting.person.name, task: fill(lang, w.tasks[setting.task], { about }), object: setting.person.object })];
  const sentences = analyzeCourse(req.course.pages).sentences;
  const used = new Set<number>();
  const figures = pool.filter((f): f is NumberFact => f.type === 'number' && !f.example);
  const definedTerms = [...new Set(definitions.map((d) => fold(d.term)))];
  let scientific = false;
  for (const formula of rotate(pool.filter((f): f is FormulaFact => f.type === 'formula'))) {
    const q = computeQuestion(formula, req, lang);
    if (q) {
      questions.push(q);
      scenario.push(fill(lang, w.problemScene, { name: setting.person.name, prompt: q.prompt }));
      scientific = true;
      break;
    }
  }
  const terms = new Set<string>();
  for (const fact of ordered) {
    if (questions.length >= MAX_CASE_QUESTIONS) break;
    if (terms.has(fold(fact.term))) continue;
    const made = applyQuestion(fact, questions.filter((q) => q.kind === 'apply').length + 1, req.level, lang, { setting, sentences, figures, terms: definedTerms, used });
    if (!made) continue;
    terms.add(fold(fact.term));
    scenario.push(made.situation);
    questions.push(made.question);
  }
  if (questions.length < MIN_CASE_QUESTIONS) throw new EngineError('exhausted', `Only ${questions.length} rule(s) or definition(s) usable for a practical case`);
  return {
    title: fill(lang, w.title, { subject: req.course.subjectName }),
    language: lang,
    scenario,
    scientific,
    questions: questions.map((q, i) => ({ ...q, id: `c${i + 1}`, index: i + 1 })),
  };
}

/** A case question as the engine's grader reads it: an open question with its rubric and pages. */
export function gradedAsOpen(q: CaseQuestion, scenario: readonly string[]): QuizQuestion {
  return {
    type: 'open',
    difficulty: 'hard',
    fact_key: `case:${q.id}`,
    kind: 'definition',
    question: `${scenario.join('\n')}\n\n${q.prompt}`,
    rubric: q.rubric,
    explanation: q.reasoning.join(' '),
    citations: q.citations,
  };
}
