// Which file the quiz and podcast pages choose for the student (issue 25: no "choose a file"
// step when the subject has one), decided apart from React so it can be checked on its own.

/**
 * The subject's only ready file when nothing is chosen yet; null when there is a choice to make,
 * or a choice already made.
 */
export function soleFileChoice(ready: readonly { id: string }[], chosen: string): string | null {
  return !chosen && ready.length === 1 ? ready[0].id : null;
}
