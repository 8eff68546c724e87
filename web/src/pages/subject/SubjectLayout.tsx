// Every `/subject/{subjectId}/*` page: the subject tab bar (coloured header with the
// subject's name and an add-file button, a tab per subject, a new-subject button), then the page.
// The subject comes from the shared list of subjects and is handed to the pages below. On a phone
// (≤ 480 px) the bar takes one line (name, file count, an add-file icon button) and one row of
// tabs that scrolls sideways: the subjects on the subject's page, its tools on a tool's page, so
// that a tool's first control shows in the first screen.
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, Outlet, useMatch, useOutletContext, useParams } from 'react-router-dom';
import { reloadSubjects, useSubjects, type Subject, type SubjectLimits } from '../../api/subjects';
import { colorTheme } from '@core/subjects.js';
import { ApiError } from '../../api/client';
import { Icon } from '../../components/ContentParts';
import { InlineLoading } from '../../components/LoadingScreen';
import RetryAlert from '../../components/RetryAlert';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../i18n';
import { fileCountLabel } from '../../components/subject-helpers';
import { useStudyHeartbeat } from '../../components/progress/useStudyHeartbeat';
import { subjectTiles } from './tools';
import '../../styles/subjects.css';

export interface SubjectOutlet {
  subject: Subject;
  limits: SubjectLimits | null;
  reload(): Promise<void>;
}

export const useSubject = (): SubjectOutlet => useOutletContext<SubjectOutlet>();

export const subjectPath = (subjectId: string, tool?: string): string =>
  `/subject/${encodeURIComponent(subjectId)}${tool ? `/${tool}` : ''}`;

/**
 * A study tool's page: what it holds belongs to one subject (another subject starts it afresh),
 * the tab's title names the tool and the subject, and the time spent studying on it counts.
 */
export function studyPage(tool: 'question' | 'summary' | 'quiz' | 'flashcards' | 'podcast', Workspace: ComponentType<{ subject: Subject }>): ComponentType {
  return function StudyPage() {
    const { t } = useI18n();
    const { subject } = useSubject();
    usePageTitle(`${t(`tool.${tool}`)} · ${subject.name}`);
    useStudyHeartbeat(subject.id);
    return <Workspace key={subject.id} subject={subject} />;
  };
}

/** Scrolls a tab list sideways (never the page) so that its current tab shows whole. */
function useCurrentTabInView(current: string, count: number) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !tab) return;
    const margin = 8;
    const left = tab.offsetLeft;
    const right = left + tab.offsetWidth;
    if (left - margin < list.scrollLeft) list.scrollLeft = Math.max(0, left - margin);
    else if (right + margin > list.scrollLeft + list.clientWidth) list.scrollLeft = right + margin - list.clientWidth;
  }, [current, count]);
  return listRef;
}

/** The subject's tools as tabs (a phone's tool pages): its overview, then every tool. */
const toolTabs = [{ segment: '', label: 'subject.overview' as const }, ...subjectTiles.filter((tile) => tile.segment !== 'conversations')];

function ToolTabs({ subject, tool }: { subject: Subject; tool: string }) {
  const { t } = useI18n();
  const listRef = useCurrentTabInView(tool, toolTabs.length);
  return (
    <nav className="subject-tools-nav" aria-label={t('subject.toolTabs')}>
      <div className="container">
        <ul className="subject-tab-list subject-tool-list" ref={listRef}>
          {toolTabs.map((tab) => (
            <li key={tab.segment}>
              <Link
                to={subjectPath(subject.id, tab.segment || undefined)}
                className={`subject-tab subject-tool-tab${tab.segment === tool ? ' current' : ''}`}
                aria-current={tab.segment === tool ? 'page' : undefined}
              >
                {t(tab.label)}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

function SubjectTabBar({ subject, subjects }: { subject: Subject; subjects: Subject[] }) {
  const { t } = useI18n();
  const listRef = useCurrentTabInView(subject.id, subjects.length);
  const tool = useMatch('/subject/:subjectId/:tool/*')?.params.tool ?? '';
  return (
    <div className={`subject-bar${tool ? ' on-tool' : ''}`}>
      <header className="subject-hero">
        <div className="container subject-hero-inner">
          <div className="subject-hero-text">
            <p className="subject-hero-eyebrow">{t('subject.title')}</p>
            <h1 className="subject-hero-name">{subject.name}</h1>
            <p className="subject-hero-meta">{fileCountLabel(t, subject.fileCount)}</p>
          </div>
          <Link className="btn subject-hero-btn" to={subjectPath(subject.id, 'upload')}>
            <Icon name="plus" />
            <span className="subject-hero-btn-label">{t('subject.addFile')}</span>
          </Link>
        </div>
      </header>
      <nav className="subject-tabs" aria-label={t('subject.tabs')}>
        <div className="container subject-tabs-inner">
          <ul className="subject-tab-list" ref={listRef}>
            {subjects.map((s) => (
              <li key={s.id}>
                <Link
                  to={subjectPath(s.id)}
                  className={`subject-tab subject-theme-${colorTheme(s.color_index)}${s.id === subject.id ? ' current' : ''}`}
                  aria-current={s.id === subject.id ? 'page' : undefined}
                >
                  <span className="subject-tab-dot" aria-hidden="true" />
                  {s.name}
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/?newSubject=true" className="subject-tab-new" title={t('subject.newSubject')}>
            <Icon name="plus" />
            <span className="subject-tab-new-label">{t('subject.newSubject')}</span>
          </Link>
        </div>
      </nav>
      <ToolTabs subject={subject} tool={tool} />
    </div>
  );
}

function SubjectNotFound() {
  const { t } = useI18n();
  usePageTitle(t('subject.title'));
  return (
    <div className="container page">
      <div className="page-header">
        <h1>{t('subject.title')}</h1>
      </div>
      <div className="empty-state">
        <p>{t('subject.notFound')}</p>
        <Link to="/subjects" className="btn btn-primary">
          {t('subject.backToSubjects')}
        </Link>
      </div>
    </div>
  );
}

export default function SubjectLayout() {
  const { t } = useI18n();
  const { subjectId = '' } = useParams();
  const { data, error, reload } = useSubjects();
  const subject = data?.subjects.find((s) => s.id === subjectId) ?? null;

  // A subject created a moment ago (another tab, the upload that just finished) may be missing
  // from a list loaded before: look once more before saying it does not exist.
  const [checked, setChecked] = useState<string | null>(null);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!data || subject || asked.current === subjectId) return;
    asked.current = subjectId;
    void reloadSubjects().finally(() => setChecked(subjectId));
  }, [data, subject, subjectId]);

  if (!data) {
    if (!error) return <InlineLoading />;
    return (
      <div className="container page">
        <RetryAlert message={error instanceof ApiError ? error.message : t('subjects.networkError')} onRetry={() => void reload()} />
      </div>
    );
  }
  if (!subject) {
    if (checked !== subjectId) return <InlineLoading />;
    return <SubjectNotFound />;
  }

  const context: SubjectOutlet = { subject, limits: data.limits, reload };
  return (
    <div className={`subject-space subject-theme-${colorTheme(subject.color_index)}`}>
      <SubjectTabBar subject={subject} subjects={data.subjects} />
      <div className="container subject-body">
        <Outlet context={context} />
      </div>
    </div>
  );
}
