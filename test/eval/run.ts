// `npm run eval`: the evaluation set (../shared/eval) uploaded as a student would, through the real
// handlers on the laptop host; then
//  1. each course's document model compared with its ground truth: headings with their level and
//     in order, sentences recovered whole, running header and footer text left in the body, list
//     items and table cells;
//  2. answering, asked through the API as the browser asks: answers with the expected facts and a
//     citation of the right page (by question style), cross-language questions, refusals of what the
//     course does not answer, exercises; the 12 tuned courses and the 4 held out apart;
//  3. grading of open answers: each course's grading items (model answer, paraphrase, negated,
//     partial, off-topic) scored by the engine's evaluation of an open quiz answer (grading.ts);
//     then the refusal trade-off: the decision to answer replayed at other thresholds (tradeoff.ts);
//  4. the five answer modes on what mode "course" answers: each answers, no two say the same,
//     step by step gives ordered steps or says it is no process, concise answers in one or two
//     sentences (modes.ts).
// Prints a table per course and in total (`--misses` lists what was missed). `REVISE_EVAL_DIR`
// points at another set laid out the same way.
import { answerScores, formatAnswerTable, formatMisses } from './answering.js';
import { formatGradingMisses, formatGradingTable, gradingScores } from './grading.js';
import { formatModeTable, modeScores } from './modes.js';
import { formatTradeoff, judgeAll } from './tradeoff.js';
import { evalCourses, evalDir, hasEvalSet, startEvalSession, uploadCourse, type UploadedCourse } from './courses.js';
import { parseCourse } from './ground-truth.js';
import { compareStructure, formatTable, type StructureScore } from './structure.js';

/** Uploads every course of the set and scores its structure. */
export async function structureScores(): Promise<{ id: string; score: StructureScore; status: string }[]> {
  const session = await startEvalSession();
  try {
    const rows: { id: string; score: StructureScore; status: string }[] = [];
    for (const course of evalCourses()) {
      const uploaded = await uploadCourse(session, course);
      rows.push({ id: course.id, status: uploaded.status, score: compareStructure(parseCourse(course.markdown), uploaded.pages, course.language) });
    }
    return rows;
  } finally {
    await session.stop();
  }
}

async function main(): Promise<void> {
  if (!hasEvalSet()) {
    console.error(`No evaluation set at ${evalDir()} (set REVISE_EVAL_DIR).`);
    process.exit(2);
  }
  const t0 = Date.now();
  const session = await startEvalSession();
  try {
    const uploaded: UploadedCourse[] = [];
    for (const course of evalCourses()) uploaded.push(await uploadCourse(session, course));
    const rows = uploaded.map((u) => ({ id: u.course.id, status: u.status, score: compareStructure(parseCourse(u.course.markdown), u.pages, u.course.language) }));
    console.log('\n1. Document model against the ground truth (through upload, extraction and the pages route)\n');
    console.log(formatTable(rows));
    console.log('\nTargets: headings ≥ 98 %, sentences ≥ 98 %, header/footer text in the body 0, list items ≥ 95 %.');
    const failed = rows.filter((r) => r.status !== 'ready');
    if (failed.length) console.log(`Not ready: ${failed.map((r) => `${r.id} (${r.status})`).join(', ')}`);
    const report = await answerScores(session, uploaded);
    console.log('\n2. Answering (through the questions route, as the browser asks)\n');
    console.log(formatAnswerTable(report));
    console.log('\nThe refusal trade-off: the decision replayed at other thresholds (answerable and cross-language questions; unanswerable ones)\n');
    console.log(formatTradeoff(judgeAll(uploaded)));
    const graded = await gradingScores(uploaded);
    console.log("\n3. Grading of open answers (the engine's evaluation of an open quiz answer, as the quiz route calls it)\n");
    console.log(formatGradingTable(graded));
    console.log('\nTargets: model answer ≥ 90, paraphrase ≥ 70, negated ≤ 20, partial 30–69, off-topic ≤ 20.');
    const modes = await modeScores(session, uploaded);
    console.log('\n4. The five modes, on the questions mode "course" answers right\n');
    console.log(formatModeTable(modes));
    console.log('\nTargets: every mode answers; no two overlap above 0.8 (Jaccard); steps ordered or "not a process"; concise answers.');
    if (process.argv.includes('--misses')) {
      for (const { id, score } of rows) {
        const misses = [...score.headings.missed, ...score.sentences.missed, ...score.items.missed, ...score.cells.missed];
        for (const m of misses) console.log(`${id} p.${m.page}: ${m.text}`);
        for (const m of score.furnitureLeaks) console.log(`${id} p.${m.page}: header/footer in the body: ${m.text}`);
      }
      console.log(formatMisses(report.misses));
      console.log(formatGradingMisses(graded));
      console.log(modes.misses.join('\n'));
    }
    console.log(`\n${rows.length} courses in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
  } finally {
    await session.stop();
  }
  process.exit(0);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
