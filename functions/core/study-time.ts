// Study time, measured from what the student does: a study page sends a heartbeat at most every
// 30 s while it is visible and the student interacts (none after 2 minutes idle), and answers,
// reviews and questions count as activity too. Each beat claims the active time since the page's
// previous one; the server credits it only up to the wall-clock time since its last credit for that
// student, so two open tabs never count the same minute twice. Pure: the store keeps
// `last_credit_at` per student and applies a credit with an update conditional on it.

/** The longest active stretch one heartbeat may claim. */
export const HEARTBEAT_MAX_MS = 30_000;
/** After this long without interaction the page stops sending heartbeats. */
export const IDLE_AFTER_MS = 2 * 60_000;
/** An answer, a review or a question counts as this much activity at most. */
export const EVENT_CREDIT_MS = 30_000;

/**
 * The milliseconds to credit for a beat at `now` claiming `claimedMs` of activity, given when the
 * student was last credited (null: never).
 */
export function creditedMs(lastCreditAt: number | null, now: number, claimedMs: number): number {
  const claimed = Math.max(0, Math.min(Number.isFinite(claimedMs) ? claimedMs : 0, HEARTBEAT_MAX_MS));
  if (lastCreditAt === null) return claimed;
  return Math.max(0, Math.min(claimed, now - lastCreditAt));
}
