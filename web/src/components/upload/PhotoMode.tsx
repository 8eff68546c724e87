// Photo mode: the student adds photos of their pages (JPEG, PNG, HEIC), sees them, and
// turns them into one A4 PDF that joins the files to upload. Conversion happens in the browser,
// with progress; unreadable photos and an oversized result are reported in the spec's words. The
// text of each page is read in the browser too (French first, or English first for a student
// whose profile is in English) and goes with the PDF; when it cannot be read, the PDF is added all
// the same and the server reads it.
import { useEffect, useId, useRef, useState } from 'react';
import { useSession } from '../../auth/session';
import { useI18n } from '../../i18n';
import { Icon } from '../ContentParts';
import { startPageReader } from './page-reader';
import { ocrLanguages } from './page-text';
import { PHOTO_ACCEPT, PhotoPdfTooLargeError, photoPdfName, photosToPdf, type PhotoPdfProgress } from './photo-pdf';

interface Photo {
  key: string;
  file: File;
  url: string;
}

interface PhotoModeProps {
  disabled?: boolean;
  /** `pageTexts`: the text read on each page, when the browser could read some. */
  onPdf(file: File, pages: number, pageTexts?: string[]): void;
}

let seed = 0;

function Thumbnail({ photo }: { photo: Photo }) {
  const [broken, setBroken] = useState(false);
  // HEIC and other formats the browser cannot show still get a tile with their name.
  if (broken) {
    return (
      <span className="photo-thumb photo-thumb-placeholder" aria-hidden="true">
        <Icon name="scan" />
      </span>
    );
  }
  return <img className="photo-thumb" src={photo.url} alt="" onError={() => setBroken(true)} />;
}

export default function PhotoMode({ disabled, onPdf }: PhotoModeProps) {
  const { t } = useI18n();
  const { profile } = useSession();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [progress, setProgress] = useState<PhotoPdfProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const photosRef = useRef(photos);
  photosRef.current = photos;

  // Object URLs of the previews are released when the photos go away.
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  const addPhotos = (files: File[]) => {
    if (files.length === 0) return;
    setError(null);
    setNotice(null);
    setAdded(null);
    setPhotos((list) => [...list, ...files.map((file) => ({ key: `p${(seed += 1)}`, file, url: URL.createObjectURL(file) }))]);
  };

  const removePhoto = (key: string) =>
    setPhotos((list) => {
      const gone = list.find((p) => p.key === key);
      if (gone) URL.revokeObjectURL(gone.url);
      return list.filter((p) => p.key !== key);
    });

  const convert = async () => {
    if (photos.length === 0 || progress) return;
    setError(null);
    setNotice(null);
    setAdded(null);
    setProgress({ done: 0, total: photos.length, phase: 'reading' });
    const reader = startPageReader(ocrLanguages(profile?.language));
    try {
      const result = await photosToPdf(
        photos.map((p) => p.file),
        (p) => setProgress(p),
        reader,
      );
      if (result.unreadable.length > 0) setNotice(t('photo.unreadable'));
      if (result.pdf) {
        onPdf(new File([result.pdf], photoPdfName(new Date()), { type: 'application/pdf' }), result.pageCount, result.pageTexts);
        setAdded(t('photo.added', { count: result.pageCount }));
        photos.forEach((p) => URL.revokeObjectURL(p.url));
        setPhotos([]);
      }
    } catch (err) {
      if (err instanceof PhotoPdfTooLargeError) setError(t('photo.tooLarge'));
      else setError(t('photo.failed', { reason: err instanceof Error && err.message ? err.message : String(err) }));
    } finally {
      reader.close();
      setProgress(null);
    }
  };

  // Reading a photo's text is the second half of its step.
  const steps = progress ? (progress.phase === 'saving' ? progress.total : progress.done + (progress.phase === 'ocr' ? 0.5 : 0)) : 0;
  const percent = progress ? Math.round((steps / Math.max(1, progress.total)) * 100) : 0;
  const progressText = (p: PhotoPdfProgress) => {
    if (p.phase === 'saving') return t('photo.saving');
    if (p.phase === 'ocr') return t('photo.readingText', { current: p.current ?? p.done + 1, total: p.total });
    return t('photo.converting', { done: p.done, total: p.total });
  };

  return (
    <div className="photo-mode">
      <button
        type="button"
        className={`btn btn-secondary btn-sm photo-toggle${open ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={`${ids}-panel`}
        disabled={disabled && !open}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="scan" />
        {t('photo.toggle')}
      </button>

      {open && (
        <section id={`${ids}-panel`} className="photo-panel" aria-labelledby={`${ids}-title`}>
          <div className="photo-panel-head">
            <h3 id={`${ids}-title`}>{t('photo.title')}</h3>
            <button type="button" className="icon-btn icon-btn-sm" aria-label={t('photo.close')} onClick={() => setOpen(false)}>
              <Icon name="cross" />
            </button>
          </div>
          <p className="muted">{t('photo.intro')}</p>

          <label className={`btn btn-secondary photo-add${disabled || progress ? ' disabled' : ''}`}>
            <input
              className="visually-hidden"
              type="file"
              accept={PHOTO_ACCEPT}
              multiple
              disabled={disabled || Boolean(progress)}
              onChange={(e) => {
                addPhotos(Array.from(e.target.files ?? []));
                e.target.value = '';
              }}
            />
            <Icon name="upload" />
            {t('photo.add')}
          </label>

          {photos.length > 0 && (
            <ul className="photo-grid" aria-label={t('photo.list')}>
              {photos.map((photo, index) => (
                <li key={photo.key} className="photo-item">
                  <Thumbnail photo={photo} />
                  <span className="photo-index" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="photo-name">{photo.file.name}</span>
                  {!progress && (
                    <button
                      type="button"
                      className="photo-remove"
                      aria-label={t('photo.removePhoto', { name: photo.file.name })}
                      onClick={() => removePhoto(photo.key)}
                    >
                      <Icon name="cross" />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}

          {progress && (
            <div className="photo-progress" role="status">
              <div className="progress" role="progressbar" aria-label={t('photo.progressLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                <span style={{ width: `${percent}%` }} />
              </div>
              <span>{progressText(progress)}</span>
            </div>
          )}
          {notice && (
            <div className="alert alert-warning" role="alert">
              {notice}
            </div>
          )}
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          {added && !progress && (
            <div className="alert alert-success" role="status">
              {added}
            </div>
          )}

          {photos.length > 0 && (
            <button type="button" className="btn btn-primary" disabled={disabled || Boolean(progress)} onClick={() => void convert()}>
              {t('photo.create', { count: photos.length })}
            </button>
          )}
        </section>
      )}
    </div>
  );
}
