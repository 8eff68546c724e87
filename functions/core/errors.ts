// The error catalogue: every error the server can answer with, its HTTP status, a stable code
// and its message in French and English. Messages come from the product's error catalogue;
// where the specification gives one language only, the other is a faithful translation.
// Unknown errors never reach the client as such: they become `internal`. A message's parameters
// are plain values or, when they are words themselves (what a field lacks, a date), said in both
// languages (`Localized`): a message is then entirely in the caller's language.

import { fillTemplate } from './text.js';

export type Lang = 'fr' | 'en';

/** A parameter said in both languages, picked with the message's language. */
export interface Localized {
  fr: string;
  en: string;
}

export type ErrorParam = string | number | Localized;
export type ErrorParams = Record<string, ErrorParam>;

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
  unsubscribe_link_invalid: {
    status: 400,
    fr: "Ce lien de désinscription n'est pas valide. Tu peux désactiver les rappels depuis ton profil.",
    en: 'This unsubscribe link is not valid. You can turn the reminders off on your profile.',
  },
  body_too_large: {
    status: 413,
    fr: 'Requête trop volumineuse (maximum {limit} octets)',
    en: 'Request too large (maximum {limit} bytes)',
  },
  response_too_large: {
    status: 500,
    fr: 'La réponse serait trop volumineuse pour être envoyée. Demande une partie plus petite.',
    en: 'The response would be too large to send. Ask for a smaller part.',
  },
  headers_too_large: {
    status: 431,
    fr: 'Ligne de requête ou en-têtes trop volumineux (maximum {limit} octets)',
    en: 'Request line or headers too large (maximum {limit} bytes)',
  },
  request_timeout: { status: 408, fr: "La requête n'est pas arrivée à temps", en: 'The request did not arrive in time' },
  bad_request: { status: 400, fr: 'Requête HTTP mal formée', en: 'Malformed HTTP request' },
  service_starting: { status: 503, fr: 'Révise démarre. Réessaie dans un instant.', en: 'Révise is starting. Try again in a moment.' },
  unsupported_media_type: {
    status: 415,
    fr: 'Le corps de la requête doit être envoyé en application/json',
    en: 'The request body must be sent as application/json',
  },
  not_configured: {
    status: 503,
    fr: "Ce service n'est pas encore configuré ({what})",
    en: 'This service is not configured yet ({what})',
  },
  webhook_signature_invalid: {
    status: 400,
    fr: 'Signature du webhook absente ou invalide',
    en: 'Missing or invalid webhook signature',
  },
  exam_date_past: {
    status: 400,
    fr: "La date de l'examen est déjà passée (au plus tôt aujourd'hui, le {min}).",
    en: 'The exam date has already passed (today, {min}, at the earliest).',
  },
  exam_date_too_far: {
    status: 400,
    fr: "La date de l'examen est trop lointaine (au plus tard le {max}, dans deux ans).",
    en: 'The exam date is too far ahead ({max} at the latest, two years from now).',
  },
  plan_not_set: {
    status: 404,
    fr: "Indique d'abord la date de l'examen pour obtenir un planning",
    en: 'Set the exam date first to get a plan',
  },
  request_in_progress: {
    status: 409,
    fr: 'Cette demande est déjà en cours de traitement, réessaie dans un instant',
    en: 'This request is already being processed; try again in a moment',
  },
  // Checkout and subscription
  checkout_not_signed_in: {
    status: 401,
    fr: 'Vous devez être connecté pour effectuer cette action',
    en: 'You must be signed in to do this',
  },
  checkout_failed: {
    status: 502,
    fr: 'Erreur lors de la création de la session de paiement',
    en: 'Error while creating the payment session',
  },
  checkout_invalid_response: { status: 502, fr: 'Réponse invalide du serveur', en: 'Invalid response from the server' },
  checkout_no_url: { status: 502, fr: 'URL de paiement non reçue', en: 'Payment URL not received' },
  checkout_network: {
    status: 503,
    fr: 'Impossible de contacter le serveur de paiement. Vérifiez votre connexion internet et réessayez.',
    en: 'Cannot reach the payment server. Check your internet connection and try again.',
  },
  checkout_http: { status: 502, fr: 'Erreur HTTP {status}: {statusText}', en: 'HTTP error {status}: {statusText}' },
  checkout_price_unknown: { status: 400, fr: 'Cette offre n\'existe pas', en: 'This plan does not exist' },
  checkout_url_invalid: {
    status: 400,
    fr: 'Les adresses de retour doivent être des pages de Révise',
    en: 'The return addresses must be pages of Révise',
  },
  already_subscribed: {
    status: 409,
    fr: 'Tu as déjà un abonnement Premium en cours',
    en: 'You already have a Premium subscription',
  },
  billing_no_customer: {
    status: 409,
    fr: "Aucun abonnement à gérer : passe d'abord à Premium",
    en: 'No subscription to manage: upgrade to Premium first',
  },
  billing_portal_failed: {
    status: 502,
    fr: "Impossible d'ouvrir la gestion de l'abonnement. Réessaie.",
    en: 'Could not open the subscription management page. Please try again.',
  },
  subscription_check_failed: { status: 502, fr: 'Impossible de vérifier votre abonnement', en: 'Could not check your subscription' },
  // Promo codes
  promo_not_signed_in: { status: 401, fr: 'Non authentifié', en: 'Not authenticated' },
  promo_user_not_found: { status: 404, fr: 'Utilisateur non trouvé', en: 'User not found' },
  promo_invalid: { status: 400, fr: 'Code promotionnel invalide', en: 'Invalid promo code' },
  promo_profile_failed: { status: 500, fr: 'Erreur lors de la vérification du profil', en: 'Error while checking the profile' },
  promo_already_used: { status: 409, fr: 'Vous avez déjà utilisé ce code promotionnel', en: 'You have already used this promo code' },
  promo_failed: { status: 500, fr: "Erreur lors de l'application du code promotionnel", en: 'Error while applying the promo code' },
  // Referrals
  referral_code_unknown: {
    status: 404,
    fr: 'Aucun utilisateur trouvé avec ce code de parrainage: {code}',
    en: 'No user found with this referral code: {code}',
  },
  referral_self: {
    status: 400,
    fr: 'Tu ne peux pas utiliser ton propre code de parrainage',
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
  // Subjects
  subject_not_found: { status: 404, fr: 'Matière introuvable', en: 'Subject not found' },
  subject_create_failed: {
    status: 500,
    fr: 'Erreur lors de la création de la matière',
    en: 'Error while creating the subject',
  },
  subject_name_invalid: {
    status: 400,
    fr: 'Le nom de la matière doit contenir au moins une lettre ou un chiffre visible, sans caractère invisible ni caractère de contrôle.',
    en: 'The subject name must contain at least one visible letter or digit, and no invisible or control characters.',
  },
  subject_name_too_long: {
    status: 400,
    fr: 'Le nom de la matière est trop long (maximum {max} caractères).',
    en: 'The subject name is too long (maximum {max} characters).',
  },
  subject_delete_failed: { status: 502, fr: 'Échec de la suppression de la matière : {reason}', en: 'Failed to delete subject: {reason}' },
  subject_limit_reached: {
    status: 403,
    fr: 'Tu as atteint la limite de {limit} matières du plan gratuit. Passe à Premium pour en créer davantage.',
    en: 'You have reached the free plan limit of {limit} subjects. Upgrade to Premium to create more.',
  },
  // Files
  file_limit_reached: {
    status: 403,
    fr: 'Tu as atteint la limite de {limit} fichiers par matière du plan gratuit. Passe à Premium pour en ajouter davantage.',
    en: 'You have reached the free plan limit of {limit} files per subject. Upgrade to Premium to add more.',
  },
  upload_params_missing: {
    status: 400,
    fr: "Paramètres manquants pour l'envoi du fichier",
    en: 'Missing required parameters for file upload',
  },
  pdf_only: { status: 415, fr: 'Seuls les fichiers PDF sont acceptés', en: 'Only PDF files are accepted' },
  file_too_large: {
    status: 413,
    fr: 'La taille du fichier dépasse la limite de 100MB',
    en: 'The file size exceeds the 100MB limit',
  },
  file_not_found: { status: 404, fr: 'Fichier introuvable', en: 'File not found' },
  upload_missing: {
    status: 409,
    fr: "Le fichier n'a pas été reçu. Réessaie l'envoi.",
    en: 'The file was not received. Please upload it again.',
  },
  storage_delete_failed: {
    status: 502,
    fr: 'Échec de la suppression du fichier dans le stockage : {reason}',
    en: 'Failed to delete file from storage: {reason}',
  },
  database_error: { status: 500, fr: 'Erreur de base de données : {reason}', en: 'Database error: {reason}' },
  pdf_invalid: { status: 422, fr: 'Fichier PDF vide ou invalide.', en: 'Empty or invalid PDF file.' },
  pdf_timeout: {
    status: 422,
    fr: 'Chargement du PDF timed out after {ms}ms',
    en: 'PDF loading timed out after {ms}ms',
  },
  pdf_unreadable: {
    status: 422,
    fr: 'Impossible de lire le contenu du fichier PDF (erreur de chargement). Veuillez vérifier que le fichier est valide et non corrompu.',
    en: 'The PDF could not be read (loading error). Please check that the file is valid and not corrupted.',
  },
  ocr_failed: {
    status: 422,
    fr: "La reconnaissance du texte (OCR) des pages numérisées a échoué. Supprime le fichier et envoie-le à nouveau.",
    en: 'Reading the text of the scanned pages (OCR) failed. Delete the file and upload it again.',
  },
  extraction_failed: {
    status: 500,
    fr: "Le texte du fichier n'a pas pu être extrait. Supprime le fichier et envoie-le à nouveau.",
    en: 'The text of the file could not be extracted. Delete the file and upload it again.',
  },
  processing_timeout: {
    status: 422,
    fr: "Le traitement du fichier n'a pas abouti à temps. Supprime-le et envoie-le à nouveau.",
    en: 'Processing the file did not finish in time. Delete it and upload it again.',
  },
  // Study engine: questions, conversations, revision sheets, usage
  question_empty: { status: 400, fr: 'Saisis une question.', en: 'Please enter a question.' },
  question_too_long: {
    status: 400,
    fr: 'Ta question est trop longue (maximum {max} caractères).',
    en: 'Your question is too long (maximum {max} characters).',
  },
  mode_required: { status: 400, fr: 'Choisis un mode de réponse.', en: 'Please select a response mode.' },
  usage_limit_reached: {
    status: 429,
    fr: "Limite d'utilisation atteinte ({used}/{limit} ce mois-ci). Réessaie plus tard ou passe à Premium.",
    en: 'Usage limit reached ({used}/{limit} this month). Try again later or upgrade to Premium.',
  },
  fair_use_limit_reached: {
    status: 429,
    fr: "Limite d'usage raisonnable de Premium atteinte ({limit} ce mois-ci). Elle se renouvelle le 1er du mois.",
    en: 'Premium fair-use limit reached ({limit} this month). It renews on the 1st of the month.',
  },
  ocr_limit_reached: {
    status: 429,
    fr: "Limite de pages numérisées atteinte : ce fichier en a {pages} à lire, il t'en reste {left} sur {limit} ce mois-ci. Réessaie plus tard ou passe à Premium.",
    en: 'Scanned page limit reached: this file has {pages} to read and you have {left} of {limit} left this month. Try again later or upgrade to Premium.',
  },
  export_not_found: { status: 404, fr: 'Export introuvable.', en: 'Export not found.' },
  export_in_progress: {
    status: 409,
    fr: 'Un export de tes données est déjà en cours : attends qu\'il se termine.',
    en: 'An export of your data is already running: wait for it to finish.',
  },
  export_daily_limit: {
    status: 429,
    fr: "Tu as déjà lancé {limit} exports aujourd'hui. Réessaie demain.",
    en: 'You have already started {limit} exports today. Try again tomorrow.',
  },
  export_not_ready: { status: 409, fr: "L'export n'est pas encore prêt.", en: 'The export is not ready yet.' },
  export_expired: {
    status: 410,
    fr: "Ce lien de téléchargement a expiré (valable {hours} h). Lance un nouvel export.",
    en: 'This download link has expired (valid for {hours} h). Start a new export.',
  },
  premium_only: {
    status: 403,
    fr: 'Cette fonctionnalité est réservée aux abonnés Premium.',
    en: 'This feature is reserved for Premium subscribers.',
  },
  no_content: { status: 409, fr: 'Aucun contenu disponible pour ce fichier', en: 'No content available for this file' },
  conversation_not_found: { status: 404, fr: 'Conversation introuvable', en: 'Conversation not found' },
  conversation_full: {
    status: 409,
    fr: 'Cette conversation est complète ({max} questions). Commences-en une nouvelle.',
    en: 'This conversation is full ({max} questions). Please start a new one.',
  },
  sheet_not_found: { status: 404, fr: 'Fiche introuvable', en: 'Sheet not found' },
  generation_failed: {
    status: 502,
    fr: 'Erreur lors de la génération de la réponse. Réessaie.',
    en: 'Error generating the answer. Please try again.',
  },
  summary_failed: { status: 502, fr: 'Erreur lors de la génération de la fiche', en: 'Error generating the summary' },
  // Quizzes and flashcards
  quiz_file_required: {
    status: 400,
    fr: 'Sélectionne un fichier pour générer un quiz',
    en: 'Please select a file to generate a quiz',
  },
  quiz_session_not_found: { status: 404, fr: 'Session de quiz introuvable', en: 'Quiz session not found' },
  quiz_question_not_found: { status: 404, fr: 'Question introuvable', en: 'Question not found' },
  quiz_already_answered: { status: 409, fr: 'Cette question a déjà reçu une réponse.', en: 'This question has already been answered.' },
  quiz_session_ended: {
    status: 409,
    fr: 'Cette session de quiz est terminée. Commence-en une nouvelle.',
    en: 'This quiz session has ended. Start a new one.',
  },
  quiz_session_full: {
    status: 409,
    fr: 'Cette session de quiz est complète ({max} questions). Termine-la pour voir ton bilan.',
    en: 'This quiz session is full ({max} questions). End it to see your summary.',
  },
  quiz_exhausted: {
    status: 409,
    fr: 'Plus aucune nouvelle question dans ce fichier pour cette session.',
    en: 'No new question left in this file for this session.',
  },
  answer_empty: {
    status: 400,
    fr: 'Écris une réponse ou choisis « Je ne sais pas ».',
    en: 'Please write an answer or choose "I don\'t know".',
  },
  quiz_generation_failed: { status: 502, fr: 'Erreur lors de la génération de la question', en: 'Error generating question' },
  evaluation_failed: { status: 502, fr: "Erreur lors de l'évaluation de la réponse", en: 'Error evaluating answer' },
  flashcards_failed: { status: 502, fr: 'Erreur lors de la génération des cartes', en: 'Error generating flashcards' },
  flashcards_exhausted: {
    status: 409,
    fr: 'Chaque notion de ce cours a déjà sa carte.',
    en: 'Every notion in this course already has its card.',
  },
  // Not an error: said with the deck (201) when it holds fewer cards than asked for.
  deck_short: {
    status: 201,
    fr: 'Seulement {made} sur les {asked} cartes demandées : ce cours ne contient pas d’autre notion (définition, formule, date, personnage, méthode) qui ne soit pas déjà dans tes cartes.',
    en: 'Only {made} of the {asked} cards asked for: this course holds no other notion (definition, formula, date, person, method) that is not already in your cards.',
  },
  card_not_found: { status: 404, fr: 'Carte introuvable', en: 'Card not found' },
  card_empty: {
    status: 400,
    fr: 'Écris le recto et le verso de la carte.',
    en: 'Please fill in both sides of the card.',
  },
  card_review_conflict: {
    status: 409,
    fr: 'Cette carte vient d’être révisée ailleurs. Recharge-la pour continuer.',
    en: 'This card was just reviewed elsewhere. Reload it to continue.',
  },
  cards_export_empty: {
    status: 404,
    fr: 'Tu n’as encore aucune carte à exporter. Crée-en depuis la page Cartes d’une matière.',
    en: 'You have no cards to export yet. Make some on a subject’s flashcards page.',
  },
  cards_export_too_large: {
    status: 413,
    fr: 'Tes cartes sont trop nombreuses pour un seul fichier. Exporte-les matière par matière, depuis la page Cartes de chaque matière.',
    en: 'You have too many cards for one file. Export them subject by subject, from each subject’s flashcards page.',
  },
  // Exams, practical cases, the coach
  exam_not_found: { status: 404, fr: 'Examen introuvable', en: 'Exam not found' },
  exam_question_not_found: { status: 404, fr: 'Question introuvable dans cet examen', en: 'Question not found in this exam' },
  exam_submitted: { status: 409, fr: 'Cet examen a déjà été rendu.', en: 'This exam has already been submitted.' },
  exam_time_over: { status: 409, fr: "Le temps de l'examen est écoulé : cette réponse n'a pas été enregistrée.", en: 'Time is up for this exam: this answer was not saved.' },
  case_not_found: { status: 404, fr: 'Cas pratique introuvable', en: 'Practical case not found' },
  case_unavailable: {
    status: 409,
    fr: "Ce cours ne contient pas assez de règles ou de définitions pour construire un cas pratique.",
    en: 'This course does not hold enough rules or definitions to build a practical case.',
  },
  // Podcasts
  podcast_file_required: {
    status: 400,
    fr: 'Sélectionne un fichier pour générer un podcast',
    en: 'Please select a file to generate a podcast',
  },
  podcast_no_file: {
    status: 400,
    fr: 'Aucun fichier sélectionné : ajoute un cours à cette matière pour générer un podcast.',
    en: 'No file selected: add a course to this subject to generate a podcast.',
  },
  podcast_no_text: {
    status: 409,
    fr: "Ce fichier ne contient pas de texte : impossible d'en faire un podcast.",
    en: 'This file has no text: a podcast cannot be made from it.',
  },
  podcast_not_found: { status: 404, fr: 'Podcast introuvable', en: 'Podcast not found' },
  podcast_not_ready: { status: 409, fr: "Le podcast n'est pas encore prêt.", en: 'The podcast is not ready yet.' },
  podcast_generation_failed: {
    status: 502,
    fr: 'La génération du podcast a échoué. Réessaie : ce podcast ne compte pas dans ta limite.',
    en: 'Generating the podcast failed. Try again: this podcast does not count towards your limit.',
  },
  podcast_audio_failed: {
    status: 502,
    fr: "La génération de l'audio a échoué. Réessaie : ce podcast ne compte pas dans ta limite.",
    en: 'Generating the audio failed. Try again: this podcast does not count towards your limit.',
  },
  podcast_playback_failed: { status: 500, fr: 'Erreur lors de la lecture du podcast', en: 'Error playing the podcast' },
  podcast_download_failed: { status: 502, fr: 'Erreur lors du téléchargement du podcast', en: 'Error downloading the podcast' },
  // Account
  account_delete_failed: {
    status: 500,
    fr: 'Impossible de supprimer le compte. Réessaie.',
    en: 'The account could not be deleted. Please try again.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof catalogue;

/** An error the client is meant to see: a stable code, a status, and parameters for the message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: ErrorParams;

  constructor(code: ErrorCode, params: ErrorParams = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = catalogue[code].status;
    this.params = params;
  }
}

/** The catalogue message for a code, in the requested language, with its parameters filled (`fillTemplate`). */
export function errorMessage(code: ErrorCode, lang: Lang, params: ErrorParams = {}): string {
  const template: string = catalogue[code][lang];
  const said: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) said[name] = typeof value === 'object' ? value[lang] : value;
  return fillTemplate(lang, template, said);
}

/** `fr` unless the value is exactly a supported language (anything else falls back to fr). */
export function toLang(value: unknown): Lang {
  return value === 'en' ? 'en' : 'fr';
}
