// Grading of an open answer against the question's rubric: each key point is covered or not
// (words compared by stem, with synonyms, word forms, numbers in words, the course's
// abbreviations, typos and any order — eval-match.ts), the score is the share of the rubric
// covered, lowered for an answer too short to explain what it claims to cover and for a value
// that contradicts the course ("1688" where the course says 1687, "12 km" for "600 km"). A point
// the answer negates, turns into its opposite or swaps with another point (contradiction.ts) is
// not covered and takes away the credit of one covered point: an answer saying the opposite of
// the course is graded wrong, not half right; "no" where the model answer says "yes" (or the
// other way round) scores nothing.
// The feedback names the points covered (strengths), what to add (improvements), the points
// missing, and the pages to reread with the points each one explains. Texts are in the
// course's language.
import type { EducationLevel } from '../../core/profile.js';
import { evaluationSchema, type Citation, type CitedText, type CourseLanguage, type Evaluation } from '../../core/artefacts.js';
import { type CoursePage, type EvaluationRequest } from '../types.js';
import { analyzeCourse } from './analysis.js';
import { contradicts, opposesYesNo } from './contradiction.js';
import { conceptStems, courseAbbreviations, matchPoint, profileAnswer } from './eval-match.js';
import { topicTerms } from './question.js';
import { math, parseQuantities, type Quantity } from './quantities.js';
import { quizMessages } from './quiz-messages.js';
import { courseFacts, fold } from './quiz-facts.js';

/** Share of a key point's weighted words that gives it full credit, per level (a middle-school student is read more leniently). */
function fullCredit(level: EducationLevel | null): number {
  if (level === 'college') return 0.6;
  if (level === 'master' || level === 'doctorat') return 0.8;
  return 0.7;
}
/** A point counts as covered from this share of its words. */
const COVERED = 0.5;
/** From this share of a point's words, an answer saying its opposite is read as contradicting it. */
const CONTRADICTION_REACH = 0.2;
/** Points lost per value that contradicts the course (at most two counted). */
const WRONG_VALUE_PENALTY = 15;
/** An answer reads as off-topic below this share of the rubric. */
const OFF_TOPIC = 0.15;
/** Credit kept by an answer that describes another notion of the course. */
const CONFUSION_CREDIT = 0.5;
const FORMULA_POINT = /[=→]/u;

/**
 * The term of another definition (in the cited files) that the answer matches clearly better than
 * the rubric's own points — "the energy a body has because of its position" for kinetic energy —
 * or null.
 */
function confusedWith(question: EvaluationRequest['question'], keyPoints: string[], own: number, coverage: (text: string) => number, pages: CoursePage[]): string | null {
  const files = new Set(question.citations.map((c) => c.file_id));
  const points = keyPoints.map(fold);
  const asked = fold(question.question);
  let best: { term: string; coverage: number } | null = null;
  for (const fact of courseFacts(pages).all) {
    if (fact.type !== 'definition' || !fact.body || !files.has(fact.sentence.page.file_id)) continue;
    const body = fold(fact.body);
    if (asked.includes(fold(fact.term)) || points.some((p) => body.includes(p) || p.includes(body))) continue;
    const c = coverage(fact.body);
    if (!best || c > best.coverage) best = { term: fact.term, coverage: c };
  }
  return best && best.coverage >= 0.6 && best.coverage > own + 0.15 ? best.term : null;
}

export function evaluateAnswer(req: EvaluationRequest): Evaluation {
  const { course, question, level } = req;
  const lang = course.language;
  const m = quizMessages(lang);
  const correct = question.options && question.correct_index !== undefined ? question.options[question.correct_index] : undefined;
  const keyPoints = question.rubric?.key_points ?? [correct ?? question.explanation];
  const model = question.rubric?.model_answer ?? [correct, question.explanation].filter(Boolean).join(' — ');
  const answer = req.answer.trim();

  if (!answer) {
    return evaluationSchema.parse({
      score: 0,
      strengths: [],
      improvements: [m.empty],
      missing_concepts: keyPoints,
      further_study: furtherStudy(question.citations, keyPoints, lang),
      key_points: keyPoints,
      model_answer: model,
    });
  }

  const analysis = analyzeCourse(course.pages);
  const profile = profileAnswer(answer, lang, courseAbbreviations(course.pages, lang));
  const questionStems = new Set(conceptStems(topicTerms(question.question, lang).join(' '), lang));
  const full = fullCredit(level);
  // A point whose words the answer uses to say the opposite ("… is not …", "diminue") is not
  // covered, and takes away what another point earns: saying the opposite of the course is worse
  // than leaving a point out.
  const contradicted: string[] = [];
  const matches = keyPoints.map((point) => {
    const { coverage } = matchPoint(point, profile, analysis, lang, questionStems);
    if (coverage < CONTRADICTION_REACH || !contradicts(point, answer, lang, { model, questionStems, otherPoints: keyPoints.filter((x) => x !== point) })) return { point, coverage };
    contradicted.push(point);
    return { point, coverage: 0 };
  });
  // "No" where the course answers "yes" (or the other way round) is the opposite of the whole answer.
  const reversed = opposesYesNo(model, answer, lang);
  // An answer that fits another notion of the course better than the one asked is describing that one.
  const best = Math.max(0, ...matches.filter((x) => !FORMULA_POINT.test(x.point)).map((x) => x.coverage));
  const confused = confusedWith(question, keyPoints, best, (text) => matchPoint(text, profile, analysis, lang, questionStems).coverage, course.pages);
  const credit = confused ? CONFUSION_CREDIT : 1;
  const earned = matches.reduce((sum, x) => sum + (contradicted.includes(x.point) ? -1 : Math.min(1, x.coverage / full)), 0);
  const raw = reversed ? 0 : Math.max(0, (credit * earned) / Math.max(1, matches.length));
  const covered = reversed ? [] : matches.filter((x) => x.coverage >= COVERED).map((x) => x.point);
  const missing = matches.filter((x) => x.coverage < COVERED).map((x) => x.point);
  if (reversed && !contradicted.includes(keyPoints[0])) contradicted.unshift(keyPoints[0]);

  // An answer much shorter than the course's explains little, even when its few words are right.
  const target = Math.min(12, Math.max(3, conceptStems(model, lang).length * 0.4));
  const lengthFactor = profile.words >= target ? 1 : 0.55 + (0.45 * profile.words) / target;
  const wrong = wrongValues(answer, `${keyPoints.join(' ; ')} ; ${model}`, lang);
  const penalty = WRONG_VALUE_PENALTY * Math.min(2, wrong.length + contradicted.length);
  // Shortness costs in proportion to what the answer claims: a terse answer hitting every point
  // loses most, half an answer already loses its missing half.
  const shortness = 1 - (1 - lengthFactor) * raw;
  const score = Math.round(Math.max(0, Math.min(100, 100 * raw * shortness - penalty)));

  const strengths = [...(score >= 85 ? [m.complete] : []), ...covered.slice(0, 4).map(m.covered)];
  const improvements: string[] = [];
  if (confused) improvements.push(m.confused(confused));
  else if (raw < OFF_TOPIC) improvements.push(m.offTopic);
  for (const p of contradicted.slice(0, 2)) improvements.push(m.contradicts(p));
  for (const w of wrong.slice(0, 2)) improvements.push(m.wrongNumber(w.wrong, w.right));
  for (const p of missing.filter((x) => !contradicted.includes(x)).slice(0, 3)) improvements.push(m.addPoint(p));
  if (lengthFactor < 0.9) improvements.push(m.tooShort);

  return evaluationSchema.parse({
    score,
    strengths,
    improvements,
    missing_concepts: missing,
    further_study: furtherStudy(question.citations, missing, lang),
    key_points: keyPoints,
    model_answer: model,
  });
}

/**
 * The cited pages to reread: each with the missing points it explains (a point goes to the page
 * whose quote shares most of its words, else the first page); when nothing is missing, the first
 * page, to consolidate.
 */
function furtherStudy(citations: Citation[], missing: string[], lang: CourseLanguage): CitedText[] {
  const m = quizMessages(lang);
  const pages: { key: string; citations: Citation[]; points: string[] }[] = [];
  for (const c of citations) {
    const key = `${c.file_id}#${c.page}`;
    const page = pages.find((p) => p.key === key);
    if (page) page.citations.push(c);
    else pages.push({ key, citations: [c], points: [] });
  }
  if (pages.length === 0) return [];
  for (const point of missing) {
    const stems = new Set(conceptStems(point, lang));
    let best = pages[0];
    let bestShare = -1;
    for (const page of pages) {
      const quoted = new Set(conceptStems(page.citations.map((c) => c.quote ?? '').join(' '), lang));
      const share = [...stems].filter((s) => quoted.has(s)).length / Math.max(1, stems.size);
      if (share > bestShare) [best, bestShare] = [page, share];
    }
    best.points.push(point);
  }
  if (missing.length === 0) {
    const first = pages[0];
    return [{ text: m.rereadAll(first.citations[0].file_name, first.citations[0].page), citations: first.citations }];
  }
  return pages
    .filter((p) => p.points.length > 0)
    .map((p) => ({ text: m.reread(p.citations[0].file_name, p.citations[0].page, p.points.slice(0, 3)), citations: p.citations }));
}

interface WrongValue {
  wrong: string;
  right: string;
}

const isYear = (q: Quantity) => !q.unit && Number.isInteger(q.value) && q.value >= 1000 && q.value <= 2100;

function sameValue(a: Quantity, b: Quantity): boolean {
  try {
    const x = a.unit ? math.unit(a.value, a.unit) : null;
    const y = b.unit ? math.unit(b.value, b.unit) : null;
    if (x && y) {
      if (!x.equalBase(y)) return false;
      const vy = y.toNumber(b.unit as string);
      const vx = x.toNumber(b.unit as string);
      return Math.abs(vx - vy) <= 0.011 * Math.max(Math.abs(vx), Math.abs(vy));
    }
  } catch {
    return false;
  }
  return a.value === b.value;
}

function comparable(a: Quantity, b: Quantity): boolean {
  if (isYear(a) || isYear(b)) return isYear(a) && isYear(b);
  if (!a.unit || !b.unit) return false;
  try {
    return math.unit(1, a.unit).equalBase(math.unit(1, b.unit));
  } catch {
    return false;
  }
}

function distance(a: Quantity, b: Quantity): number {
  return Math.abs(Math.log(Math.abs(a.value) + 1e-9) - Math.log(Math.abs(b.value) + 1e-9));
}

/** Values of the answer (with a unit, or years) that the rubric states otherwise. */
function wrongValues(answer: string, rubric: string, lang: CourseLanguage): WrongValue[] {
  const expected = parseQuantities(rubric, lang).filter((q) => q.unit || isYear(q));
  if (expected.length === 0) return [];
  const out: WrongValue[] = [];
  for (const given of parseQuantities(answer, lang)) {
    const peers = expected.filter((e) => comparable(given, e));
    if (peers.length === 0 || peers.some((e) => sameValue(given, e))) continue;
    if (out.some((w) => fold(w.wrong) === fold(given.text))) continue;
    // The course's value nearest to the student's is the one they meant.
    const nearest = peers.reduce((a, b) => (distance(given, b) < distance(given, a) ? b : a));
    out.push({ wrong: given.text, right: nearest.text });
  }
  return out;
}
