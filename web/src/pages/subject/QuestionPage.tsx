// `/subject/{subjectId}/question` (spec §2 Question, §4 Question): choose a mode, ask, read the
// answer with the pages it cites, optionally save the conversation under a title. Saved
// conversations are listed beside the thread and reopen into it. The conversation on screen is
// named in the URL (`?conversation=`), so a citation's page and Back lead to the same thread.
// Leaving with turns not saved asks first (router navigations and closing the tab).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams, type Location } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { subjectsApi, type FileView, type Subject } from '../../api/subjects';
import { studyApi, type AnswerMode, type ConversationSummary, type FeatureUsage, type Turn } from '../../api/study';
import ConfirmDialog from '../../components/ConfirmDialog';
import { Icon } from '../../components/ContentParts';
import { FormFeedback } from '../../components/FormFeedback';
import { isCapError, useUpgradeModal } from '../../components/UpgradeModal';
import { usePageTitle } from '../../components/usePageTitle';
import AnswerView from '../../components/study/AnswerView';
import ModePicker, { modeLabel } from '../../components/study/ModePicker';
import TitleDialog from '../../components/study/TitleDialog';
import UsageNote, { type UsageWords } from '../../components/study/UsageNote';
import { useLeaveGuard } from '../../components/study/useLeaveGuard';
import { useI18n } from '../../i18n';
import { subjectPath, useSubject } from './SubjectLayout';
import '../../styles/study.css';

const questionWords: UsageWords = {
  none: 'question.usageNone',
  one: 'question.usageOne',
  many: 'question.usageMany',
  unlimited: 'question.usageUnlimited',
};

/** The server's limit (functions/api/questions.ts). */
const MAX_QUESTION_CHARS = 2000;

type Problem = { text: string; field?: 'question' | 'mode' };

const summaryOf = ({ turns: _turns, ...summary }: ConversationSummary & { turns?: Turn[] }): ConversationSummary => summary;

export default function QuestionPage() {
  const { subject } = useSubject();
  return <QuestionWorkspace key={subject.id} subject={subject} />;
}

function QuestionWorkspace({ subject }: { subject: Subject }) {
  const { t, formatDate } = useI18n();
  const upgrade = useUpgradeModal();
  usePageTitle(`${t('tool.question')} · ${subject.name}`);
  const [params, setParams] = useSearchParams();
  const urlId = params.get('conversation');

  const [mode, setMode] = useState<AnswerMode | null>(null);
  const [question, setQuestion] = useState('');
  const [conversation, setConversation] = useState<ConversationSummary | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [pending, setPending] = useState<{ question: string; mode: AnswerMode } | null>(null);
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [usage, setUsage] = useState<FeatureUsage | null>(null);
  const [files, setFiles] = useState<FileView[] | null>(null);
  const [savedList, setSavedList] = useState<ConversationSummary[] | null>(null);
  const [listError, setListError] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState<{ run(): void } | null>(null);
  const [toDelete, setToDelete] = useState<ConversationSummary | null>(null);
  /** The conversation whose turns are on screen (or loading), to tell a URL change from our own. */
  const shownId = useRef<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const newTurnRef = useRef<HTMLLIElement>(null);
  const scrollToNew = useRef(false);

  const unsaved = turns.length > 0 && !conversation?.saved;
  const subjectId = subject.id;

  // A citation opens the files page's viewer: a Back returns to this thread, so it does not ask.
  const isCitation = useCallback(
    (next: Location) => next.pathname === subjectPath(subjectId, 'files') && new URLSearchParams(next.search).has('view'),
    [subjectId],
  );
  const blocker = useLeaveGuard(unsaved, isCitation);

  const errorText = useCallback((err: unknown) => (err instanceof ApiError && err.message ? err.message : t('study.networkError')), [t]);

  const loadSaved = useCallback(async () => {
    setListError(false);
    try {
      const { conversations } = await studyApi.conversations(subjectId);
      setSavedList(conversations);
    } catch {
      setListError(true);
    }
  }, [subjectId]);

  useEffect(() => {
    void loadSaved();
    studyApi.usage().then(
      (u) => setUsage(u.features.question_generation),
      () => setUsage(null),
    );
    subjectsApi.files(subjectId).then(
      ({ files: list }) => setFiles(list),
      () => setFiles(null),
    );
  }, [subjectId, loadSaved]);

  // The conversation named in the URL: reopened from the server unless it is the one on screen.
  useEffect(() => {
    if (!urlId || urlId === shownId.current) return;
    let cancelled = false;
    let done = false;
    shownId.current = urlId;
    setOpening(true);
    setProblem(null);
    setConversation(null);
    setTurns([]);
    studyApi
      .conversation(subjectId, urlId)
      .then(
        (c) => {
          if (cancelled) return;
          setConversation(summaryOf(c));
          setTurns(c.turns);
          const last = c.turns[c.turns.length - 1];
          if (last) setMode(last.mode);
        },
        (err: unknown) => {
          if (cancelled) return;
          shownId.current = null;
          setProblem({ text: errorText(err) });
          setParams({}, { replace: true });
        },
      )
      .finally(() => {
        done = true;
        if (!cancelled) setOpening(false);
      });
    return () => {
      cancelled = true;
      if (!done && shownId.current === urlId) shownId.current = null;
    };
  }, [urlId, subjectId, errorText, setParams]);

  useEffect(() => {
    if (!scrollToNew.current) return;
    scrollToNew.current = false;
    newTurnRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [turns.length, pending]);

  /** Runs `action` at once, or after the student agreed to drop the turns not saved. */
  const guard = (action: () => void) => (unsaved ? setConfirmLeave({ run: action }) : action());

  const startNew = () => {
    shownId.current = null;
    setConversation(null);
    setTurns([]);
    setProblem(null);
    setParams({}, { replace: true });
    textareaRef.current?.focus();
  };

  const open = (id: string) => {
    if (id === conversation?.id) return;
    setParams({ conversation: id }, { replace: true });
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
      shownId.current = res.conversation.id;
      setConversation(res.conversation);
      setTurns((list) => [...list, res.turn]);
      setUsage(res.usage);
      scrollToNew.current = true;
      if (res.conversation.saved) setSavedList((list) => list && [res.conversation, ...list.filter((c) => c.id !== res.conversation.id)]);
      setParams({ conversation: res.conversation.id }, { replace: true });
    } catch (err) {
      setQuestion((current) => current || text);
      if (isCapError(err)) {
        if (err.code === 'usage_limit_reached') setUsage((u) => (u && u.limit !== null ? { ...u, used: u.limit, remaining: 0 } : u));
        upgrade.open(err.message);
      } else {
        setProblem({ text: errorText(err) });
      }
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
    const saved = await studyApi.saveConversation(subjectId, conversation.id, title);
    setConversation(saved);
    setSavedList((list) => [saved, ...(list ?? []).filter((c) => c.id !== saved.id)]);
    setSaveOpen(false);
  };

  const remove = async (target: ConversationSummary) => {
    try {
      await studyApi.removeConversation(subjectId, target.id);
    } catch (err) {
      throw new Error(errorText(err), { cause: err });
    }
    setSavedList((list) => list?.filter((c) => c.id !== target.id) ?? null);
    setToDelete(null);
    if (target.id === conversation?.id) startNew();
  };

  const readyFiles = files?.filter((f) => f.status === 'ready').length ?? null;
  const processing = files?.some((f) => f.status === 'processing' || f.status === 'uploading') ?? false;
  const leaving = blocker.state === 'blocked' || confirmLeave !== null;

  return (
    <div className="study-layout">
      <section className="study-main" aria-labelledby="question-title">
        <div className="study-head">
          <div className="study-head-text">
            <h2 id="question-title">{t('tool.question')}</h2>
            <p className="muted">{conversation?.saved ? t('question.savedAs', { title: conversation.title }) : t('question.intro')}</p>
          </div>
          {turns.length > 0 && (
            <div className="row study-actions">
              {conversation?.saved ? (
                <span className="saved-badge" data-testid="conversation-saved">
                  <Icon name="check" />
                  {t('question.saved')}
                </span>
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
        </div>

        {readyFiles === 0 && (
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

        {opening && (
          <div className="loading-inline" role="status">
            <div className="spinner" aria-hidden="true" />
            <span>{t('question.opening')}</span>
          </div>
        )}

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

        {turns.length === 0 && !pending && !opening && (
          <div className="study-empty">
            <span className="study-empty-icon" aria-hidden="true">
              <Icon name="chat" />
            </span>
            <p>{t('question.empty.intro')}</p>
          </div>
        )}

        <form
          className="composer"
          onSubmit={(e) => {
            e.preventDefault();
            void ask();
          }}
          noValidate
        >
          <ModePicker
            value={mode}
            onChange={(m) => {
              setMode(m);
              if (problem?.field === 'mode') setProblem(null);
            }}
            invalid={problem?.field === 'mode'}
          />
          <div className="field">
            <label htmlFor="question-input">{turns.length > 0 ? t('question.followUpLabel') : t('question.label')}</label>
            <textarea
              id="question-input"
              ref={textareaRef}
              className="input composer-input"
              rows={3}
              maxLength={MAX_QUESTION_CHARS}
              value={question}
              placeholder={t('question.placeholder')}
              onChange={(e) => {
                setQuestion(e.target.value);
                if (problem?.field === 'question') setProblem(null);
              }}
              onKeyDown={onKeyDown}
              aria-invalid={problem?.field === 'question' || undefined}
              aria-describedby="question-hint"
            />
            <p id="question-hint" className="hint">
              {t('question.enterHint')}
            </p>
          </div>
          <FormFeedback error={problem?.text} />
          <div className="composer-foot">
            <UsageNote usage={usage} words={questionWords} />
            <button type="submit" className="btn btn-primary" disabled={Boolean(pending)}>
              {pending ? t('question.asking') : t('question.ask')}
            </button>
          </div>
        </form>
      </section>

      <aside className="card study-aside" aria-labelledby="saved-conversations-title">
        <h2 id="saved-conversations-title">{t('question.savedTitle')}</h2>
        {savedList === null && !listError && <p className="muted">{t('app.loading')}</p>}
        {listError && (
          <div className="alert alert-error" role="alert">
            <p>{t('question.savedError')}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void loadSaved()}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {savedList?.length === 0 && <p className="muted">{t('question.savedEmpty')}</p>}
        {savedList && savedList.length > 0 && (
          <ul className="saved-list" aria-label={t('question.savedTitle')}>
            {savedList.map((c) => (
              <li key={c.id} className={`saved-item${c.id === conversation?.id ? ' current' : ''}`} data-testid="saved-conversation">
                <button type="button" className="saved-open" aria-current={c.id === conversation?.id || undefined} onClick={() => guard(() => open(c.id))}>
                  <span className="saved-title">{c.title}</span>
                  <span className="saved-meta">
                    {formatDate(c.updated_at)} · {c.turn_count === 1 ? t('question.turnsOne') : t('question.turnsMany', { count: c.turn_count })}
                  </span>
                </button>
                <button type="button" className="icon-btn icon-btn-sm saved-delete" aria-label={t('question.deleteLabel', { title: c.title })} onClick={() => setToDelete(c)}>
                  <Icon name="trash" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>

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

      {toDelete && (
        <ConfirmDialog
          title={t('question.deleteTitle', { title: toDelete.title })}
          text={t('question.deleteText')}
          confirmLabel={t('question.deleteConfirm')}
          busyLabel={t('subjects.deleting')}
          onConfirm={() => remove(toDelete)}
          onClose={() => setToDelete(null)}
        />
      )}
    </div>
  );
}
