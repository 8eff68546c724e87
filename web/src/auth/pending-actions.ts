// What a visitor asked for before signing in, done right after: a promo code typed on
// the offer page (redeemed once signed in) and the "checkout requested" flag set by a Premium
// button (the browser goes straight to Stripe's checkout). Kept in this tab's sessionStorage, and
// taken (read and removed) once, so a failure never replays them at the next sign-in.
const PROMO_KEY = 'revise.pending_promo_code';
const CHECKOUT_KEY = 'revise.checkout_requested';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function put(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    /* storage unavailable: the visitor redeems or subscribes from the profile instead */
  }
}

function take(key: string): string | null {
  const value = storage()?.getItem(key) ?? null;
  put(key, null);
  return value;
}

export function keepPromoCode(code: string): void {
  put(PROMO_KEY, code.trim() || null);
}

export function takePromoCode(): string | null {
  return take(PROMO_KEY);
}

export function requestCheckout(requested = true): void {
  put(CHECKOUT_KEY, requested ? '1' : null);
}

export function takeCheckoutRequest(): boolean {
  return take(CHECKOUT_KEY) === '1';
}
