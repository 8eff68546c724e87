// `/subject/{id}/todos`: revision tasks (issue 13). The student's own and those taken from the
// plan (read pages 12–18, review 20 cards, a quiz); checked off, edited (title and due date) or
// deleted; overdue tasks first, done ones last, as the server orders them. A plan reading checked
// off marks its pages studied, so the plan moves on.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { progressApi, type Todo } from '../../api/progress';
import { TODO_TITLE_MAX } from '@core/limits.js';
import { FormFeedback } from '../../components/FormFeedback';
import { InlineLoading } from '../../components/LoadingScreen';
import RetryAlert from '../../components/RetryAlert';
import { formatDay } from '../../components/progress/format';
import { useLoaded } from '../../components/useLoaded';
import { useI18n } from '../../i18n';
import { subjectPath, useSubject } from './SubjectLayout';
import SubjectSection from './SubjectSection';
import '../../styles/progress.css';

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);

function TodoItem({ todo, onChange, onRemove }: { todo: Todo; onChange(body: { title?: string; due_date?: string | null; done?: boolean }): Promise<void>; onRemove(): Promise<void> }) {
  const { t, lang } = useI18n();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(todo.title);
  const [due, setDue] = useState(todo.due_date ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (err) {
      setError(errorText(err, t('todos.saveError')));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError(t('todos.error.title'));
    if (await run(() => onChange({ title: title.trim(), due_date: due || null }))) setEditing(false);
  };

  const id = `todo-${todo.id}`;
  if (editing) {
    return (
      <li className="todo card">
        <form className="todo-edit" onSubmit={(e) => void save(e)} noValidate>
          <div className="field">
            <label htmlFor={`${id}-title`}>{t('todos.titleLabel')}</label>
            <input id={`${id}-title`} className="input" value={title} maxLength={TODO_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-due`}>{t('todos.dueLabel')}</label>
            <input id={`${id}-due`} className="input" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
          </div>
          <FormFeedback error={error} />
          <div className="row">
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {t('common.save')}
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className={`todo card${todo.done ? ' todo-done' : ''}${todo.overdue ? ' todo-overdue' : ''}`} data-testid="todo">
      <div className="todo-main">
        <input
          id={id}
          type="checkbox"
          className="todo-check"
          checked={todo.done}
          disabled={busy}
          aria-label={t('todos.markDone', { title: todo.title })}
          onChange={(e) => void run(() => onChange({ done: e.target.checked }))}
        />
        <label htmlFor={id} className="todo-title">
          {todo.title}
        </label>
      </div>
      <div className="todo-meta">
        {todo.overdue && <span className="badge badge-danger">{t('todos.overdue')}</span>}
        {todo.plan && <span className="badge">{t('todos.planBadge')}</span>}
        {todo.due_date && <span className="hint">{t('todos.due', { date: formatDay(lang, todo.due_date, 'long') })}</span>}
        <span className="todo-actions">
          <button type="button" className="btn btn-ghost btn-sm" aria-label={t('todos.editLabel', { title: todo.title })} onClick={() => setEditing(true)}>
            {t('todos.edit')}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" aria-label={t('todos.deleteLabel', { title: todo.title })} disabled={busy} onClick={() => void run(onRemove)}>
            {t('todos.delete')}
          </button>
        </span>
      </div>
      <FormFeedback error={error} />
    </li>
  );
}

const readTodos = async (subjectId: string) => (await progressApi.todos(subjectId)).todos;

export default function TodosPage() {
  const { t } = useI18n();
  const { subject } = useSubject();
  const { value: todos, error: failed, reload: load, update: setTodos } = useLoaded(subject.id, readTodos);
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [planNote, setPlanNote] = useState<{ ok: boolean; text: string } | null>(null);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!title.trim()) return setFormError(t('todos.error.title'));
    setBusy(true);
    try {
      await progressApi.addTodo(subject.id, { title: title.trim(), due_date: due || null });
      setTitle('');
      setDue('');
      await load();
    } catch (err) {
      setFormError(errorText(err, t('todos.saveError')));
    } finally {
      setBusy(false);
    }
  };

  const fromPlan = async () => {
    setPlanNote(null);
    try {
      const r = await progressApi.addPlanTodos(subject.id);
      setTodos(r.todos);
      setPlanNote({ ok: true, text: t(r.replaced > 0 ? 'todos.fromPlanReplaced' : 'todos.fromPlanDone', { count: r.added, replaced: r.replaced }) });
    } catch (err) {
      setPlanNote({ ok: false, text: err instanceof ApiError && err.code === 'plan_not_set' ? t('todos.noPlan') : errorText(err, t('common.genericError')) });
    }
  };

  // The server orders: not done first, overdue first among them. A change re-reads the order.
  const change = async (todo: Todo, body: { title?: string; due_date?: string | null; done?: boolean }) => {
    // Ticked at once; put back if the server refuses.
    if (body.done !== undefined) setTodos((old) => old && old.map((x) => (x.id === todo.id ? { ...x, done: body.done!, overdue: false } : x)));
    try {
      await progressApi.changeTodo(subject.id, todo.id, body);
    } finally {
      await load();
    }
  };
  const remove = async (todo: Todo) => {
    await progressApi.removeTodo(subject.id, todo.id);
    setTodos((old) => old && old.filter((x) => x.id !== todo.id));
  };

  const open = todos?.filter((x) => !x.done) ?? [];
  const done = todos?.filter((x) => x.done) ?? [];
  const list = (items: Todo[]) => (
    <ul className="todo-list">
      {items.map((todo) => (
        <TodoItem key={`${todo.id}-${todo.title}-${todo.due_date ?? ''}`} todo={todo} onChange={(body) => change(todo, body)} onRemove={() => remove(todo)} />
      ))}
    </ul>
  );

  return (
    <SubjectSection tool="todos" intro="todos.intro">
      <form className="card todo-add" onSubmit={(e) => void add(e)} noValidate aria-labelledby="todo-add-title">
        <h3 id="todo-add-title">{t('todos.addTitle')}</h3>
        <div className="todo-add-fields">
          <div className="field todo-add-title">
            <label htmlFor="todo-new-title">{t('todos.titleLabel')}</label>
            <input id="todo-new-title" className="input" value={title} maxLength={TODO_TITLE_MAX} placeholder={t('todos.titlePlaceholder')} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="todo-new-due">
              {t('todos.dueLabel')} <span className="optional">({t('common.optional')})</span>
            </label>
            <input id="todo-new-due" className="input" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
          </div>
        </div>
        <FormFeedback error={formError} />
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('todos.add')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => void fromPlan()}>
            {t('todos.fromPlan')}
          </button>
        </div>
        {planNote && (
          <div className={`alert ${planNote.ok ? 'alert-success' : 'alert-info'}`} role="status">
            {planNote.text} {!planNote.ok && <Link to={subjectPath(subject.id, 'schedule')}>{t('todos.makePlan')}</Link>}
          </div>
        )}
      </form>
      {failed && !todos && <RetryAlert message={t('todos.loadError')} onRetry={() => void load()} />}
      {!todos && !failed && <InlineLoading />}
      {todos && (
        <>
          <section aria-labelledby="todos-open-title" className="stack">
            <h3 id="todos-open-title">{t('todos.listTitle')}</h3>
            {open.length === 0 ? <p className="muted">{t('todos.empty')}</p> : list(open)}
          </section>
          {done.length > 0 && (
            <section aria-labelledby="todos-done-title" className="stack">
              <h3 id="todos-done-title">{t('todos.doneTitle')}</h3>
              {list(done)}
            </section>
          )}
        </>
      )}
    </SubjectSection>
  );
}
