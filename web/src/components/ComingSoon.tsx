// A signed-in page whose tools are not available yet: its title and an honest note, nothing that
// pretends to work.
import type { ReactNode } from 'react';
import { useI18n } from '../i18n';
import { usePageTitle } from './usePageTitle';

interface ComingSoonProps {
  title: string;
  note: string;
  children?: ReactNode;
  before?: ReactNode;
}

export default function ComingSoon({ title, note, children, before }: ComingSoonProps) {
  const { t } = useI18n();
  usePageTitle(title);
  return (
    <div className="container page">
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      {before}
      <div className="soon-note" role="note">
        <span className="badge">{t('common.comingSoon')}</span>
        <p style={{ margin: 0 }}>{note}</p>
      </div>
      {children}
    </div>
  );
}
