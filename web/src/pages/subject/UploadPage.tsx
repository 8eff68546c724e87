// `/subject/{subjectId}/upload`: the upload form for an existing subject (its name shown, fixed).
import { Link } from 'react-router-dom';
import UploadForm from '../../components/upload/UploadForm';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../i18n';
import { subjectPath, useSubject } from './SubjectLayout';

export default function UploadPage() {
  const { t } = useI18n();
  const { subject, limits } = useSubject();
  usePageTitle(`${t('upload.title')} · ${subject.name}`);
  return (
    <section className="card subject-panel" aria-labelledby="upload-title">
      <div className="subject-panel-head">
        <h2 id="upload-title">{t('upload.title')}</h2>
        <Link to={subjectPath(subject.id)} className="btn btn-ghost btn-sm">
          {t('files.close')}
        </Link>
      </div>
      <UploadForm subject={subject} limits={limits} />
    </section>
  );
}
