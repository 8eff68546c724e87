// The quiz session on screen and what the student does with it: open the one named in the URL
// (`?session=`), start one, generate each question on demand, answer it, end the session, start
// over. It calls the quiz API in the same order as ever, puts the results where quiz-state.ts says,
// and after each step moves the focus to the next-question button, the summary or the
// "no more questions" note (the effect registered after the URL record's, as before).
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import type { Card } from '../../api/cards';
import { quizApi, type QuizAnswer, type QuizDifficulty, type QuizSession } from '../../api/quiz';
import type { useErrorText } from '../study/useErrorText';
import type { useFeatureUsage } from '../study/useFeatureUsage';
import { useUrlRecord } from '../study/useUrlRecord';
import { typeForIndex, type QuestionMode } from './labels';
import {
  announcementFor,
  answerErrorKey,
  answerFailure,
  generateFailure,
  withQuestion,
  withRefreshed,
  withResult,
  withSummary,
  type Busy,
  type FocusTarget,
  type Problem,
  type Translate,
} from './quiz-state';

const codeOf = (err: unknown): string | null => (err instanceof ApiError ? err.code : null);

interface Needs {
  subjectId: string;
  mode: QuestionMode;
  t: Translate;
  errorText: ReturnType<typeof useErrorText>;
  allowance: ReturnType<typeof useFeatureUsage>;
}

export function useQuizSession({ subjectId, mode, t, errorText, allowance }: Needs) {
  const [session, setSession] = useState<QuizSession | null>(null);
  /** The review card each answer of this visit created (null: none). */
  const [cards, setCards] = useState<Record<string, Card | null>>({});
  const [busy, setBusy] = useState<Busy | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  /** Why no question can come any more (nothing new in the file, or the session is full). */
  const [exhausted, setExhausted] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const nextButton = useRef<HTMLButtonElement>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const exhaustedTitle = useRef<HTMLHeadingElement>(null);
  const focusAfter = useRef<FocusTarget | null>(null);

  const record = useUrlRecord('session', (id) => quizApi.session(subjectId, id), {
    start: () => {
      setProblem(null);
      setExhausted(null);
      setSession(null);
    },
    loaded: setSession,
    failed: (err) => setProblem({ text: errorText(err, 'quiz.loadError'), where: 'setup' }),
  });

  // Focus follows the work: the next-question button after a correction, the summary at the end.
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    const el = target === 'next' ? nextButton.current : target === 'summary' ? summaryHeading.current : exhaustedTitle.current;
    el?.focus({ preventScroll: target === 'next' });
    if (target !== 'next') el?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  });

  const refreshSession = async (id: string) => {
    try {
      const fresh = await quizApi.session(subjectId, id);
      setSession((s) => withRefreshed(s, fresh));
    } catch {
      /* the session on screen stays as it is */
    }
  };

  const generate = async (target: QuizSession) => {
    setBusy('generating');
    setProblem(null);
    try {
      const res = await quizApi.nextQuestion(subjectId, target.id, typeForIndex(mode, target.questions.length + 1));
      allowance.setUsage(res.usage);
      setSession((s) => withQuestion(s, target.id, res.question));
    } catch (err) {
      const next = generateFailure(codeOf(err));
      if (next === 'exhausted') {
        setExhausted(errorText(err, 'quiz.exhausted'));
        focusAfter.current = 'exhausted';
      } else if (next === 'refresh') await refreshSession(target.id);
      else if (!allowance.capped(err)) setProblem({ text: errorText(err, 'quiz.generateError'), where: 'session' });
    } finally {
      setBusy(null);
    }
  };

  const start = async (fileId: string, difficulty: QuizDifficulty) => {
    setBusy('starting');
    setProblem(null);
    let created: QuizSession;
    try {
      created = await quizApi.start(subjectId, { file_id: fileId, difficulty });
    } catch (err) {
      setProblem({ text: errorText(err, 'quiz.startError'), where: 'setup' });
      setBusy(null);
      return;
    }
    setSession(created);
    setCards({});
    setExhausted(null);
    record.show(created.id, { type: mode });
    await generate(created);
  };

  const answer = async (body: QuizAnswer) => {
    const current = session?.questions[session.questions.length - 1];
    if (!session || !current || busy) return;
    const written = 'answer' in body;
    setBusy(written ? 'evaluating' : 'answering');
    setProblem(null);
    try {
      const { result, card } = await quizApi.answer(subjectId, session.id, current.id, body);
      setSession((s) => withResult(s, session.id, result));
      setCards((list) => ({ ...list, [result.id]: card }));
      setAnnouncement(announcementFor(result, card, t));
      focusAfter.current = 'next';
    } catch (err) {
      if (answerFailure(codeOf(err)) === 'refresh') await refreshSession(session.id);
      else setProblem({ text: errorText(err, answerErrorKey(written)), where: 'answer' });
    } finally {
      setBusy(null);
    }
  };

  const end = async () => {
    if (!session || busy) return;
    setBusy('ending');
    setProblem(null);
    try {
      const summary = await quizApi.end(subjectId, session.id);
      setSession((s) => withSummary(s, session.id, summary, new Date().toISOString()));
      setExhausted(null);
      focusAfter.current = 'summary';
      // The statuses as the server closed them (a question left open counts as skipped).
      await refreshSession(session.id);
    } catch (err) {
      setProblem({ text: errorText(err, 'study.networkError'), where: 'session' });
    } finally {
      setBusy(null);
    }
  };

  const newQuiz = () => {
    setSession(null);
    setCards({});
    setExhausted(null);
    setProblem(null);
    setAnnouncement('');
    record.clear();
  };

  const refs = { nextButton, summaryHeading, exhaustedTitle };
  const actions = { generate, start, answer, end, newQuiz };
  return { session, cards, busy, problem, setProblem, exhausted, announcement, opening: record.opening, refs, actions };
}
