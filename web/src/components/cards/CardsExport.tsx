// "Exporter" on the flashcards page: the subject's cards downloaded as an Anki package (one deck
// named after the subject, notes updated rather than duplicated by a later export) or as a
// tab-separated CSV (front, back, source) for Quizlet's or Anki's text import. The file comes from
// the API with the student's token, then is saved by the browser under the subject's name.
// Without a subject ("Exporter mes cartes" on the profile), every subject's cards: one deck per
// subject, or the CSV with the subject in a fourth column, saved as `revise-cartes-{date}`.
import { useId, useState, type KeyboardEvent } from 'react';
import { cardsApi } from '../../api/cards';
import { Icon } from '../ContentParts';
import { useErrorText } from '../study/useErrorText';
import { useI18n } from '../../i18n';
import { saveBlob } from '../save-file';

type Format = 'apkg' | 'csv';

/** A file name the browser and every system accept: the subject's, without path characters. */
const fileName = (subjectName: string, format: Format) => `${subjectName.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim() || 'cartes'}.${format}`;

/** Today in the browser's calendar, `YYYY-MM-DD`. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

type Props = { subjectId: string; subjectName: string } | { subjectId?: undefined; subjectName?: undefined };

export default function CardsExport({ subjectId, subjectName }: Props) {
  const { t } = useI18n();
  const menuId = useId();
  const errorText = useErrorText(true);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const exportAs = async (format: Format) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      if (subjectId === undefined) saveBlob(await cardsApi.exportAll(format), `revise-cartes-${today()}.${format}`);
      else saveBlob(await cardsApi.exportFile(subjectId, format), fileName(subjectName, format));
      setOpen(false);
    } catch (err) {
      setError(errorText(err, 'cards.exportError'));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="cards-export" onKeyDown={onKeyDown}>
      <button type="button" className="btn btn-secondary" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)} data-testid={subjectId === undefined ? 'all-cards-export' : 'cards-export'}>
        <Icon name="download" />
        {busy ? t('cards.exporting') : t(subjectId === undefined ? 'profile.exportCards' : 'cards.export')}
      </button>
      {open && (
        <div id={menuId} className="cards-export-menu" role="group" aria-label={t(subjectId === undefined ? 'profile.exportCardsLabel' : 'cards.exportLabel')}>
          <button type="button" className="btn btn-ghost" onClick={() => void exportAs('apkg')} disabled={busy}>
            {t('cards.exportApkg')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => void exportAs('csv')} disabled={busy}>
            {t('cards.exportCsv')}
          </button>
        </div>
      )}
      {error && (
        <div className="alert alert-error cards-export-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
