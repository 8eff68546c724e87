// The built-in engine's practice generators: quiz questions (multiple choice and open, one or a
// batch) from one file, grading of open answers against their rubric, and flashcards — all made from the
// student's own course pages, without any external service. Spread into `localEngine`.
import type { PracticeEngine } from '../types.js';
import { evaluateAnswer } from './evaluate.js';
import { buildFlashcards } from './flashcards.js';
import { buildQuizQuestion, buildQuizQuestions } from './quiz.js';

export const localPractice: PracticeEngine = {
  quizQuestion: async (request) => buildQuizQuestion(request),
  quizQuestions: async (request, count) => buildQuizQuestions(request, count),
  evaluate: async (request) => evaluateAnswer(request),
  flashcards: async (request) => buildFlashcards(request),
};
