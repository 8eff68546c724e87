// The study engine's contract: what every generator takes, whichever provider runs it (`local`:
// the built-in engine; `bedrock`: Amazon Bedrock's Converse API; `openai`), and the interface each
// provider implements. What the generators return (answers, sheets, quiz questions, evaluations,
// flashcards, coach replies, podcast scripts) is defined in functions/core/artefacts.ts, which the
// server, the web app and the tests read too; the engine imports only functions/core/.
import type { PageSpan } from '../core/document.js';
import type { EducationLevel } from '../core/profile.js';
import type {
  Answer,
  AnswerMode,
  Citation,
  CoachReply,
  CourseLanguage,
  Evaluation,
  Flashcard,
  PodcastScript,
  QuizDifficulty,
  QuizQuestion,
  QuizType,
  Sheet,
} from '../core/artefacts.js';

/** A page of the course as the engine reads it. */
export interface CoursePage {
  file_id: string;
  file_name: string;
  page: number;
  text: string;
  /** The file's detected language ('und' read as the profile's language by the caller). */
  language: CourseLanguage;
  /** The page's blocks in the document model; absent on pages stored before it (then read line by line). */
  spans?: PageSpan[];
}

/** A passage returned by retrieval: part of one page, with its score. */
export interface Passage {
  file_id: string;
  file_name: string;
  page: number;
  text: string;
  score: number;
  language: CourseLanguage;
}

/** The course a generator works from: one subject (optionally narrowed to one file). */
export interface Course {
  subjectId: string;
  subjectName: string;
  /** The course's language (the dominant language of its files). */
  language: CourseLanguage;
  /** Every page in order (file by file); generators that need the whole course read this. */
  pages: CoursePage[];
  /** Best passages for a query (BM25 over the subject's pages), best first. */
  search(query: string, limit: number): Passage[];
}

export interface AnswerRequest {
  course: Course;
  question: string;
  mode: AnswerMode;
  /** The student's education level; shapes how much detail and how many items. null: unknown. */
  level: EducationLevel | null;
  /** Earlier turns of the conversation, oldest first (for follow-up questions). */
  history?: { question: string; answer: string }[];
  /**
   * The interface's language: what the engine writes about the answer (labels, "not in your
   * course", related passages) is in it; cited text stays in the course's. Default: the course's.
   */
  interfaceLanguage?: CourseLanguage;
}

export interface SheetRequest {
  course: Course;
  /** Narrow the sheet to one file; otherwise the whole subject. */
  fileId?: string;
  level: EducationLevel | null;
}

export interface QuizRequest {
  course: Course;
  /** The quiz works on one file (spec: 'Please select a file to generate a quiz'). */
  fileId: string;
  type: QuizType;
  difficulty: QuizDifficulty;
  /** fact_key of the questions already asked in this session: none may be asked again. */
  exclude: string[];
  level: EducationLevel | null;
}

export interface EvaluationRequest {
  course: Course;
  question: QuizQuestion;
  /** The student's answer (open questions). */
  answer: string;
  level: EducationLevel | null;
}

export interface FlashcardsRequest {
  course: Course;
  fileId?: string;
  /** How many cards (default 20). */
  count: number;
  /** Fronts of cards the student already has in this subject: not generated again. */
  exclude: string[];
  level: EducationLevel | null;
}

/** The practice generators: quiz questions, evaluation of open answers, flashcards. */
export interface PracticeEngine {
  /** Throws EngineError('exhausted') when the file has no fact left that the session has not asked. */
  quizQuestion(request: QuizRequest): Promise<QuizQuestion>;
  /**
   * Up to `count` questions of the request's type in one go, sharing one reading of the course:
   * each on a distinct fact (none of `exclude`), with its own fact_key and citations; at least one,
   * else EngineError('exhausted') as above.
   */
  quizQuestions(request: QuizRequest, count: number): Promise<QuizQuestion[]>;
  evaluate(request: EvaluationRequest): Promise<Evaluation>;
  flashcards(request: FlashcardsRequest): Promise<Flashcard[]>;
}

/** One interface for every generator; each provider implements it and returns validated shapes. */
export interface StudyEngine extends PracticeEngine {
  readonly name: 'local' | 'bedrock' | 'openai';
  answer(request: AnswerRequest): Promise<Answer>;
  sheet(request: SheetRequest): Promise<Sheet>;
  /** The coach's replies (both providers have it; test doubles may leave it out). */
  coach?(request: CoachRequest): Promise<CoachReply>;
  /** A podcast's script (defined below the engine's other shapes). */
  podcastScript(request: PodcastScriptRequest): Promise<PodcastScript>;
}

// ---- The coach ----

/** A sentence of the student's record (the briefing's), with the figures it states and the pages it names. */
export interface CoachRecordLine {
  topic: 'went_well' | 'weakest' | 'today' | 'next';
  text: string;
  figures: { id: string; value: number }[];
  citations: Citation[];
}

export interface CoachRequest {
  course: Course;
  message: string;
  level: EducationLevel | null;
  /** The language the coach writes in (the interface's). */
  interfaceLanguage: CourseLanguage;
  /** The student's record: the only figures the coach may state. */
  record: CoachRecordLine[];
}

/** The coach's conversation: replies grounded in the course and in the student's record. */
export interface CoachEngine {
  coach(request: CoachRequest): Promise<CoachReply>;
}

// ---- Podcasts ----

export interface PodcastScriptRequest {
  course: Course;
  /** Narrow the episode to one file; otherwise the whole subject. */
  fileId?: string;
  /** host: a host interviews an expert; expert: an expert teaches a learner; student: two students quiz each other. */
  style: 'host' | 'expert' | 'student';
  /** How many words the dialogue should hold: the chosen length times the voices' measured words per minute. */
  targetWords: number;
  /** The two speakers' names, as they introduce each other. */
  speakers: readonly [string, string];
  level: EducationLevel | null;
}
