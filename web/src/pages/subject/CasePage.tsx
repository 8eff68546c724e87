// `/subject/{subjectId}/case` (Premium): a practical case built from the course — a scenario, then
// 3 to 5 questions applying its rules ("which rule applies? justify"), or for a scientific course a
// problem with data. Each answer is graded against its rubric and comes back with the score, what
// is missing, the model answer, the reasoning expected, the pages, and for a problem the worked
// solution. Free accounts see what it is; building one opens the upgrade modal.
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { casesApi, type CaseQuestionView, type PracticalCaseView } from '../../api/cases';
import { Icon } from '../../components/ContentParts';
import { FormFeedback } from '../../components/FormFeedback';
import Citations from '../../components/study/Citations';
import { FileSelect, LoadingLine, NoFilesHint, StudyHead, submitWith } from '../../components/study/StudyParts';
import { useErrorText } from '../../components/study/useErrorText';
import { useFeatureUsage } from '../../components/study/useFeatureUsage';
import { useSubjectFiles } from '../../components/study/useSubjectFiles';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../i18n';
import { subjectPath, useSubject } from './SubjectLayout';
import '../../styles/study.css';
import '../../styles/quiz.css';
import '../../styles/exam.css';

export default function CasePage() {
  const { t } = useI18n();
  const { subject } = useSubject();
  usePageTitle(`${t('tool.case')} · ${subject.name}`);
  return <CaseWorkspace key={subject.id} subjectId={subject.id} />;
}

function CaseWorkspace({ subjectId }: { subjectId: string }) {
  const { t } = useI18n();
  const ids = useId();
  const errorText = useErrorText(true);
  const allowance = useFeatureUsage('question_generation');
  const { ready, files, processing } = useSubjectFiles(subjectId);
  const [params, setParams] = useSearchParams();
  const caseId = params.get('case');
  const [current, setCurrent] = useState<PracticalCaseView | null>(null);
  const [fileId, setFileId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!caseId) {
      setCurrent(null);
      return;
    }
    if (current?.id === caseId) return;
    casesApi.get(subjectId, caseId).then(setCurrent, (err) => setError(errorText(err, 'case.loadError')));
  }, [caseId, subjectId, current?.id, errorText]);

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const made = await casesApi.start(subjectId, fileId || null);
      setCurrent(made);
      setParams({ case: made.id });
    } catch (err) {
      if (!allowance.capped(err)) setError(errorText(err, 'case.startError'));
    } finally {
      setBusy(false);
    }
  };

  const locked = allowance.premium?.practical_cases === false;
  return (
    <section className="study-main case-page" aria-labelledby="case-title">
      <StudyHead id="case-title" title={t('tool.case')} intro={t('case.intro')} />
      {!caseId && (
        <>
          {locked && (
            <div className="soon-note exam-premium" role="note" data-testid="case-premium-note">
              <span className="badge">Premium</span>
              <p style={{ margin: 0 }}>{t('case.premiumNote')}</p>
            </div>
          )}
          <form className="composer" onSubmit={submitWith(start)} noValidate>
            <label htmlFor={`${ids}-file`} className="mode-legend">
              {t('case.fileLabel')}
            </label>
            <FileSelect id={`${ids}-file`} files={ready} firstOption={t('case.wholeSubject')} value={fileId} onChange={(e) => setFileId(e.target.value)} disabled={busy} />
            {files !== null && ready.length === 0 && <NoFilesHint processing={processing} uploadHref={subjectPath(subjectId, 'upload')} />}
            <FormFeedback error={error} />
            <div className="row exam-start">
              <button type="submit" className="btn btn-primary" disabled={busy || ready.length === 0}>
                <Icon name="school" />
                {busy ? t('case.starting') : t('case.start')}
              </button>
            </div>
          </form>
        </>
      )}
      {caseId && !current && !error && <LoadingLine text={t('case.opening')} />}
      {caseId && error && <FormFeedback error={error} />}
      {current && (
        <>
          <article className="coach-card case-scenario" data-testid="case-scenario">
            <h3>{current.title}</h3>
            {current.scenario.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </article>
          <ol className="exam-corrections">
            {current.questions.map((q) => (
              <CaseQuestion key={q.id} subjectId={subjectId} caseId={current.id} question={q} onGraded={(g) => setCurrent((c) => (c ? { ...c, questions: c.questions.map((x) => (x.id === g.id ? g : x)) } : c))} />
            ))}
          </ol>
          <button type="button" className="btn btn-secondary" onClick={() => setParams({})}>
            {t('case.new')}
          </button>
        </>
      )}
    </section>
  );
}

function CaseQuestion({ subjectId, caseId, question, onGraded }: { subjectId: string; caseId: string; question: CaseQuestionView; onGraded(q: CaseQuestionView): void }) {
  const { t } = useI18n();
  const errorText = useErrorText(true);
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (busy) return;
    if (!answer.trim()) {
      setError(t('case.answerRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onGraded((await casesApi.answer(subjectId, caseId, question.id, answer)).question);
    } catch (err) {
      setError(errorText(err, 'case.gradeError'));
    } finally {
      setBusy(false);
    }
  };
  const e = question.evaluation;
  return (
    <li className="quiz-card case-question" data-testid="case-question">
      <h4>
        {question.index}. {question.prompt}
      </h4>
      {!e ? (
        <form onSubmit={submitWith(send)} noValidate>
          <textarea className="exam-answer" rows={4} value={answer} onChange={(ev) => setAnswer(ev.target.value)} aria-label={t('exam.yourAnswer')} maxLength={5000} disabled={busy} />
          <FormFeedback error={error} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('case.grading') : t('case.submit')}
          </button>
        </form>
      ) : (
        <div className="case-correction" data-testid="case-correction">
          <p>
            <span className="badge">{t('exam.score', { score: Math.round(e.score) }).replace(' ·', '')}</span>
          </p>
          <p>
            <strong>{t('exam.yourAnswer')} :</strong> {question.answer}
          </p>
          {e.missing_concepts.length > 0 && (
            <p>
              <strong>{t('case.missing')} :</strong> {e.missing_concepts.join(' ; ')}
            </p>
          )}
          <p>
            <strong>{t('exam.modelAnswer')} :</strong> {question.rubric?.model_answer}
          </p>
          <p>
            <strong>{t('case.reasoning')} :</strong>
          </p>
          <ol>
            {question.reasoning?.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ol>
          {question.solution && question.solution.calculations.length > 0 && (
            <p className="case-calc">
              <strong>{t('case.calculation')} :</strong> {question.solution.calculations.map((c) => c.expression).join(' ; ')}
            </p>
          )}
          <Citations subjectId={subjectId} citations={question.citations ?? []} />
        </div>
      )}
    </li>
  );
}
