// `/subject/{subjectId}`: the subject's courses at a glance, their outline ("Plan du cours", to
// unfold) and its tools as tiles, the flashcards tile with the number of cards due now. Tools of later parts of the product link to
// their page, which says honestly that it is not ready. For a free student, the Premium tools (exam
// mode, practical cases) carry a "Premium" mark, read from the plan (`GET /usage`).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/ContentParts';
import CourseOutline from '../../components/files/CourseOutline';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../i18n';
import { fileCountLabel } from '../../components/subject-helpers';
import { subjectPath, useSubject } from './SubjectLayout';
import { subjectTiles } from './tools';
import { useDueCounts } from '../../components/cards/useDueCounts';
import { studyApi, type UsageSummary } from '../../api/study';
import { SUBSCRIPTION_REFRESH_EVENT } from '../../auth/session';
import '../../styles/cards.css';

export default function SubjectPage() {
  const { t } = useI18n();
  const { subject } = useSubject();
  usePageTitle(subject.name);
  const dueCards = useDueCounts()?.get(subject.id)?.due ?? 0;
  const premium = usePremiumFeatures();
  return (
    <div className="stack">
      <section className="subject-files-card" aria-labelledby="subject-files-title">
        <span className="subject-files-icon" aria-hidden="true">
          <Icon name="folder" />
        </span>
        <div className="subject-files-text">
          <h2 id="subject-files-title">{t('subject.filesTitle')}</h2>
          <p className="muted">{subject.fileCount > 0 ? fileCountLabel(t, subject.fileCount) : t('subject.filesEmpty')}</p>
        </div>
        <div className="row">
          <Link className="btn btn-secondary btn-sm" to={subjectPath(subject.id, 'files')}>
            {t('subject.seeFiles')}
          </Link>
          <Link className="btn btn-primary btn-sm" to={subjectPath(subject.id, 'upload')}>
            <Icon name="plus" />
            {t('subject.addFile')}
          </Link>
        </div>
      </section>

      {subject.fileCount > 0 && <CourseOutline subjectId={subject.id} />}

      <section aria-labelledby="subject-tools-title">
        <h2 id="subject-tools-title">{t('subject.toolsTitle')}</h2>
        <ul className="subject-tiles">
          {subjectTiles.map((tile) => (
            <li key={tile.segment}>
              <Link className="subject-tile" to={subjectPath(subject.id, tile.segment)}>
                <span className="subject-tile-icon" aria-hidden="true">
                  <Icon name={tile.icon} />
                </span>
                <span className="subject-tile-label">{t(tile.label)}</span>
                <span className="subject-tile-desc">{t(tile.description)}</span>
                {tile.premium && premium?.[tile.premium] === false && (
                  <span className="badge subject-tile-badge subject-tile-premium" data-testid="tile-premium">
                    Premium
                  </span>
                )}
                {tile.segment === 'flashcards' && dueCards > 0 && (
                  <span className="badge subject-tile-badge due-badge" data-testid="tile-due">
                    {t('subject.dueBadge', { count: dueCards })}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** What this student's plan includes of Premium; null until known (and when it cannot be read: no mark then). */
function usePremiumFeatures(): UsageSummary['premium'] | null {
  const [premium, setPremium] = useState<UsageSummary['premium'] | null>(null);
  useEffect(() => {
    let alive = true;
    const load = () => {
      studyApi.usage().then(
        (u) => alive && setPremium(u.premium),
        () => undefined,
      );
    };
    load();
    window.addEventListener(SUBSCRIPTION_REFRESH_EVENT, load);
    return () => {
      alive = false;
      window.removeEventListener(SUBSCRIPTION_REFRESH_EVENT, load);
    };
  }, []);
  return premium;
}
