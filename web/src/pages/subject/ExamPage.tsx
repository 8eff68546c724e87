// `/subject/{subjectId}/exam` (Premium): choose the files (all: the whole subject),
// the length and the format, and take a timed exam. The timer counts down from the deadline the
// server stores, so a reload keeps the time and the answers (each saved as it is given, with the
// time spent on its question); at zero the page submits. Then the grade out of 20 and, for each
// question, the answer given, the right one, the pages to reread and the time spent. Free
// accounts see what the exam is; starting one opens the upgrade modal with the server's refusal.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { examsApi, type ExamCorrection, type ExamListItem, type ExamView } from '../../api/exams';
import type { Subject } from '../../api/subjects';
import { Icon } from '../../components/ContentParts';
import { FormFeedback } from '../../components/FormFeedback';
import Citations from '../../components/study/Citations';
import { LoadingLine, NoFilesHint, StudyHead, submitWith } from '../../components/study/StudyParts';
import { useErrorText } from '../../components/study/useErrorText';
import { useFeatureUsage } from '../../components/study/useFeatureUsage';
import { useSubjectFiles } from '../../components/study/useSubjectFiles';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n, type MessageKey } from '../../i18n';
import { subjectPath, useSubject } from './SubjectLayout';
import '../../styles/study.css';
import '../../styles/quiz.css';
import '../../styles/exam.css';

const lengths = [20, 60, 120] as const;
const formats = ['mixed', 'mcq', 'open'] as const;
const formatLabel: Record<(typeof formats)[number], MessageKey> = { mixed: 'exam.format.mixed', mcq: 'exam.format.mcq', open: 'exam.format.open' };

/** mm:ss (h:mm:ss past an hour). */
export function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

const gradeText = (grade: number, lang: string) => grade.toLocaleString(lang === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 1 });

export default function ExamPage() {
  const { t } = useI18n();
  const { subject } = useSubject();
  usePageTitle(`${t('tool.exam')} · ${subject.name}`);
  return <ExamWorkspace key={subject.id} subject={subject} />;
}

function ExamWorkspace({ subject }: { subject: Subject }) {
  const { t } = useI18n();
  const subjectId = subject.id;
  const [params, setParams] = useSearchParams();
  const examId = params.get('exam');
  const errorText = useErrorText(true);
  const allowance = useFeatureUsage('quiz_generation');
  const [exam, setExam] = useState<ExamView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!examId) {
      setExam(null);
      return;
    }
    if (exam?.id === examId) return;
    setProblem(null);
    examsApi.get(subjectId, examId).then(setExam, (err) => setProblem(errorText(err, 'exam.loadError')));
  }, [examId, subjectId]);

  const show = (view: ExamView) => {
    setExam(view);
    setParams({ exam: view.id });
  };

  return (
    <section className="study-main exam-page" aria-labelledby="exam-title">
      <StudyHead id="exam-title" title={t('tool.exam')} intro={t('exam.intro')} />
      <FormFeedback error={problem} />
      {examId && !exam && !problem && <LoadingLine text={t('exam.opening')} />}
      {!examId && <ExamSetup subjectId={subjectId} locked={allowance.premium?.exam_mode === false} onStarted={show} capped={allowance.capped} />}
      {exam && exam.status !== 'graded' && <ExamRunner subjectId={subjectId} exam={exam} onDone={setExam} />}
      {exam && exam.status === 'graded' && exam.result && <ExamResultView subjectId={subjectId} exam={exam} onNew={() => setParams({})} />}
    </section>
  );
}

function ExamSetup({ subjectId, locked, onStarted, capped }: { subjectId: string; locked: boolean; onStarted(e: ExamView): void; capped(err: unknown): boolean }) {
  const { t } = useI18n();
  const ids = useId();
  const errorText = useErrorText(true);
  const { ready, files, processing } = useSubjectFiles(subjectId);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [minutes, setMinutes] = useState<(typeof lengths)[number]>(20);
  const [format, setFormat] = useState<(typeof formats)[number]>('mixed');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [past, setPast] = useState<ExamListItem[]>([]);

  useEffect(() => {
    if (locked) return;
    examsApi.list(subjectId).then((r) => setPast(r.exams), () => setPast([]));
  }, [subjectId, locked]);

  const selected = chosen ?? new Set(ready.map((f) => f.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };

  const start = async () => {
    if (busy) return;
    if (selected.size === 0) {
      setError(t('exam.filesRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const whole = selected.size === ready.length;
      onStarted(await examsApi.start(subjectId, { minutes, format, ...(whole ? {} : { file_ids: [...selected] }) }));
    } catch (err) {
      if (!capped(err)) setError(errorText(err, 'exam.startError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {locked && (
        <div className="soon-note exam-premium" role="note" data-testid="exam-premium-note">
          <span className="badge">Premium</span>
          <p style={{ margin: 0 }}>{t('exam.premiumNote')}</p>
        </div>
      )}
      <form className="composer exam-setup" onSubmit={submitWith(start)} noValidate>
        <fieldset className="exam-files" disabled={busy}>
          <legend className="mode-legend">{t('exam.filesLegend')}</legend>
          {files !== null && ready.length === 0 && <NoFilesHint processing={processing} uploadHref={subjectPath(subjectId, 'upload')} />}
          {ready.map((f) => (
            <label key={f.id} className="exam-file">
              <input type="checkbox" checked={selected.has(f.id)} onChange={() => toggle(f.id)} />
              <span>{f.display_name}</span>
              <span className="muted">{t('exam.pages', { count: f.page_count ?? 0 })}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="exam-options" disabled={busy}>
          <legend className="mode-legend">{t('exam.lengthLegend')}</legend>
          <div className="exam-pills">
            {lengths.map((m) => (
              <label key={m} className={`exam-pill${minutes === m ? ' checked' : ''}`}>
                <input type="radio" name={`${ids}-len`} checked={minutes === m} onChange={() => setMinutes(m)} />
                {t('exam.minutes', { count: m })}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="exam-options" disabled={busy}>
          <legend className="mode-legend">{t('exam.formatLegend')}</legend>
          <div className="exam-pills">
            {formats.map((f) => (
              <label key={f} className={`exam-pill${format === f ? ' checked' : ''}`}>
                <input type="radio" name={`${ids}-format`} checked={format === f} onChange={() => setFormat(f)} />
                {t(formatLabel[f])}
              </label>
            ))}
          </div>
        </fieldset>
        <FormFeedback error={error} />
        <div className="row exam-start">
          <button type="submit" className="btn btn-primary" disabled={busy || ready.length === 0}>
            <Icon name="target" />
            {busy ? t('exam.starting') : t('exam.start')}
          </button>
          <span className="muted">{t('exam.rules')}</span>
        </div>
      </form>
      {past.length > 0 && (
        <section className="exam-past" aria-labelledby={`${ids}-past`}>
          <h3 id={`${ids}-past`}>{t('exam.pastTitle')}</h3>
          <ul>
            {past.map((e) => (
              <li key={e.id}>
                <Link to={`?exam=${encodeURIComponent(e.id)}`}>
                  {new Date(e.created_at).toLocaleDateString()} · {t('exam.minutes', { count: e.minutes })} · {t(formatLabel[e.format])}
                  {' · '}
                  {e.grade !== null ? `${e.grade}/20` : t('exam.inProgress')}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

interface Draft {
  choice?: number;
  answer?: string;
  time_ms: number;
}

function ExamRunner({ subjectId, exam, onDone }: { subjectId: string; exam: ExamView; onDone(e: ExamView): void }) {
  const { t } = useI18n();
  const errorText = useErrorText(true);
  // The deadline on this device's clock, from the time the server says is left.
  const deadline = useRef(Date.now() + exam.remaining_ms);
  const [now, setNow] = useState(Date.now());
  const [index, setIndex] = useState(() => Math.max(0, exam.questions.findIndex((q) => !exam.answers[q.id])));
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() => ({ ...exam.answers }));
  const [saving, setSaving] = useState<Record<string, 'saving' | 'saved' | 'error'>>({});
  const [submitting, setSubmitting] = useState(exam.status === 'grading');
  const [error, setError] = useState<string | null>(null);
  const shownSince = useRef(Date.now());
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  const submitted = useRef(false);
  const q = exam.questions[Math.min(index, exam.questions.length - 1)];

  /** Time spent on the question shown, added to what was saved for it. */
  const spentOn = useCallback((id: string, base: Record<string, Draft>) => (base[id]?.time_ms ?? 0) + (id === q.id ? Date.now() - shownSince.current : 0), [q.id]);

  const save = useCallback(
    async (id: string, draft: Draft) => {
      setSaving((s) => ({ ...s, [id]: 'saving' }));
      try {
        const body = draft.choice !== undefined ? { choice: draft.choice, time_ms: Math.round(draft.time_ms) } : { answer: draft.answer ?? '', time_ms: Math.round(draft.time_ms) };
        await examsApi.answer(subjectId, exam.id, id, body);
        setSaving((s) => ({ ...s, [id]: 'saved' }));
      } catch (err) {
        setSaving((s) => ({ ...s, [id]: 'error' }));
        if (err instanceof ApiError && (err.code === 'exam_time_over' || err.code === 'exam_submitted')) return;
        setError(errorText(err, 'exam.saveError'));
      }
    },
    [subjectId, exam.id, errorText],
  );

  const change = (patch: Partial<Draft>, delay: number) => {
    const id = q.id;
    setDrafts((all) => {
      const draft: Draft = { ...all[id], ...patch, time_ms: spentOn(id, all) };
      shownSince.current = Date.now();
      clearTimeout(timers.current[id]);
      timers.current[id] = setTimeout(() => void save(id, draft), delay);
      return { ...all, [id]: draft };
    });
  };

  const go = (next: number) => {
    // The time on the question left is kept (saved with its answer, if it has one).
    setDrafts((all) => {
      const id = q.id;
      const spent = spentOn(id, all);
      shownSince.current = Date.now();
      const draft = { ...all[id], time_ms: spent };
      if (draft.choice !== undefined || draft.answer) void save(id, draft);
      return { ...all, [id]: draft };
    });
    setIndex(next);
  };

  const submit = useCallback(async () => {
    if (submitted.current) return;
    submitted.current = true;
    setSubmitting(true);
    setError(null);
    // Pending saves go first, so the graded copy has them.
    for (const [id, timer] of Object.entries(timers.current)) {
      clearTimeout(timer);
      const draft = drafts[id];
      if (draft && Date.now() < deadline.current) await save(id, draft);
    }
    timers.current = {};
    try {
      let view = await examsApi.submit(subjectId, exam.id);
      while (view.status === 'grading') {
        await new Promise((r) => setTimeout(r, 1500));
        view = await examsApi.get(subjectId, exam.id);
      }
      onDone(view);
    } catch (err) {
      submitted.current = false;
      setSubmitting(false);
      setError(errorText(err, 'exam.submitError'));
    }
  }, [drafts, save, subjectId, exam.id, onDone, errorText]);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(tick);
  }, []);
  const left = deadline.current - now;
  useEffect(() => {
    if (left <= 0 || exam.status === 'grading') void submit();
  }, [left, exam.status, submit]);

  const draft = drafts[q.id];
  const answeredCount = exam.questions.filter((x) => drafts[x.id]?.choice !== undefined || drafts[x.id]?.answer).length;
  const urgent = left < 60_000;

  if (submitting) return <LoadingLine text={t('exam.grading')} />;

  return (
    <div className="exam-run">
      <div className={`exam-timer${urgent ? ' urgent' : ''}`} role="timer" aria-live="off" data-testid="exam-timer">
        <Icon name="timer" />
        <span aria-label={t('exam.timeLeft')}>{clock(left)}</span>
        <span className="muted">{t('exam.answeredCount', { answered: answeredCount, total: exam.questions.length })}</span>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.confirm(t('exam.confirmSubmit')) && void submit()}>
          {t('exam.submit')}
        </button>
      </div>
      <nav className="exam-nav" aria-label={t('exam.navLabel')}>
        {exam.questions.map((x, i) => {
          const done = drafts[x.id]?.choice !== undefined || Boolean(drafts[x.id]?.answer);
          return (
            <button key={x.id} type="button" className={`exam-nav-item${i === index ? ' current' : ''}${done ? ' done' : ''}`} aria-current={i === index ? 'step' : undefined} onClick={() => go(i)}>
              {x.index}
            </button>
          );
        })}
      </nav>
      <article className="quiz-card exam-question" aria-labelledby="exam-q">
        <p className="muted">
          {t('exam.questionOf', { index: q.index, total: exam.questions.length })} · {t(q.type === 'mcq' ? 'exam.format.mcq' : 'exam.format.open')}
        </p>
        <h3 id="exam-q">{q.question}</h3>
        {q.type === 'mcq' ? (
          <div className="exam-options-list" role="radiogroup" aria-labelledby="exam-q">
            {q.options?.map((o, i) => (
              <label key={i} className={`exam-option${draft?.choice === i ? ' checked' : ''}`}>
                <input type="radio" name={`exam-${q.id}`} checked={draft?.choice === i} onChange={() => change({ choice: i }, 0)} />
                <span>{o}</span>
              </label>
            ))}
          </div>
        ) : (
          <textarea className="exam-answer" rows={6} value={draft?.answer ?? ''} aria-label={t('exam.yourAnswer')} onChange={(e) => change({ answer: e.target.value }, 800)} maxLength={5000} />
        )}
        <p className="muted exam-save" aria-live="polite">
          {saving[q.id] === 'saving' ? t('exam.saving') : saving[q.id] === 'saved' ? t('exam.saved') : saving[q.id] === 'error' ? t('exam.notSaved') : ''}
        </p>
        <div className="row exam-step">
          <button type="button" className="btn btn-secondary" disabled={index === 0} onClick={() => go(index - 1)}>
            ← {t('exam.previous')}
          </button>
          {index < exam.questions.length - 1 ? (
            <button type="button" className="btn btn-primary" onClick={() => go(index + 1)}>
              {t('exam.next')} →
            </button>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => window.confirm(t('exam.confirmSubmit')) && void submit()}>
              {t('exam.submit')}
            </button>
          )}
        </div>
      </article>
      <FormFeedback error={error} />
    </div>
  );
}

const statusKey: Record<ExamCorrection['status'], MessageKey> = {
  correct: 'exam.status.correct',
  incorrect: 'exam.status.incorrect',
  evaluated: 'exam.status.evaluated',
  unanswered: 'exam.status.unanswered',
};

function ExamResultView({ subjectId, exam, onNew }: { subjectId: string; exam: ExamView; onNew(): void }) {
  const { t, lang } = useI18n();
  const result = exam.result!;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="exam-result">
      <div className="exam-grade-card">
        <h3 ref={heading} tabIndex={-1}>
          {t('exam.resultTitle')}
        </h3>
        <p className="exam-grade" data-testid="exam-grade">
          {gradeText(result.grade, lang)}
          <span>/20</span>
        </p>
        <p className="muted">
          {t('exam.resultLine', { correct: result.correct, total: result.total, answered: result.answered, time: clock(result.time_ms) })}
        </p>
        {result.cards_created > 0 && (
          <p>
            <Link to={`${subjectPath(subjectId, 'flashcards')}?review=1`}>{t('exam.cardsCreated', { count: result.cards_created })}</Link>
          </p>
        )}
        <button type="button" className="btn btn-secondary" onClick={onNew}>
          {t('exam.new')}
        </button>
      </div>
      <ol className="exam-corrections">
        {result.questions.map((c) => (
          <li key={c.id} className={`quiz-card exam-correction ${c.status}`} data-testid="exam-correction">
            <p className="exam-correction-head">
              <span className="badge">{t(statusKey[c.status])}</span>
              <span className="muted">
                {c.type === 'open' && c.status === 'evaluated' ? t('exam.score', { score: c.score }) : ''} {t('exam.timeSpent', { time: clock(c.time_ms) })}
              </span>
            </p>
            <h4>
              {c.index}. {c.question}
            </h4>
            {c.type === 'mcq' && c.options && (
              <ul className="exam-correction-options">
                {c.options.map((o, i) => (
                  <li key={i} className={i === c.correct_index ? 'right' : i === c.choice ? 'wrong' : undefined}>
                    {i === c.correct_index ? '✓ ' : i === c.choice ? '✗ ' : ''}
                    {o}
                  </li>
                ))}
              </ul>
            )}
            {c.type === 'open' && (
              <>
                <p>
                  <strong>{t('exam.yourAnswer')} :</strong> {c.answer ?? '—'}
                </p>
                {c.rubric && (
                  <p>
                    <strong>{t('exam.modelAnswer')} :</strong> {c.rubric.model_answer}
                  </p>
                )}
              </>
            )}
            <p className="exam-explanation">{c.explanation}</p>
            <Citations subjectId={subjectId} citations={c.citations} />
          </li>
        ))}
      </ol>
    </div>
  );
}
