// One quiz question. Waiting for its answer: an MCQ's four options as radio cards (keys 1–4 pick
// one, Enter submits) or a text box for an open question (Ctrl+Enter submits), with Submit and
// "I don't know". Answered: the verdict, the right option highlighted beside the one chosen, or
// the grading of the written answer, the explanation with the pages it cites, and a note when the
// mistake became a review card.
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Card } from '../../api/cards';
import { MAX_ANSWER_CHARS, PASSING_SCORE } from '@core/limits.js';
import { isAnswered, type AnsweredQuestion, type PendingQuestion, type QuizAnswer, type SessionQuestion } from '../../api/quiz';
import { Icon } from '../ContentParts';
import { FormFeedback } from '../FormFeedback';
import Citations from '../study/Citations';
import MathText from '../study/MathText';
import { ComposerField, submitWith } from '../study/StudyParts';
import { useI18n } from '../../i18n';
import { useTouchDevice } from '../useMediaQuery';
import EvaluationView from './EvaluationView';
import { difficultyLabel, statusLabel, typeLabel } from './labels';

const KEYS = ['1', '2', '3', '4'];

interface QuestionCardProps {
  subjectId: string;
  question: SessionQuestion;
  /** The review card the answer just created (undefined: not known, e.g. a session reopened). */
  card?: Card | null;
  /** An answer is on its way; `evaluating` when it is a written answer being graded. */
  busy: boolean;
  evaluating: boolean;
  /** The server's refusal of the last answer (the question stays open). */
  error: string | null;
  onAnswer(body: QuizAnswer): void;
  /** Where the flashcards page is (the note's link). */
  cardsHref: string;
}

/** True when a key typed there belongs to the field (typing text, choosing in a list). */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && Boolean(target.closest('textarea, select, input:not([type="radio"]), [contenteditable="true"], [role="dialog"]'));

function QuestionHead({ question }: { question: SessionQuestion }) {
  const { t } = useI18n();
  return (
    <p className="quiz-eyebrow">
      <span>{t('quiz.questionLabel', { n: question.index })}</span>
      <span className="quiz-tag">{t(typeLabel[question.type])}</span>
      <span className="quiz-tag quiz-tag-muted">{t(difficultyLabel[question.difficulty])}</span>
    </p>
  );
}

/** "I don't know" and Submit, under a question waiting for its answer. */
function AnswerActions({ busy, onAnswer }: Pick<QuestionCardProps, 'busy' | 'onAnswer'>) {
  const { t } = useI18n();
  return (
    <div className="quiz-answer-actions">
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onAnswer({ skip: true })}>
        {t('quiz.dontKnow')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('quiz.submitting') : t('quiz.submit')}
      </button>
    </div>
  );
}

function PendingMcq({ question, busy, error, onAnswer }: Pick<QuestionCardProps, 'busy' | 'error' | 'onAnswer'> & { question: PendingQuestion }) {
  const { t } = useI18n();
  const touch = useTouchDevice();
  const ids = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const radios = useRef<(HTMLInputElement | null)[]>([]);
  const options = question.options ?? [];

  const submit = () => {
    if (busy) return;
    if (choice === null) {
      setProblem(t('quiz.choiceRequired'));
      radios.current[0]?.focus();
      return;
    }
    setProblem(null);
    onAnswer({ choice });
  };

  // Keys 1–4 pick an option and Enter submits, wherever the focus is on the page (not in a field).
  const submitRef = useRef(submit);
  submitRef.current = submit;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const at = KEYS.indexOf(e.key);
      if (at >= 0 && at < options.length) {
        e.preventDefault();
        setChoice(at);
        setProblem(null);
        radios.current[at]?.focus();
        return;
      }
      if (e.key === 'Enter' && !(e.target instanceof HTMLElement && e.target.closest('button, a'))) {
        e.preventDefault();
        submitRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [options.length]);

  return (
    <form className="quiz-answer-form" onSubmit={submitWith(submit)} noValidate>
      <fieldset className="quiz-options-set" disabled={busy} aria-describedby={`${ids}-hint`}>
        <legend className="visually-hidden">{t('quiz.optionsLegend')}</legend>
        <div className="quiz-options">
          {options.map((option, i) => (
            <div key={i} className={`quiz-option${choice === i ? ' checked' : ''}`} data-testid="quiz-option">
              <input
                ref={(el) => {
                  radios.current[i] = el;
                }}
                type="radio"
                id={`${ids}-${i}`}
                name={`${ids}-option`}
                value={i}
                checked={choice === i}
                onChange={() => {
                  setChoice(i);
                  setProblem(null);
                }}
              />
              <label htmlFor={`${ids}-${i}`} className="quiz-option-label">
                <kbd className="quiz-key" aria-hidden="true">
                  {i + 1}
                </kbd>
                <MathText text={option} className="quiz-option-text" />
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <p id={`${ids}-hint`} className="hint">
        {touch ? t('quiz.touchHint') : t('quiz.keysHint')}
      </p>
      <FormFeedback error={problem ?? error} />
      <AnswerActions busy={busy} onAnswer={onAnswer} />
    </form>
  );
}

function PendingOpen({ question, busy, evaluating, error, onAnswer }: Pick<QuestionCardProps, 'busy' | 'evaluating' | 'error' | 'onAnswer'> & { question: PendingQuestion }) {
  const { t } = useI18n();
  const touch = useTouchDevice();
  const ids = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    box.current?.focus({ preventScroll: true });
  }, [question.id]);

  const submit = () => {
    if (busy) return;
    const answer = text.trim();
    if (!answer) {
      setProblem(t('quiz.answerEmpty'));
      box.current?.focus();
      return;
    }
    setProblem(null);
    onAnswer({ answer });
  };

  const onKeyDown = (e: ReactKeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form className="quiz-answer-form" onSubmit={submitWith(submit)} noValidate>
      <ComposerField
        id={`${ids}-answer`}
        label={t('quiz.answerLabel')}
        hint={touch ? t('quiz.answerTouchHint') : t('quiz.answerHint')}
        hintId={`${ids}-hint`}
        ref={box}
        rows={5}
        maxLength={MAX_ANSWER_CHARS}
        value={text}
        placeholder={t('quiz.answerPlaceholder')}
        readOnly={busy}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={problem ? true : undefined}
      />
      <FormFeedback error={problem ?? error} />
      {evaluating ? (
        <p className="quiz-evaluating" role="status">
          <span className="spinner spinner-sm" aria-hidden="true" />
          {t('quiz.evaluating')}
        </p>
      ) : (
        <AnswerActions busy={busy} onAnswer={onAnswer} />
      )}
    </form>
  );
}

function Verdict({ result }: { result: AnsweredQuestion }) {
  const { t } = useI18n();
  const passed = result.status === 'correct' || (result.status === 'evaluated' && (result.evaluation?.score ?? 0) >= PASSING_SCORE);
  const tone = result.status === 'skipped' ? 'skipped' : passed ? 'correct' : 'incorrect';
  const icon = tone === 'correct' ? 'check' : tone === 'incorrect' ? 'cross' : 'help';
  const title = result.status === 'evaluated' ? t(passed ? 'quiz.result.openPassed' : 'quiz.result.openFailed') : t(statusLabel[result.status]);
  let detail: string | null = null;
  if (result.type === 'mcq' && result.status !== 'correct' && result.correct_index !== undefined && result.options) {
    detail = t('quiz.rightAnswer', { answer: result.options[result.correct_index] ?? '' });
  }
  return (
    <div className={`quiz-verdict verdict-${tone}`} data-testid="quiz-verdict" data-status={result.status}>
      <span className="quiz-verdict-icon" aria-hidden="true">
        <Icon name={icon} />
      </span>
      <div>
        <p className="quiz-verdict-title">{title}</p>
        {detail && <p className="quiz-verdict-detail">{detail}</p>}
      </div>
    </div>
  );
}

function AnsweredOptions({ result }: { result: AnsweredQuestion }) {
  const { t } = useI18n();
  return (
    <ol className="quiz-options quiz-options-done" aria-label={t('quiz.optionsLegend')}>
      {(result.options ?? []).map((option, i) => {
        const right = i === result.correct_index;
        const chosen = i === result.choice;
        const state = right ? 'right' : chosen ? 'wrong' : 'other';
        return (
          <li key={i} className={`quiz-option quiz-option-${state}`} data-testid="quiz-option" data-state={state}>
            <span className="quiz-option-label">
              <span className="quiz-key" aria-hidden="true">
                {right ? <Icon name="check" /> : chosen ? <Icon name="cross" /> : i + 1}
              </span>
              <MathText text={option} className="quiz-option-text" />
              {(right || chosen) && (
                <span className="quiz-option-tag">{right ? (chosen ? t('quiz.yourRightChoice') : t('quiz.correctOption')) : t('quiz.yourChoice')}</span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Answered({ subjectId, result, card, cardsHref }: { subjectId: string; result: AnsweredQuestion; card?: Card | null; cardsHref: string }) {
  const { t } = useI18n();
  return (
    <div className="quiz-feedback">
      <Verdict result={result} />
      {result.type === 'mcq' && <AnsweredOptions result={result} />}
      {result.type === 'open' && result.answer && (
        <div className="quiz-your-answer">
          <p className="quiz-section-label">{t('quiz.yourAnswer')}</p>
          <p className="rich-text">{result.answer}</p>
        </div>
      )}
      {result.evaluation && <EvaluationView subjectId={subjectId} evaluation={result.evaluation} />}
      {result.type === 'open' && !result.evaluation && result.rubric && (
        <div className="quiz-model">
          <p className="quiz-section-label">{t('quiz.modelAnswer')}</p>
          <p>
            <MathText text={result.rubric.model_answer} />
          </p>
          <p className="quiz-section-label">{t('quiz.keyPoints')}</p>
          <ul className="eval-list">
            {result.rubric.key_points.map((point, i) => (
              <li key={i}>
                <MathText text={point} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="quiz-explanation" data-testid="quiz-explanation">
        <p className="quiz-section-label">{t('quiz.explanation')}</p>
        <p>
          <MathText text={result.explanation} />
          <Citations subjectId={subjectId} citations={result.citations} />
        </p>
      </div>
      {card && (
        <p className="quiz-card-note" data-testid="quiz-card-note">
          <Icon name="cards" />
          <span>{t('quiz.cardAdded')}</span>
          <Link to={cardsHref}>{t('quiz.cardLink')}</Link>
        </p>
      )}
    </div>
  );
}

export default function QuestionCard(props: QuestionCardProps) {
  const { subjectId, question, card, cardsHref } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const answered = isAnswered(question);

  // A new MCQ takes the focus to its question, so a screen reader reads it and the keys work.
  useEffect(() => {
    // Only when a question appears, not when it is answered.
    if (!answered && question.type === 'mcq') heading.current?.focus({ preventScroll: true });
  }, [question.id]);

  return (
    <article className={`quiz-card${answered ? ' answered' : ''}`} data-testid="quiz-question" aria-labelledby={`question-${question.id}`}>
      <QuestionHead question={question} />
      <h3 id={`question-${question.id}`} className="quiz-question" tabIndex={-1} ref={heading}>
        <MathText text={question.question} />
      </h3>
      {answered ? (
        <Answered subjectId={subjectId} result={question} card={card} cardsHref={cardsHref} />
      ) : question.type === 'mcq' ? (
        <PendingMcq question={question} busy={props.busy} error={props.error} onAnswer={props.onAnswer} />
      ) : (
        <PendingOpen question={question} busy={props.busy} evaluating={props.evaluating} error={props.error} onAnswer={props.onAnswer} />
      )}
    </article>
  );
}
