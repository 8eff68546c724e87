// The pages a generated line rests on, as chips that open the files page's viewer at that page
// ("{file} · p. {page}", the supporting sentence as tooltip, and as the link's state for the viewer
// to highlight). Printed as plain text references.
import { Link } from 'react-router-dom';
import { citationHref, type Citation } from '../../api/study';
import { useI18n } from '../../i18n';

/** One chip per file and page, in the order they come. */
export function uniqueCitations(citations: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  return citations.filter((c) => {
    const key = `${c.file_id}#${c.page}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export default function Citations({ subjectId, citations }: { subjectId: string; citations: readonly Citation[] }) {
  const { t } = useI18n();
  const list = uniqueCitations(citations);
  if (list.length === 0) return null;
  return (
    <span className="cite-list">
      <span className="visually-hidden">{t('study.sources')}</span>
      {list.map((c) => (
        <Link key={`${c.file_id}#${c.page}`} className="cite-chip" to={citationHref(subjectId, c)} state={c.quote ? { quote: c.quote } : undefined} title={c.quote || undefined} data-testid="citation">
          {t('study.citation', { file: c.file_name, page: c.page })}
        </Link>
      ))}
    </span>
  );
}
