// A list that could not be read: what failed, and a button to try again.
import { useI18n } from '../i18n';

export default function RetryAlert({ message, onRetry, className }: { message: string; onRetry(): void; className?: string }) {
  const { t } = useI18n();
  return (
    <div className={`alert alert-error${className ? ` ${className}` : ''}`} role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
