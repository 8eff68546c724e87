// Premium from the browser: Stripe Checkout (spec §7 checkout function, §8 checkout messages),
// the customer portal and promo codes. The browser goes to the URL the server returns; the
// server's webhooks make the student Premium, and /profile?success=true refreshes the status.
import { errorMessage, type ErrorCode } from '../../../functions/core/errors';
import { currentLang } from '../i18n';
import { api, ApiError } from './client';

/** A failure with the message the spec gives for it, in the UI language. */
export class BillingError extends Error {}

const message = (code: ErrorCode, params: Record<string, string | number> = {}) => new BillingError(errorMessage(code, currentLang(), params));

/** The server's own message when it gave one (spec §8: "server text if given"), else the spec's. */
function failure(err: unknown, fallback: ErrorCode): BillingError {
  if (err instanceof ApiError) {
    if (err.status === 401) return message('checkout_not_signed_in');
    return new BillingError(err.message || errorMessage('checkout_http', currentLang(), { status: err.status, statusText: '' }));
  }
  if (err instanceof TypeError) return message('checkout_network');
  return message(fallback);
}

/** `/profile?success=true&timestamp=…` and `/profile?canceled=true&timestamp=…` (spec §7). */
export function checkoutReturnUrls(now = Date.now()) {
  return { success_url: `/profile?success=true&timestamp=${now}`, cancel_url: `/profile?canceled=true&timestamp=${now}` };
}

/** Creates the checkout session and returns where the browser must go. */
export async function createCheckout(): Promise<string> {
  let out: unknown;
  try {
    out = await api.post<unknown>('/checkout', { mode: 'subscription', ...checkoutReturnUrls() }, { retry: false });
  } catch (err) {
    throw failure(err, 'checkout_failed');
  }
  if (!out || typeof out !== 'object') throw message('checkout_invalid_response');
  const url = (out as { url?: unknown }).url;
  if (typeof url !== 'string' || !url) throw message('checkout_no_url');
  return url;
}

export async function createPortalSession(): Promise<string> {
  try {
    const { url } = await api.post<{ url: string }>('/billing-portal', { return_url: '/profile' }, { retry: false });
    return url;
  } catch (err) {
    throw failure(err, 'billing_portal_failed');
  }
}

export interface PromoResult {
  success: boolean;
  message: string;
  error?: string;
  trial_end?: string;
  extended?: boolean;
}

/** Spec §7: `{ success, message, error }`; a refusal is `success: false` with the spec's message. */
export async function redeemPromoCode(code: string): Promise<PromoResult> {
  try {
    return await api.post<PromoResult>('/promo', { code }, { retry: false });
  } catch (err) {
    if (err instanceof ApiError) return { success: false, message: err.status === 401 ? errorMessage('promo_not_signed_in', currentLang()) : err.message, error: err.code };
    return { success: false, message: errorMessage('promo_failed', currentLang()), error: 'network' };
  }
}
