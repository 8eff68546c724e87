// A planning tool's page under the subject tab bar (schedule, revision tasks, statistics): the
// page title, the section headed by the tool's name, and its introduction when it has one.
import type { ReactNode } from 'react';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n, type MessageKey } from '../../i18n';
import { useSubject } from './SubjectLayout';

export default function SubjectSection({ tool, intro, children }: { tool: 'schedule' | 'todos' | 'stats'; intro?: MessageKey; children: ReactNode }) {
  const { t } = useI18n();
  const { subject } = useSubject();
  const title = t(`tool.${tool}`);
  usePageTitle(`${title} · ${subject.name}`);
  const heading = (
    <h2 id={`${tool}-title`} className="subject-section-title">
      {title}
    </h2>
  );
  return (
    <section className="stack" aria-labelledby={`${tool}-title`}>
      {intro ? (
        <div>
          {heading}
          <p className="muted">{t(intro)}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
