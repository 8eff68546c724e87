// The study pages' heartbeat (question, quiz, sheets, flashcards, files viewer): active time on the
// page, counted by `startHeartbeat` and sent to `POST /api/subjects/{id}/activity`. A lost beat is
// lost: study time is a measure, not a ledger the student must see complete.
import { useEffect } from 'react';
import { progressApi } from '../../api/progress';
import { startHeartbeat } from './heartbeat';

export function useStudyHeartbeat(subjectId: string): void {
  useEffect(() => {
    if (!subjectId) return;
    return startHeartbeat({ document, window }, (ms, leaving) => {
      progressApi.activity(subjectId, ms, { keepalive: leaving }).catch(() => undefined);
    });
  }, [subjectId]);
}
