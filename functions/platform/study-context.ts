// What every study generator starts from, loaded by one helper: the caller's plan, the course of the
// subject (or one file of it) and the education level the engine writes for. The course's fallback
// language is the profile's (French without one). Also the practice generators' plumbing (quizzes,
// evaluations, decks): the engine's practice side and the failures it may end in.
import { AppError } from '../core/errors.js';
import type { EducationLevel } from '../core/profile.js';
import { EngineError, isEngineError } from '../engine/errors.js';
import type { Course, PracticeEngine, StudyEngine } from '../engine/types.js';
import { generate, loadCourse, loadEngine } from './course.js';
import { currentPlan, type Plan } from './plan.js';

export interface StudyContext {
  plan: Plan;
  course: Course;
  /** The student's education level, null when the profile has none. */
  level: EducationLevel | null;
}

/**
 * The plan, then the course (404 subject or file not found, 409 `no_content`), read once at `now`.
 * `fileId` narrows the course to one file of the subject.
 */
export async function studyContext(userId: string, subjectId: string, opts: { fileId?: string | null; now: Date }): Promise<StudyContext> {
  const plan = await currentPlan(userId, opts.now);
  const course = await loadCourse(userId, subjectId, { fileId: opts.fileId ?? undefined, fallbackLanguage: plan.profile?.language ?? 'fr' });
  return { plan, course, level: plan.profile?.education_level ?? null };
}

/** The engine's practice generators, or EngineError('unavailable') when it has none. */
export function practiceEngine(engine: StudyEngine): PracticeEngine {
  const { quizQuestion, quizQuestions, evaluate, flashcards } = engine;
  if (!quizQuestion || !quizQuestions || !evaluate || !flashcards) throw new EngineError('unavailable', `engine ${engine.name} has no practice generators`);
  return { quizQuestion: quizQuestion.bind(engine), quizQuestions: quizQuestions.bind(engine), evaluate: evaluate.bind(engine), flashcards: flashcards.bind(engine) };
}

/** The practice generators of the engine of the student's plan, loaded at the first use. */
export const loadPracticeEngine = async (plan: { subscribed: boolean }): Promise<PracticeEngine> => practiceEngine(await loadEngine(plan));

/**
 * Runs a practice generator through generate(): the engine's `exhausted` becomes `exhausted`
 * (a 409 telling the student there is nothing new), any other failure becomes `failure`.
 */
export async function practiceGenerate<T>(
  failure: 'quiz_generation_failed' | 'evaluation_failed' | 'flashcards_failed',
  exhausted: 'quiz_exhausted' | 'flashcards_exhausted' | null,
  context: Record<string, string | undefined>,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await generate('generation_failed', { ...context, practice: failure }, async () => {
      try {
        return await run();
      } catch (err) {
        if (exhausted && isEngineError(err) && err.kind === 'exhausted') throw new AppError(exhausted);
        throw err;
      }
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'generation_failed') throw new AppError(failure);
    throw err;
  }
}
