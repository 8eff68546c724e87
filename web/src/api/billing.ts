// Premium from the browser: Stripe Checkout (with the product's checkout messages),
// the customer portal and promo codes. The browser goes to the URL the server returns; the
// server's webhooks make the student Premium, and /profile?success=true refreshes the status.
import { errorMessage, type ErrorCode } from '@core/errors.js';
import { currentLang } from '../i18n';
import type { PromoResult } from '@core/contract.js';
import { ApiError, call } from './client';

export type { PromoResult };

/** A failure with the message the spec gives for it, in the UI language. */
export class BillingError extends Error {}

const message = (code: ErrorCode, params: Record<string, string | number> = {}) => new BillingError(errorMessage(code, currentLang(), params));

/** The server's own message when it gave one ("server text if given"), else the catalogue's. */
function failure(err: unknown, fallback: ErrorCode): BillingError {
  if (err instanceof ApiError) {
    if (err.status === 401) return message('checkout_not_signed_in');
    return new BillingError(err.message || errorMessage('checkout_http', currentLang(), { status: err.status, statusText: '' }));
  }
  if (err instanceof TypeError) return message('checkout_network');
  return message(fallback);
}

/** `/profile?success=true&timestamp=…` and `/profile?canceled=true&timestamp=…`. */
export function checkoutReturnUrls(now = Date.now()) {
  return { success_url: `/profile?success=true&timestamp=${now}`, cancel_url: `/profile?canceled=true&timestamp=${now}` };
}

/** Creates the checkout session and returns where the browser must go. */
export async function createCheckout(): Promise<string> {
  let out: unknown;
  try {
    out = await call('POST /api/checkout', {}, { mode: 'subscription', ...checkoutReturnUrls() }, { retry: false });
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
    const { url } = await call('POST /api/billing-portal', {}, { return_url: '/profile' }, { retry: false });
    return url;
  } catch (err) {
    throw failure(err, 'billing_portal_failed');
  }
}

/** `{ success, message, error }`; a refusal is `success: false` with the product's message. */
export async function redeemPromoCode(code: string): Promise<PromoResult> {
  try {
    return await call('POST /api/promo', {}, { code }, { retry: false });
  } catch (err) {
    if (err instanceof ApiError) return { success: false, message: err.status === 401 ? errorMessage('promo_not_signed_in', currentLang()) : err.message, error: err.code };
    return { success: false, message: errorMessage('promo_failed', currentLang()), error: 'network' };
  }
}
