// The limits and lengths of every study entity, and the product's time zone: each defined here once
// and read by the handlers, the stores, the engines and the web app (its form limits are the
// server's). Subject names and course files keep theirs beside their rules (core/subjects.ts,
// core/files.ts). Constants only: the web app imports this module as well as the server.

/** The product's home time zone: monthly usage counters, a streak's default day, dates shown in Paris time. */
export const PRODUCT_TIME_ZONE = 'Europe/Paris';

/** Longest id in a path or body (subjects, files, sessions, cards...). */
export const ID_MAX = 64;

/** Longest title a student may give a conversation or a sheet. */
export const TITLE_MAX = 120;
/** A conversation's default title is its first question cut to this length. */
export const DEFAULT_TITLE_CHARS = 80;
/** How long an unsaved conversation or sheet draft is kept after its last change. */
export const DRAFT_TTL_SECONDS = 24 * 3600;
/** JSON of a revision sheet kept in one item: well under DynamoDB's 400 KB item limit. */
export const MAX_SHEET_BYTES = 350_000;

// ---- Questions and conversations ----

/** Longest question a student may ask. */
export const QUESTION_MAX_CHARS = 2000;
/** Questions one conversation holds; asking more answers 409 `conversation_full`. */
export const MAX_TURNS = 50;
/** JSON of the turns kept in one item: well under DynamoDB's 400 KB item limit. */
export const MAX_TURNS_BYTES = 350_000;

// ---- Quizzes ----

/** Questions one quiz session holds; asking for more answers 409 `quiz_session_full`. */
export const MAX_QUIZ_QUESTIONS = 50;
/** JSON of the questions kept in one session item: well under DynamoDB's 400 KB item limit. */
export const MAX_QUESTIONS_BYTES = 350_000;
/** Quiz questions generated in one engine request (one reading of the course); those not served yet wait in the session. */
export const QUIZ_BATCH_SIZE = 5;
/** How long a quiz session is kept after its last change. */
export const QUIZ_SESSION_TTL_SECONDS = 30 * 24 * 3600;
/** Longest open answer accepted. */
export const MAX_ANSWER_CHARS = 5000;
/** An open answer scoring under this is a mistake (and counts as not correct in the summary). */
export const PASSING_SCORE = 50;

// ---- Flashcards ----

/** Longest front and back a card keeps (typed, generated or made from a mistake). */
export const CARD_FRONT_MAX = 500;
export const CARD_BACK_MAX = 2000;
/** Cards a generated deck may ask for, and how many unless the student chooses. */
export const DECK_SIZE = { min: 5, max: 40, default: 20 } as const;

/** Longest title of a revision task. */
export const TODO_TITLE_MAX = 200;

// ---- Sign-up and podcast positions ----

/** The sign-up password's minimum length (no class requirement): the user pool, the laptop's stand-in and the sign-up form read it here. */
export const PASSWORD_MIN_LENGTH = 6;

/** A bounded number kept as a multiple of its step (core/bounds.ts builds its schemas). */
export interface Steps {
  min: number;
  max: number;
  step: number;
}

/** Where a podcast's listener stopped within a segment: seconds, to the tenth. */
export const POSITION_SECONDS: Steps = { min: 0, max: 3_600, step: 0.1 };
/** Which segment of a podcast the listener is in. */
export const POSITION_SEGMENT = { min: 0, max: 999 } as const;

// ---- Fair use and scanned pages ----

/**
 * Premium's fair-use ceiling, per metered feature and calendar month: at least twice what a heavy
 * student uses (150 questions and 10 coach messages, 15 sheets, 120 quiz items, 6 decks,
 * 6 podcasts), so reached only by automated or shared use; a month at every ceiling costs a little
 * less than what Premium brings in (docs/costs.md). Enforced like the free limits.
 */
export const PREMIUM_FAIR_USE_MONTHLY = {
  question_generation: 320,
  flashcard_generation: 15,
  summary_generation: 30,
  quiz_generation: 250,
  podcast_generation: 12,
} as const;

/** Scanned pages read by OCR a calendar month: the free plan's bound and Premium's fair-use ceiling. Pages with text do not count. */
export const OCR_PAGES_MONTHLY = { free: 50, premium: 300 } as const;

/** Items a list answers at once: `limit` from 1 to `max`, `default` without one (core/paging.ts). */
export const LIST_PAGE = { default: 100, max: 200 } as const;
