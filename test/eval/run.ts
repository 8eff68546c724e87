// `npm run eval`: the evaluation set (../shared/eval) uploaded as a student would, through the real
// handlers on the laptop host, and each course's document model compared with its ground truth:
// headings with their level and in order, sentences recovered whole, running header and footer
// text left in the body, list items and table cells. Prints a table per course and in total.
// `REVISE_EVAL_DIR` points at another set laid out the same way.
import { evalCourses, evalDir, hasEvalSet, startEvalSession, uploadCourse } from './courses.js';
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
  const rows = await structureScores();
  const failed = rows.filter((r) => r.status !== 'ready');
  console.log('\nDocument model against the ground truth (through upload, extraction and the pages route)\n');
  console.log(formatTable(rows));
  if (process.argv.includes('--misses')) {
    for (const { id, score } of rows) {
      const misses = [...score.headings.missed, ...score.sentences.missed, ...score.items.missed, ...score.cells.missed];
      for (const m of misses) console.log(`${id} p.${m.page}: ${m.text}`);
      for (const m of score.furnitureLeaks) console.log(`${id} p.${m.page}: header/footer in the body: ${m.text}`);
    }
  }
  console.log(`\nTargets: headings ≥ 98 %, sentences ≥ 98 %, header/footer text in the body 0, list items ≥ 95 %. ${rows.length} courses in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
  if (failed.length) console.log(`Not ready: ${failed.map((r) => `${r.id} (${r.status})`).join(', ')}`);
  process.exit(0);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
