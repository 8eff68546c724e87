// A modal that asks for one or more texts (a title, the two sides of a card), each one required:
// Save and Cancel, and the error of the save shown in the dialog. A lone field is marked invalid
// with any error; among several, the ones left empty are, until they are filled.
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import Dialog from './Dialog';
import { FormFeedback } from './FormFeedback';
import { useI18n } from '../i18n';

export interface PromptField<K extends string> {
  name: K;
  label: string;
  initial: string;
  maxLength: number;
  /** A text area of this many rows; without it, a one-line input. */
  rows?: number;
  /** Defaults to 'input'. */
  className?: string;
  /** The text is selected when the field takes the focus (a proposal to replace at once). */
  selectOnFocus?: boolean;
}

interface PromptDialogProps<K extends string> {
  title: string;
  fields: readonly PromptField<K>[];
  /** Said when a field is left empty. */
  requiredMessage: string;
  /** Gets the texts trimmed. Resolves when saved (the caller closes the dialog); rejects with the message to show. */
  onSave(values: Record<K, string>): Promise<void>;
  onClose(): void;
}

const valuesOf = <K extends string>(fields: readonly PromptField<K>[], text: (f: PromptField<K>) => string) =>
  Object.fromEntries(fields.map((f) => [f.name, text(f)])) as Record<K, string>;

export default function PromptDialog<K extends string>({ title, fields, requiredMessage, onSave, onClose }: PromptDialogProps<K>) {
  const { t } = useI18n();
  const ids = useId();
  const [values, setValues] = useState(() => valuesOf(fields, (f) => f.initial));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<ReadonlySet<K>>(() => new Set());

  const change = (name: K) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const text = e.target.value;
    setValues((v) => ({ ...v, [name]: text }));
    setMissing((m) => (m.has(name) ? new Set([...m].filter((n) => n !== name)) : m));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = valuesOf(fields, (f) => values[f.name].trim());
    const empty = fields.filter((f) => !next[f.name]).map((f) => f.name);
    if (empty.length > 0) {
      setMissing(new Set(empty));
      setError(requiredMessage);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(next);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t('common.genericError'));
      setBusy(false);
    }
  };

  return (
    <Dialog labelledBy={`${ids}-title`} closeLabel={t('common.close')} onClose={() => !busy && onClose()}>
      <h2 id={`${ids}-title`} className="confirm-title">
        {title}
      </h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {fields.map((f) => {
          const field = {
            id: `${ids}-${f.name}`,
            className: f.className ?? 'input',
            value: values[f.name],
            maxLength: f.maxLength,
            onChange: change(f.name),
            'aria-invalid': (fields.length === 1 ? Boolean(error) : missing.has(f.name)) || undefined,
          };
          return (
            <div key={f.name} className="field">
              <label htmlFor={field.id}>{f.label}</label>
              {f.rows ? <textarea {...field} rows={f.rows} /> : <input {...field} onFocus={f.selectOnFocus ? (e) => e.target.select() : undefined} />}
            </div>
          );
        })}
        <FormFeedback error={error} />
        <div className="dialog-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.saving') : t('common.save')}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
