// Goals: weekly study time, target grade out of 20, target quiz score, and the
// optional current grade. The spec gives no bounds; Révise's are below: a value off its step or
// out of range is refused, with details in the caller's language (core/validation.ts), and a value
// kept is the exact multiple of its step (core/bounds.ts: never 1e-200, never -0).
import { z } from 'zod';
import { steppedNumber } from './bounds.js';

export const GOAL_BOUNDS = {
  /** Hours a week, in half hours: from one hour to a full-time 60. */
  weeklyHours: { min: 1, max: 60, step: 0.5 },
  /** French grades, out of 20, in half points. */
  grade: { min: 0, max: 20, step: 0.5 },
  /** Percent of quiz questions right, whole numbers. */
  quizScore: { min: 0, max: 100, step: 1 },
} as const;

export const goalsSchema = z
  .object({
    weekly_hours: steppedNumber(GOAL_BOUNDS.weeklyHours),
    target_grade: steppedNumber(GOAL_BOUNDS.grade),
    target_quiz_score: steppedNumber(GOAL_BOUNDS.quizScore),
    current_grade: steppedNumber(GOAL_BOUNDS.grade).nullable().default(null),
  })
  .strict();

export type Goals = z.output<typeof goalsSchema>;

/** Progress toward the weekly time goal: minutes studied against the goal, capped at 100 %. */
export function weeklyProgress(goals: Pick<Goals, 'weekly_hours'>, studiedMinutes: number): { minutes: number; goalMinutes: number; percent: number } {
  const goalMinutes = Math.round(goals.weekly_hours * 60);
  const minutes = Math.max(0, Math.round(studiedMinutes));
  return { minutes, goalMinutes, percent: goalMinutes ? Math.min(100, Math.round((minutes / goalMinutes) * 100)) : 0 };
}
