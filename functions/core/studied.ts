// What "studied" means, once, for every page that says it: the plan (pages left to read), the
// statistics ("files not yet studied") and the coach (the next page to read). A page is studied
// once it is marked so (a plan reading ticked off in the tasks, or the pages marked from the
// plan); a file is studied when every one of its pages is. Answering a quiz on a file does not
// study its pages: the plan would still ask to read them.

/** The pages of a file not yet studied, as runs of consecutive pages in the document's order. */
export function unreadRuns(pageCount: number, studiedPages: Iterable<number>): { from: number; to: number }[] {
  const studied = new Set(studiedPages);
  const runs: { from: number; to: number }[] = [];
  for (let p = 1; p <= pageCount; p++) {
    if (studied.has(p)) continue;
    const last = runs[runs.length - 1];
    if (last && last.to === p - 1) last.to = p;
    else runs.push({ from: p, to: p });
  }
  return runs;
}

/** How many pages of a file are not yet studied. */
export const unreadPageCount = (pageCount: number, studiedPages: Iterable<number>): number => unreadRuns(pageCount, studiedPages).reduce((n, r) => n + r.to - r.from + 1, 0);
