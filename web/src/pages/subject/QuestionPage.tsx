// `/subject/{subjectId}/question`: choose a mode, ask, read the
// answer with the pages it cites, optionally save the conversation under a title. Saved
// conversations are listed beside the thread and reopen into it. The conversation on screen is
// named in the URL (`?conversation=`), so a citation's page and Back lead to the same thread.
// Leaving with turns not saved asks first (router navigations and closing the tab).
// The decisions live in components/study/question-state.ts (unit-tested); this file holds the
// thread and renders it: the head's save and new buttons, the files note, the thread, the
// composer, the saved conversations, and the save and leave dialogs.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
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
import {
  askBody,
  checkAsk,
  composerLabel,
  isCitationTarget,
  isUnsaved,
  resumeMode,
  saveTitle,
  sendsOnEnter,
  summaryOf,
  type Problem,
} from '../../components/study/question-state';
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

type Pending = { question: string; mode: AnswerMode };

export default studyPage('question', QuestionWorkspace);

function QuestionWorkspace({ subject }: { subject: Subject }) {
  const { t } = useI18n();
  const touch = useTouchDevice();
  const subjectId = subject.id;
  const allowance = useFeatureUsage('question_generation');
  const { files, ready, processing } = useSubjectFiles(subjectId);
  const saved = useSavedItems('conversation', subjectId);
  const errorText = useErrorText();

  const [saveOpen, setSaveOpen] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState<{ run(): void } | null>(null);
  const thread = useThread({ subjectId, errorText, allowance, saved });
  const { question, setQuestion, textareaRef, mode, setMode, conversation, setConversation, turns, setTurns, pending, problem, setProblem, unsaved, blocker, record, opening, newTurnRef, ask } = thread;

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

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!sendsOnEnter(e.key, e.shiftKey, e.nativeEvent.isComposing)) return;
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
            <ThreadActions conversation={conversation} pending={Boolean(pending)} onSave={() => setSaveOpen(true)} onNew={() => guard(startNew)} />
          )}
        </StudyHead>

        {files !== null && ready.length === 0 && <FilesNote processing={processing} uploadHref={subjectPath(subjectId, 'upload')} />}

        {opening && <LoadingLine text={t('question.opening')} />}

        {(turns.length > 0 || pending) && <Thread subjectId={subjectId} turns={turns} pending={pending} newTurnRef={newTurnRef} />}

        {turns.length === 0 && !pending && !opening && <StudyEmpty icon="chat" text={t('question.empty.intro')} />}

        <Composer
          mode={mode}
          onMode={(m) => {
            setMode(m);
            if (problem?.field === 'mode') setProblem(null);
          }}
          label={t(composerLabel(turns.length))}
          hint={touch ? t('question.touchHint') : t('question.enterHint')}
          question={question}
          onQuestion={(text) => {
            setQuestion(text);
            if (problem?.field === 'question') setProblem(null);
          }}
          onKeyDown={onKeyDown}
          textareaRef={textareaRef}
          problem={problem}
          usage={allowance.usage}
          pending={Boolean(pending)}
          onAsk={ask}
        />
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
          initial={saveTitle(conversation, turns)}
          onSave={save}
          onClose={() => setSaveOpen(false)}
        />
      )}

      {leaving && (
        <LeaveDialog
          blocker={blocker}
          onConfirm={() => {
            const action = confirmLeave;
            setConfirmLeave(null);
            action?.run();
          }}
          onClose={() => setConfirmLeave(null)}
        />
      )}
    </div>
  );
}

interface ThreadNeeds {
  subjectId: string;
  errorText: ReturnType<typeof useErrorText>;
  allowance: ReturnType<typeof useFeatureUsage>;
  saved: ReturnType<typeof useSavedItems>;
}

/**
 * The thread on screen: the mode, the conversation and its turns, the question waiting for its
 * answer, the message shown; the guard on leaving with turns not saved, the conversation named in
 * the URL, the scroll to the newest turn (registered in this order, as before the split), and asking.
 */
function useThread({ subjectId, errorText, allowance, saved }: ThreadNeeds) {
  const { t } = useI18n();
  const [question, setQuestion] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [mode, setMode] = useState<AnswerMode | null>(null);
  const [conversation, setConversation] = useState<ConversationSummary | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const newTurnRef = useRef<HTMLLIElement>(null);
  const scrollToNew = useRef(false);

  const unsaved = isUnsaved(turns, conversation);

  // A citation opens the files page's viewer: a Back returns to this thread, so it does not ask.
  const isCitation = useCallback((next: Location) => isCitationTarget(next, subjectPath(subjectId, 'files')), [subjectId]);
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
      const last = resumeMode(c.turns);
      if (last) setMode(last);
    },
    failed: (err) => setProblem({ text: errorText(err) }),
  });
  const { opening } = record;

  useEffect(() => {
    if (!scrollToNew.current) return;
    scrollToNew.current = false;
    newTurnRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [turns.length, pending]);

  const ask = async () => {
    if (pending) return;
    const check = checkAsk(question, mode);
    if (!check.ok) {
      setProblem({ text: t(check.problem), field: check.field });
      if (check.field === 'question') textareaRef.current?.focus();
      return;
    }
    const text = check.question;
    setProblem(null);
    setPending({ question: text, mode: check.mode });
    setQuestion('');
    scrollToNew.current = true;
    try {
      const res = await studyApi.ask(subjectId, askBody(text, check.mode, conversation));
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

  return { question, setQuestion, textareaRef, mode, setMode, conversation, setConversation, turns, setTurns, pending, problem, setProblem, unsaved, blocker, record, opening, newTurnRef, ask };
}

/** The thread's actions: save it (or that it is saved), and start a new one. */
function ThreadActions(props: { conversation: ConversationSummary | null; pending: boolean; onSave: () => void; onNew: () => void }) {
  const { conversation, pending, onSave, onNew } = props;
  const { t } = useI18n();
  return (
    <div className="row study-actions">
      {conversation?.saved ? (
        <SavedBadge text={t('question.saved')} testId="conversation-saved" />
      ) : (
        <button type="button" className="btn btn-primary btn-sm" onClick={onSave} disabled={!conversation || pending}>
          {t('question.save')}
        </button>
      )}
      <button type="button" className="btn btn-secondary btn-sm" onClick={onNew} disabled={pending}>
        <Icon name="plus" />
        {t('question.new')}
      </button>
    </div>
  );
}

interface ComposerProps {
  mode: AnswerMode | null;
  onMode: (mode: AnswerMode) => void;
  label: string;
  hint: string;
  question: string;
  onQuestion: (text: string) => void;
  onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  problem: Problem | null;
  usage: ReturnType<typeof useFeatureUsage>['usage'];
  /** A question waits for its answer. */
  pending: boolean;
  onAsk: () => Promise<void>;
}

/** The composer: the mode, the question (Enter sends), the message, the usage and "ask". */
function Composer({ mode, onMode, label, hint, question, onQuestion, onKeyDown, textareaRef, problem, usage, pending, onAsk }: ComposerProps) {
  const { t } = useI18n();
  return (
    <form className="composer" onSubmit={submitWith(onAsk)} noValidate>
      <ModePicker value={mode} onChange={onMode} invalid={problem?.field === 'mode'} />
      <ComposerField
        id="question-input"
        label={label}
        hint={hint}
        hintId="question-hint"
        ref={textareaRef}
        rows={3}
        maxLength={QUESTION_MAX_CHARS}
        value={question}
        placeholder={t('question.placeholder')}
        onChange={(e) => onQuestion(e.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={problem?.field === 'question' || undefined}
      />
      <FormFeedback error={problem?.text} />
      <ComposerFoot usage={usage} words="question" busy={pending} label={pending ? t('question.asking') : t('question.ask')} />
    </form>
  );
}

/** No file is ready: they are still being processed, or none was added (with the way to add one). */
function FilesNote({ processing, uploadHref }: { processing: boolean; uploadHref: string }) {
  const { t } = useI18n();
  return (
    <div className={`alert ${processing ? 'alert-info' : 'alert-warning'} study-files-note`} role="note">
      <p>{processing ? t('study.filesProcessing') : t('study.noFiles')}</p>
      {!processing && (
        <Link to={uploadHref} className="btn btn-secondary btn-sm">
          <Icon name="plus" />
          {t('subject.addFile')}
        </Link>
      )}
    </div>
  );
}

/** The thread: each turn's question and answer, then the question waiting for its answer. */
function Thread(props: { subjectId: string; turns: Turn[]; pending: Pending | null; newTurnRef: RefObject<HTMLLIElement | null> }) {
  const { subjectId, turns, pending, newTurnRef } = props;
  const { t } = useI18n();
  return (
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
  );
}

/**
 * "Leave without saving?": confirming lets a blocked navigation go on, or else runs the action
 * that asked (a new conversation, another one opened); cancelling keeps the student here.
 */
function LeaveDialog({ blocker, onConfirm, onClose }: { blocker: ReturnType<typeof useLeaveGuard>; onConfirm: () => void; onClose: () => void }) {
  const { t } = useI18n();
  return (
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
        onConfirm();
      }}
      onClose={() => {
        if (blocker.state === 'blocked') blocker.reset();
        onClose();
      }}
    />
  );
}
