// Small pieces the study pages (question, sheet, quiz, flashcards) share: the page's heading, the
// composer's text box, a waiting line, a note beside a round icon (the empty state, the end of a quiz or a review), the
// "saved" badge, the choice of a file with the note when none is ready, and the foot of a form
// with the allowance left and the button that uses it.
import type { ComponentPropsWithRef, FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { FeatureUsage } from '../../api/study';
import type { FileView } from '../../api/subjects';
import { Icon, type IconName } from '../ContentParts';
import { useI18n } from '../../i18n';
import UsageNote, { type UsageSection } from './UsageNote';

const withClass = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);

/** A form's submit handler: runs `action` instead of the browser's own submission. */
export const submitWith = (action: () => unknown) => (e: FormEvent) => {
  e.preventDefault();
  void action();
};

/** The tool's heading and what it is for, with the actions on what is on screen. */
export function StudyHead({ id, title, intro, className, children }: { id: string; title: string; intro: string; className?: string; children?: ReactNode }) {
  return (
    <div className={withClass('study-head', className)}>
      <div className="study-head-text">
        <h2 id={id}>{title}</h2>
        <p className="muted">{intro}</p>
      </div>
      {children}
    </div>
  );
}

/** A composer's text box, with its label and the hint under it. */
export function ComposerField({
  id,
  label,
  hint,
  hintId,
  ...box
}: Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'className' | 'aria-describedby'> & { id: string; label: string; hint: string; hintId: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} className="input composer-input" aria-describedby={hintId} {...box} />
      <p id={hintId} className="hint">
        {hint}
      </p>
    </div>
  );
}

/** Something is on its way (an answer, a sheet, a deck, a saved record being reopened). */
export function LoadingLine({ text, className }: { text: string; className?: string }) {
  return (
    <div className={withClass('loading-inline', className)} role="status">
      <div className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** A round icon beside what it is about. */
export function IconNote({ icon, className, testId, children }: { icon: IconName; className: string; testId?: string; children: ReactNode }) {
  return (
    <div className={className} data-testid={testId}>
      <span className="study-empty-icon" aria-hidden="true">
        <Icon name={icon} />
      </span>
      {children}
    </div>
  );
}

/** Nothing on screen yet: the tool's icon and what to do. */
export function StudyEmpty({ icon, text, className }: { icon: IconName; text: string; className?: string }) {
  return (
    <IconNote icon={icon} className={withClass('study-empty', className)}>
      <p>{text}</p>
    </IconNote>
  );
}

/** In place of the save button once the record is saved. */
export function SavedBadge({ text, testId }: { text: string; testId: string }) {
  return (
    <span className="saved-badge" data-testid={testId}>
      <Icon name="check" />
      {text}
    </span>
  );
}

/** No file is ready: one is still being read (`processing`), or there is none and one can be added. */
export function NoFilesHint({ processing = false, uploadHref }: { processing?: boolean; uploadHref: string }) {
  const { t } = useI18n();
  return (
    <p className="hint">
      {processing ? (
        t('study.filesProcessing')
      ) : (
        <>
          {t('study.noFiles')} <Link to={uploadHref}>{t('subject.addFile')}</Link>
        </>
      )}
    </p>
  );
}

type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'children' | 'className'>;

/** A choice of the file select's besides the files (the whole subject, when '' means none chosen yet). */
export interface ExtraOption {
  value: string;
  label: string;
}

/** The ready files to choose from, after a first option whose value is '' (the whole subject, or none yet) and any `extraOptions`. */
export function FileSelect({ files, firstOption, extraOptions = [], ...select }: SelectProps & { files: FileView[]; firstOption: string; extraOptions?: readonly ExtraOption[] }) {
  return (
    <select className="select" {...select}>
      <option value="">{firstOption}</option>
      {extraOptions.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {files.map((f) => (
        <option key={f.id} value={f.id}>
          {f.display_name}
        </option>
      ))}
    </select>
  );
}

/** A field choosing among the ready files, with what is said under it (`children`). */
export function FileField({ id, label, children, ...select }: SelectProps & { id: string; label: string; files: FileView[]; firstOption: string; extraOptions?: readonly ExtraOption[]; children?: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FileSelect id={id} {...select} />
      {children}
    </div>
  );
}

/** The foot of a tool's form: what is left of the month's allowance, and the button that uses it. */
export function ComposerFoot({ usage, words, busy, icon, label }: { usage: FeatureUsage | null; words: UsageSection; busy: boolean; icon?: IconName; label: string }) {
  return (
    <div className="composer-foot">
      <UsageNote usage={usage} words={words} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {icon && <Icon name={icon} />}
        {label}
      </button>
    </div>
  );
}
