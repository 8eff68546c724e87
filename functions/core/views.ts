// What the API returns, field by field: the views of subjects' files, usage, flashcards,
// conversations, revision sheets and quiz sessions. The server's handlers and stores build these
// shapes and the web app reads them, both from this one definition. Types only (and constant
// lists), no I/O: the web app imports this module as well as the server.
import type { PageSpan } from './document.js';
import type { Answer, AnswerMode, Citation, Evaluation, FactKind, QuizDifficulty, QuizQuestion, QuizType, Sheet } from './artefacts.js';
import type { FileStatus } from './files.js';
import type { MeteredFeature, PREMIUM_ONLY_FEATURES } from './plans.js';

// ---- Spaced repetition ----

/** How a student rates a review, in the order of their keys (1 to 4). */
export const srsRatings = ['again', 'hard', 'good', 'easy'] as const;
export type SrsRating = (typeof srsRatings)[number];

export const srsStates = ['new', 'learning', 'review', 'relearning'] as const;
export type SrsStateName = (typeof srsStates)[number];

// ---- Plan caps and usage ----

/** The plan's caps on subjects and files; null: unlimited (Premium or trial). */
export interface PlanLimits {
  max_subjects: number | null;
  max_files_per_subject: number | null;
}

export type PremiumFeature = (typeof PREMIUM_ONLY_FEATURES)[number];

/** Where a feature's counter stands this month. */
export interface FeatureUsage {
  used: number;
  /** null: unlimited (Premium or trial). */
  limit: number | null;
  remaining: number | null;
}

/** Where a counter stands after a request (the usage of one feature after a generation). */
export interface UsageFigure extends FeatureUsage {
  feature: MeteredFeature;
}

/** `GET /api/usage`. */
export interface UsageOverview {
  /** 'YYYY-MM' */
  month: string;
  subscribed: boolean;
  features: Record<MeteredFeature, FeatureUsage>;
  /** Whether each premium-only feature is available to this student. */
  premium: Record<PremiumFeature, boolean>;
}

// ---- Files ----

/** A course file as the API returns it. */
export interface FileView {
  id: string;
  subject_id: string;
  /** The original file name. */
  name: string;
  display_name: string;
  size: number;
  status: FileStatus;
  error: { code: string; message: string } | null;
  language: 'fr' | 'en' | 'und' | null;
  page_count: number | null;
  created_at: string;
}

/** The text of one page of a file. */
export interface PageText {
  /** 1-based. */
  page: number;
  text: string;
  /** Whether the text was read by OCR. */
  ocr: boolean;
  /** The page's blocks in the document model (functions/core/document.ts); absent on pages stored before it. */
  spans?: PageSpan[];
}

// ---- Flashcards ----

export const cardKinds = ['term', 'qa', 'mistake', 'manual'] as const;
export type CardKind = (typeof cardKinds)[number];
export type CardSource = 'generated' | 'mistake' | 'manual';

/** A card as the API returns it. */
export interface Card {
  id: string;
  subject_id: string;
  front: string;
  back: string;
  kind: CardKind;
  source: CardSource;
  citations: Citation[];
  quiz_session_id?: string;
  created_at: string;
  updated_at: string;
  /** ISO date: when the card is to be reviewed next. */
  due: string;
  state: SrsStateName;
  reps: number;
  lapses: number;
  last_review: string | null;
  stability: number;
  difficulty: number;
  scheduled_days: number;
}

/** A subject's cards counted: how many are due now, and how many there are. */
export interface CardCount {
  subject_id: string;
  due: number;
  total: number;
}

// ---- Conversations ----

export interface Turn {
  id: string;
  question: string;
  mode: AnswerMode;
  answer: Answer;
  created_at: string;
}

export interface ConversationSummary {
  id: string;
  subject_id: string;
  title: string;
  saved: boolean;
  created_at: string;
  updated_at: string;
  turn_count: number;
}

export interface Conversation extends ConversationSummary {
  turns: Turn[];
}

// ---- Revision sheets ----

export interface SheetSummary {
  id: string;
  subject_id: string;
  file_id: string | null;
  title: string;
  saved: boolean;
  created_at: string;
}

export interface SheetRecord extends SheetSummary {
  content: Sheet;
}

// ---- Quiz sessions ----

/** A question waiting for its answer: neither the right answer nor the citations are sent yet. */
export interface PendingQuestion {
  id: string;
  /** 1-based, in the session. */
  index: number;
  type: QuizType;
  difficulty: QuizDifficulty;
  kind: FactKind;
  question: string;
  /** mcq: the four options. */
  options?: string[];
}

export type AnswerStatus = 'correct' | 'incorrect' | 'skipped' | 'evaluated';

export type Rubric = NonNullable<QuizQuestion['rubric']>;

export interface AnsweredQuestion extends PendingQuestion {
  status: AnswerStatus;
  /** mcq: the option chosen (absent when skipped). */
  choice?: number;
  /** open: what the student wrote. */
  answer?: string;
  /** mcq: the right option. */
  correct_index?: number;
  explanation: string;
  citations: Citation[];
  rubric?: Rubric;
  /** open and answered: the grading. */
  evaluation?: Evaluation;
}

/** A question of a session, answered or not. */
export type QuestionView = PendingQuestion | AnsweredQuestion;

export interface QuizSummary {
  questions: number;
  /** mcq answered right and open answers scoring at least the passing score (50). */
  correct: number;
  mcq_total: number;
  mcq_correct: number;
  open_total: number;
  /** Mean score of the evaluated open answers, rounded; null when none was evaluated. */
  average_open_score: number | null;
  skipped: number;
  cards_created: number;
}

export interface QuizSession {
  id: string;
  subject_id: string;
  file_id: string;
  file_name: string;
  difficulty: QuizDifficulty;
  created_at: string;
  ended_at: string | null;
  questions: QuestionView[];
  summary: QuizSummary | null;
}

// ---- Podcasts ----

export const podcastDurations = ['short', 'medium', 'long'] as const;
/** The podcast lengths: short under 5 minutes; medium 5 to 10; long 10 to 15. */
export type PodcastDuration = (typeof podcastDurations)[number];

export const podcastStyles = ['host', 'expert', 'student'] as const;
/** host: a host interviews an expert; expert: an expert teaches a learner; student: two students quiz each other. */
export type PodcastStyle = (typeof podcastStyles)[number];

/** scripting: the script is being written; synthesising: segments are being spoken; then ready or failed. */
export const podcastStatuses = ['scripting', 'synthesising', 'ready', 'failed'] as const;
export type PodcastStatus = (typeof podcastStatuses)[number];

/** One line of the dialogue, spoken by one of the two voices. */
export interface PodcastSegment {
  index: number;
  /** 0: the first voice (host, expert or first student), 1: the second. */
  speaker: 0 | 1;
  /** The speaker's name as the transcript shows it (e.g. 'Léa', 'Rémi'). */
  speaker_name: string;
  text: string;
  citations: Citation[];
  /** A short-lived signed URL of this segment's MP3; null while not synthesised or when it failed. */
  audio_url: string | null;
  /** Measured on the audio; null until synthesised. */
  duration_seconds: number | null;
}

/** A podcast as the API returns it (`GET /api/podcasts/{podcastId}`; lists omit `segments`). */
export interface PodcastView {
  id: string;
  subject_id: string;
  /** null: the whole subject. */
  file_id: string | null;
  title: string;
  /** The course's language, in which the episode is spoken. */
  language: 'fr' | 'en';
  duration: PodcastDuration;
  style: PodcastStyle;
  status: PodcastStatus;
  /** Segments synthesised so far, and how many the script has (0 while scripting). */
  segments_done: number;
  segments_total: number;
  /** An error catalogue code when failed (e.g. 'podcast_generation_failed', 'podcast_audio_failed'). */
  error: string | null;
  /** Saved podcasts are kept; unsaved ones are drafts kept until `expires_at` (24 h). */
  saved: boolean;
  expires_at: string | null;
  created_at: string;
  /** The whole episode's length, measured on the audio; null until ready. */
  duration_seconds: number | null;
  /** The course holds too little for the chosen length: the episode is shorter (the page says so). */
  short_course: boolean;
  /** Where the student stopped listening, to resume there. */
  position: { segment: number; seconds: number } | null;
  segments?: PodcastSegment[];
}
