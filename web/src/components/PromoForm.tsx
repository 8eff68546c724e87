// A promo code field (a month of Premium per valid code), on /profile and on the offer page: the
// server's message either way, the status refreshed on success. For a visitor (`onVisitor`), the
// code is handed over to be kept and redeemed once signed in.
import { useId, useState, type FormEvent } from 'react';
import { redeemPromoCode, type PromoResult } from '../api/billing';
import { SUBSCRIPTION_REFRESH_EVENT } from '../auth/session';
import { useI18n } from '../i18n';

export interface PromoFormProps {
  onRedeemed?: () => void;
  /** A visitor: nothing is sent, the code is given to this instead. */
  onVisitor?: (code: string) => void;
  submitLabel?: string;
}

export default function PromoForm({ onRedeemed, onVisitor, submitLabel }: PromoFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PromoResult | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    if (onVisitor) {
      onVisitor(code);
      return;
    }
    setBusy(true);
    const out = await redeemPromoCode(code);
    setResult(out);
    setBusy(false);
    if (out.success) {
      setCode('');
      onRedeemed?.();
      window.dispatchEvent(new Event(SUBSCRIPTION_REFRESH_EVENT));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="field" style={{ marginTop: 'var(--space-4)' }}>
      <label htmlFor={`${id}-code`}>{t('profile.promoLabel')}</label>
      <div className="copy-row">
        <input id={`${id}-code`} className="input" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" maxLength={64} />
        <button type="submit" className="btn btn-secondary" disabled={busy || !code.trim()}>
          {submitLabel ?? t('profile.promoApply')}
        </button>
      </div>
      {result && (
        <div className={`alert ${result.success ? 'alert-success' : 'alert-error'}`} role={result.success ? 'status' : 'alert'} style={{ marginTop: 'var(--space-2)' }}>
          {result.message}
        </div>
      )}
    </form>
  );
}
