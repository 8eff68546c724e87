// The coach API (functions/api/coach.ts): the briefing computed from the student's record, and
// the conversation. Shapes are the server's own (functions/core/coach.ts, functions/engine/types.ts).
import type { Briefing, CoachFigure, CoachLine, NextAction, WeakTopic } from '../../../functions/core/coach';
import type { CoachBlock, CoachReply } from '../../../functions/engine/types';
import { api } from './client';
import type { UsageFigure } from './study';

export type { Briefing, CoachBlock, CoachFigure, CoachLine, CoachReply, NextAction, WeakTopic };

const enc = encodeURIComponent;
const timezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const coachApi = {
  briefing: (subjectId: string) => api.get<{ briefing: Briefing }>(`/subjects/${enc(subjectId)}/coach?timezone=${enc(timezone())}`),
  /** Not retried: each message counts against the month's questions. */
  ask: (subjectId: string, message: string) =>
    api.post<{ reply: CoachReply; figures: CoachFigure[]; usage: UsageFigure }>(`/subjects/${enc(subjectId)}/coach/messages`, { message, timezone: timezone() }, { retry: false }),
};
