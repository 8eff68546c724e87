// The error catalogue: every error the server can answer with, its HTTP status, a stable code
// and its message in French and English. Messages come from the product specification (§8);
// where the specification gives one language only, the other is a faithful translation.
// Unknown errors never reach the client as such: they become `internal`.

export type Lang = 'fr' | 'en';

interface CatalogueEntry {
  status: number;
  fr: string;
  en: string;
}

export const catalogue = {
  // General
  internal: { status: 500, fr: 'Une erreur est survenue', en: 'An error occurred' },
  not_found: { status: 404, fr: 'Ressource introuvable', en: 'Not found' },
  route_not_found: { status: 404, fr: 'Route inconnue', en: 'Unknown route' },
  unauthorized: { status: 401, fr: 'Non authentifié', en: 'Not authenticated' },
  forbidden: { status: 403, fr: 'Accès refusé', en: 'Forbidden' },
  invalid_json: {
    status: 400,
    fr: 'Le corps de la requête doit être du JSON valide',
    en: 'The request body must be valid JSON',
  },
  invalid_input: { status: 400, fr: 'Données invalides : {details}', en: 'Invalid input: {details}' },
  body_too_large: {
    status: 413,
    fr: 'Requête trop volumineuse (maximum {limit} octets)',
    en: 'Request too large (maximum {limit} bytes)',
  },
  unsupported_media_type: {
    status: 415,
    fr: 'Le corps de la requête doit être envoyé en application/json',
    en: 'The request body must be sent as application/json',
  },
  // Referrals (§5)
  referral_code_unknown: {
    status: 404,
    fr: 'Aucun utilisateur trouvé avec ce code de parrainage: {code}',
    en: 'No user found with this referral code: {code}',
  },
  referral_self: {
    status: 400,
    fr: 'Vous ne pouvez pas utiliser votre propre code de parrainage',
    en: 'You cannot use your own referral code',
  },
  referral_already_recorded: {
    status: 409,
    fr: 'Un parrainage est déjà enregistré pour ce compte',
    en: 'A referral is already recorded for this account',
  },
  referral_too_late: {
    status: 409,
    fr: "Un code de parrainage s'utilise à l'inscription, avant la fin de l'accueil",
    en: 'A referral code is used when signing up, before onboarding is complete',
  },
  // Account
  account_delete_failed: {
    status: 500,
    fr: 'Impossible de supprimer le compte. Réessayez.',
    en: 'The account could not be deleted. Please try again.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof catalogue;

/** An error the client is meant to see: a stable code, a status, and parameters for the message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: Record<string, string | number>;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = catalogue[code].status;
    this.params = params;
  }
}

/** The catalogue message for a code, in the requested language, with `{name}` parameters filled. */
export function errorMessage(code: ErrorCode, lang: Lang, params: Record<string, string | number> = {}): string {
  const template: string = catalogue[code][lang];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** `fr` unless the value is exactly a supported language (spec §1: anything else falls back to fr). */
export function toLang(value: unknown): Lang {
  return value === 'en' ? 'en' : 'fr';
}
