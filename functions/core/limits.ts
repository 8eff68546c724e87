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
