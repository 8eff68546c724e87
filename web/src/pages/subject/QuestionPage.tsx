// `/subject/{subjectId}/question`: choose a mode, ask, read the
// answer with the pages it cites, optionally save the conversation under a title. Saved
// conversations are listed beside the thread and reopen into it. The conversation on screen is
// named in the URL (`?conversation=`), so a citation's page and Back lead to the same thread.
// Leaving with turns not saved asks first (router navigations and closing the tab).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, type Location } from 'react-router-dom';
import { QUESTION_MAX_CHARS } from '@core/limits.js';
import type { Subject } from '../../api/subjects';
import { studyApi, type AnswerMode, type ConversationSummary, type Turn } from '../../api/study';
import ConfirmDialog from '../../components/ConfirmDialog';
import { Icon } from '../../components/ContentParts';
import { useTouchDevice } from '../../components/useMediaQuery';
import { FormFeedback } from '../../components/FormFeedback';
import AnswerView from '../../components/study/AnswerView';
import ModePicker, { modeLabel } from '../../components/study/ModePicker';
import SavedItemsPanel, { useSavedItems } from '../../components/study/SavedItemsPanel';
import { ComposerField, ComposerFoot, LoadingLine, SavedBadge, StudyEmpty, StudyHead, submitWith } from '../../components/study/StudyParts';
import TitleDialog from '../../components/study/TitleDialog';
import { useErrorText } from '../../components/study/useErrorText';
import { useFeatureUsage } from '../../components/study/useFeatureUsage';
import { useLeaveGuard } from '../../components/study/useLeaveGuard';
import { useSubjectFiles } from '../../components/study/useSubjectFiles';
import { useUrlRecord } from '../../components/study/useUrlRecord';
import { useI18n } from '../../i18n';
import { studyPage, subjectPath } from './SubjectLayout';
import '../../styles/study.css';

/** The server's limit (functions/api/questions.ts). */

type Problem = { text: string; field?: 'question' | 'mode' };

const summaryOf = ({ turns: _turns, ...summary }: ConversationSummary & { turns?: Turn[] }): ConversationSummary => summary;

export default studyPage('question', QuestionWorkspace);

function QuestionWorkspace({ subject }: { subject: Subject }) {
  const { t } = useI18n();
  const touch = useTouchDevice();
  const subjectId = subject.id;
  const allowance = useFeatureUsage('question_generation');
  const { files, ready, processing } = useSubjectFiles(subjectId);
  const saved = useSavedItems('conversation', subjectId);
  const errorText = useErrorText();

  const [mode, setMode] = useState<AnswerMode | null>(null);
  const [question, setQuestion] = useState('');
  const [conversation, setConversation] = useState<ConversationSummary | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [pending, setPending] = useState<{ question: string; mode: AnswerMode } | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saveOpen, setSaveOpen] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState<{ run(): void } | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const newTurnRef = useRef<HTMLLIElement>(null);
  const scrollToNew = useRef(false);

  const unsaved = turns.length > 0 && !conversation?.saved;

  // A citation opens the files page's viewer: a Back returns to this thread, so it does not ask.
  const isCitation = useCallback(
    (next: Location) => next.pathname === subjectPath(subjectId, 'files') && new URLSearchParams(next.search).has('view'),
    [subjectId],
  );
  const blocker = useLeaveGuard(unsaved, isCitation);

  const record = useUrlRecord('conversation', (id) => studyApi.conversation(subjectId, id), {
    start: () => {
      setProblem(null);
      setConversation(null);
      setTurns([]);
    },
    loaded: (c) => {
      setConversation(summaryOf(c));
      setTurns(c.turns);
      const last = c.turns[c.turns.length - 1];
      if (last) setMode(last.mode);
    },
    failed: (err) => setProblem({ text: errorText(err) }),
  });
  const { opening } = record;

  useEffect(() => {
    if (!scrollToNew.current) return;
    scrollToNew.current = false;
    newTurnRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [turns.length, pending]);

  /** Runs `action` at once, or after the student agreed to drop the turns not saved. */
  const guard = (action: () => void) => (unsaved ? setConfirmLeave({ run: action }) : action());

  const startNew = () => {
    setConversation(null);
    setTurns([]);
    setProblem(null);
    record.clear();
    textareaRef.current?.focus();
  };

  const open = (id: string) => {
    if (id === conversation?.id) return;
    record.open(id);
  };

  const ask = async () => {
    if (pending) return;
    const text = question.trim();
    if (!text) {
      setProblem({ text: t('question.empty'), field: 'question' });
      textareaRef.current?.focus();
      return;
    }
    if (!mode) {
      setProblem({ text: t('question.modeRequired'), field: 'mode' });
      return;
    }
    setProblem(null);
    setPending({ question: text, mode });
    setQuestion('');
    scrollToNew.current = true;
    try {
      const res = await studyApi.ask(subjectId, { question: text, mode, ...(conversation ? { conversation_id: conversation.id } : {}) });
      setConversation(res.conversation);
      setTurns((list) => [...list, res.turn]);
      allowance.setUsage(res.usage);
      scrollToNew.current = true;
      if (res.conversation.saved) saved.refresh(res.conversation);
      record.show(res.conversation.id);
    } catch (err) {
      setQuestion((current) => current || text);
      if (!allowance.capped(err)) setProblem({ text: errorText(err) });
    } finally {
      setPending(null);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void ask();
  };

  const save = async (title: string) => {
    if (!conversation) return;
    const done = await studyApi.saveConversation(subjectId, conversation.id, title);
    setConversation(done);
    saved.put(done);
    setSaveOpen(false);
  };

  const leaving = blocker.state === 'blocked' || confirmLeave !== null;

  return (
    <div className="study-layout">
      <section className="study-main" aria-labelledby="question-title">
        <StudyHead
          id="question-title"
          title={t('tool.question')}
          intro={conversation?.saved ? t('question.savedAs', { title: conversation.title }) : t('question.intro')}
        >
          {turns.length > 0 && (
            <div className="row study-actions">
              {conversation?.saved ? (
                <SavedBadge text={t('question.saved')} testId="conversation-saved" />
              ) : (
                <button type="button" className="btn btn-primary btn-sm" onClick={() => setSaveOpen(true)} disabled={!conversation || Boolean(pending)}>
                  {t('question.save')}
                </button>
              )}
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => guard(startNew)} disabled={Boolean(pending)}>
                <Icon name="plus" />
                {t('question.new')}
              </button>
            </div>
          )}
        </StudyHead>

        {files !== null && ready.length === 0 && (
          <div className={`alert ${processing ? 'alert-info' : 'alert-warning'} study-files-note`} role="note">
            <p>{processing ? t('study.filesProcessing') : t('study.noFiles')}</p>
            {!processing && (
              <Link to={subjectPath(subjectId, 'upload')} className="btn btn-secondary btn-sm">
                <Icon name="plus" />
                {t('subject.addFile')}
              </Link>
            )}
          </div>
        )}

        {opening && <LoadingLine text={t('question.opening')} />}

        {(turns.length > 0 || pending) && (
          <ol className="thread" aria-label={t('question.thread')}>
            {turns.map((turn, i) => (
              <li key={turn.id} className="turn" data-testid="turn" ref={i === turns.length - 1 && !pending ? newTurnRef : undefined}>
                <p className="turn-question rich-text">{turn.question}</p>
                <div className="turn-answer">
                  <p className="turn-mode">{t(modeLabel[turn.mode])}</p>
                  <AnswerView subjectId={subjectId} answer={turn.answer} />
                </div>
              </li>
            ))}
            {pending && (
              <li className="turn turn-pending" ref={newTurnRef}>
                <p className="turn-question rich-text">{pending.question}</p>
                <div className="turn-answer" role="status">
                  <p className="turn-mode">{t(modeLabel[pending.mode])}</p>
                  <p className="turn-waiting">
                    <span className="spinner spinner-sm" aria-hidden="true" />
                    {t('question.generating')}
                  </p>
                </div>
              </li>
            )}
          </ol>
        )}

        {turns.length === 0 && !pending && !opening && <StudyEmpty icon="chat" text={t('question.empty.intro')} />}

        <form className="composer" onSubmit={submitWith(ask)} noValidate>
          <ModePicker
            value={mode}
            onChange={(m) => {
              setMode(m);
              if (problem?.field === 'mode') setProblem(null);
            }}
            invalid={problem?.field === 'mode'}
          />
          <ComposerField
            id="question-input"
            label={turns.length > 0 ? t('question.followUpLabel') : t('question.label')}
            hint={touch ? t('question.touchHint') : t('question.enterHint')}
            hintId="question-hint"
            ref={textareaRef}
            rows={3}
            maxLength={QUESTION_MAX_CHARS}
            value={question}
            placeholder={t('question.placeholder')}
            onChange={(e) => {
              setQuestion(e.target.value);
              if (problem?.field === 'question') setProblem(null);
            }}
            onKeyDown={onKeyDown}
            aria-invalid={problem?.field === 'question' || undefined}
          />
          <FormFeedback error={problem?.text} />
          <ComposerFoot usage={allowance.usage} words="question" busy={Boolean(pending)} label={pending ? t('question.asking') : t('question.ask')} />
        </form>
      </section>

      <SavedItemsPanel
        saved={saved}
        currentId={conversation?.id}
        onOpen={(c) => guard(() => open(c.id))}
        onDeleted={(c) => {
          if (c.id === conversation?.id) startNew();
        }}
      />

      {saveOpen && conversation && (
        <TitleDialog
          title={t('question.saveTitle')}
          label={t('question.titleLabel')}
          initial={conversation.title || turns[0]?.question || ''}
          onSave={save}
          onClose={() => setSaveOpen(false)}
        />
      )}

      {leaving && (
        <ConfirmDialog
          title={t('question.leaveTitle')}
          text={t('question.leaveText')}
          confirmLabel={t('question.leaveConfirm')}
          busyLabel={t('question.leaveConfirm')}
          onConfirm={async () => {
            if (blocker.state === 'blocked') {
              blocker.proceed();
              return;
            }
            const action = confirmLeave;
            setConfirmLeave(null);
            action?.run();
          }}
          onClose={() => {
            if (blocker.state === 'blocked') blocker.reset();
            setConfirmLeave(null);
          }}
        />
      )}
    </div>
  );
}
