// One file of the upload form's list: its display name (editable until it is uploaded), its file
// name, size and photo pages, the remove button, its progress bar with its words, and its error.
// What shows when is upload-form-state.ts's decision.
import { Icon } from '../ContentParts';
import { useI18n } from '../../i18n';
import { formatFileSize } from '../subject-helpers';
import { DISPLAY_NAME_MAX } from '@core/files.js';
import { isEditable, labelOf, percentOf, progressWords, showsProgress, type Entry } from './upload-form-state';

interface UploadEntryItemProps {
  entry: Entry;
  /** The form's useId prefix: the name field's id is built from it. */
  ids: string;
  busy: boolean;
  locked: boolean;
  onRename(displayName: string): void;
  onRemove(): void;
}

export default function UploadEntryItem({ entry, ids, busy, locked, onRename, onRemove }: UploadEntryItemProps) {
  const { t, lang } = useI18n();
  const percent = percentOf(entry);
  const words = progressWords(entry.state);
  return (
    <li className={`upload-item upload-item-${entry.state}`} data-testid="upload-item">
      <div className="upload-item-main">
        <Icon name={entry.photoPages ? 'scan' : 'sheet'} className="upload-item-icon" />
        <div className="upload-item-fields">
          <label className="visually-hidden" htmlFor={`${ids}-${entry.key}`}>
            {t('upload.displayNameFor', { name: entry.file.name })}
          </label>
          <input
            id={`${ids}-${entry.key}`}
            className="input input-compact"
            type="text"
            maxLength={DISPLAY_NAME_MAX}
            value={entry.displayName}
            disabled={locked || entry.state === 'done'}
            onChange={(e) => onRename(e.target.value)}
          />
          <p className="upload-item-meta">
            <span>{entry.file.name}</span>
            <span>{formatFileSize(entry.file.size, lang)}</span>
            {entry.photoPages ? <span>{t('upload.fromPhotos', { count: entry.photoPages })}</span> : null}
          </p>
        </div>
        {isEditable(entry, locked) && (
          <button type="button" className="icon-btn icon-btn-sm" aria-label={t('upload.removeFile', { name: labelOf(entry) })} onClick={onRemove}>
            <Icon name="cross" />
          </button>
        )}
      </div>
      {showsProgress(entry, busy) && (
        <div className="upload-progress">
          <div
            className="progress"
            role="progressbar"
            aria-label={t('upload.progress', { name: labelOf(entry) })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <span className="upload-progress-text" aria-hidden={entry.state === 'uploading'}>
            {words && t(words, { percent })}
          </span>
        </div>
      )}
      {entry.error && (
        <p className="upload-item-error" role="alert">
          {entry.error}
        </p>
      )}
    </li>
  );
}
