// The upgrade modal: opens when a plan limit is reached, shows the server's message
// inline, the plan comparison and the way to Premium. Any page that hits a cap opens it with
// `useUpgradeModal().open(message)` or renders it directly.
import { createContext, useCallback, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import Dialog from './Dialog';
import PlanComparison from './PlanComparison';
import { useCheckout } from './useCheckout';
import { useI18n } from '../i18n';
import '../styles/subjects.css';

/** Where "see Premium" links lead: the subscription section of the profile. */
export const PREMIUM_PATH = '/profile';

/** The error codes of the server that mean "this plan's limit is reached". */
export const CAP_ERROR_CODES: readonly string[] = ['subject_limit_reached', 'file_limit_reached', 'usage_limit_reached', 'premium_only'];

export const isCapError = (err: unknown): err is { code: string; message: string } =>
  Boolean(err && typeof err === 'object' && 'code' in err && CAP_ERROR_CODES.includes(String((err as { code: unknown }).code)));

export default function UpgradeModal({ message, onClose }: { message: string; onClose(): void }) {
  const { t } = useI18n();
  const checkout = useCheckout();
  const ids = useId();
  return (
    <Dialog labelledBy={`${ids}-title`} describedBy={`${ids}-error`} closeLabel={t('upgrade.close')} onClose={onClose} className="modal-wide upgrade-modal">
      <div className="modal-head">
        <h2 id={`${ids}-title`}>{t('upgrade.title')}</h2>
      </div>
      <div id={`${ids}-error`} className="alert alert-warning upgrade-error" role="alert">
        {message}
      </div>
      <p className="upgrade-intro">{t('upgrade.intro')}</p>
      {checkout.error && (
        <div className="alert alert-error" role="alert" data-testid="checkout-error">
          {checkout.error}
        </div>
      )}
      <div className="upgrade-actions">
        <button type="button" className="btn btn-primary" disabled={checkout.busy} onClick={() => void checkout.start()}>
          {checkout.busy ? t('upgrade.ctaBusy') : t('upgrade.cta')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('upgrade.later')}
        </button>
      </div>
      <PlanComparison />
    </Dialog>
  );
}

interface UpgradeApi {
  open(message: string): void;
}

const UpgradeContext = createContext<UpgradeApi | null>(null);

/** Mount once around pages that may hit a limit; `useUpgradeModal()` opens the modal. */
export function UpgradeModalProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const open = useCallback((m: string) => setMessage(m), []);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <UpgradeContext.Provider value={value}>
      {children}
      {message !== null && <UpgradeModal message={message} onClose={() => setMessage(null)} />}
    </UpgradeContext.Provider>
  );
}

export function useUpgradeModal(): UpgradeApi {
  const value = useContext(UpgradeContext);
  if (!value) throw new Error('useUpgradeModal must be used inside <UpgradeModalProvider>');
  return value;
}
