// The coach API (functions/api/coach.ts): the briefing computed from the student's record, and
// the conversation. Shapes are the routes' in functions/core/contract.ts (functions/core/coach.ts, artefacts.ts).
import type { Briefing, CoachFigure, CoachLine, NextAction, WeakTopic } from '@core/coach.js';
import type { CoachBlock, CoachReply } from '@core/artefacts.js';
import { call } from './client';

export type { Briefing, CoachBlock, CoachFigure, CoachLine, CoachReply, NextAction, WeakTopic };

const timezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const coachApi = {
  briefing: (subjectId: string) => call('GET /api/subjects/{subjectId}/coach', { subjectId, timezone: timezone() }),
  /** Not retried: each message counts against the month's questions. */
  ask: (subjectId: string, message: string) => call('POST /api/subjects/{subjectId}/coach/messages', { subjectId }, { message, timezone: timezone() }, { retry: false }),
};
