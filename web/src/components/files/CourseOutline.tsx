// The subject page's "Plan du cours": a section folded by default that, unfolded, lists the
// outline of each ready file under its name, every heading a link to the files page's viewer at
// its page (as a citation is). Unfolded, the URL says so (`?outline=1`): back from the viewer,
// the plan is still open.
import { useCallback, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { citationHref } from '../../api/study';
import { subjectsApi, type FileView } from '../../api/subjects';
import { useI18n } from '../../i18n';
import { Icon } from '../ContentParts';
import { InlineLoading } from '../LoadingScreen';
import RetryAlert from '../RetryAlert';
import FileOutlinePanel from './OutlineList';
import '../../styles/subjects.css';

const OPEN_PARAM = 'outline';

function ReadyFilesOutline({ subjectId }: { subjectId: string }) {
  const { t } = useI18n();
  const [files, setFiles] = useState<FileView[] | null>(null);
  const [error, setError] = useState(false);

  const load = useCallback(async () => {
    setError(false);
    try {
      const { files: list } = await subjectsApi.files(subjectId);
      setFiles(list.filter((f) => f.status === 'ready'));
    } catch {
      setError(true);
    }
  }, [subjectId]);

  useEffect(() => {
    setFiles(null);
    void load();
  }, [load]);

  if (error && !files) return <RetryAlert message={t('files.loadError')} onRetry={() => void load()} />;
  if (!files) return <InlineLoading />;
  if (files.length === 0) return <p className="outline-note">{t('outline.noReadyFiles')}</p>;
  return (
    <div className="course-outline-files">
      {files.map((file) => (
        <div key={file.id} className="course-outline-file" data-testid="course-outline-file">
          <h3 className="course-outline-file-name">
            <Icon name="sheet" />
            <span>{file.display_name}</span>
          </h3>
          <FileOutlinePanel subjectId={subjectId} fileId={file.id} to={(page) => citationHref(subjectId, { file_id: file.id, page })} />
        </div>
      ))}
    </div>
  );
}

export default function CourseOutline({ subjectId }: { subjectId: string }) {
  const { t } = useI18n();
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const open = params.get(OPEN_PARAM) === '1';
  const toggle = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.delete(OPEN_PARAM);
        else next.set(OPEN_PARAM, '1');
        return next;
      },
      { replace: true },
    );

  return (
    <section className={`course-outline${open ? ' open' : ''}`} aria-labelledby={`${ids}-title`}>
      <h2 className="course-outline-heading">
        <button type="button" id={`${ids}-title`} className="course-outline-toggle" aria-expanded={open} aria-controls={`${ids}-body`} aria-describedby={`${ids}-intro`} onClick={toggle}>
          <span className="course-outline-icon" aria-hidden="true">
            <Icon name="sheet" />
          </span>
          <span className="course-outline-title">{t('outline.title')}</span>
          <Icon name="chevron" className="course-outline-chevron" />
        </button>
      </h2>
      <p id={`${ids}-intro`} className="course-outline-intro muted">
        {t('outline.intro')}
      </p>
      <div id={`${ids}-body`} className="course-outline-body" hidden={!open}>
        {open && <ReadyFilesOutline subjectId={subjectId} />}
      </div>
    </section>
  );
}
