// The built-in study engine: grounded answers, revision sheets, quiz questions, evaluation of open
// answers and flashcards made from the student's own course pages by retrieval and sentence-level
// analysis, with calculations done by mathjs. It needs no external service, runs in the laptop
// host and in Lambda, and is the default provider.
import type { StudyEngine } from '../types.js';
import { buildAnswer } from './answer.js';
import { buildSheet } from './sheet.js';
import { buildPodcastScript } from './podcast.js';
import { localPractice } from './practice.js';
import { buildCoachReply } from './coach.js';

export const localEngine: StudyEngine = {
  name: 'local',
  answer: async (request) => buildAnswer(request),
  sheet: async (request) => buildSheet(request),
  coach: async (request) => buildCoachReply(request),
  podcastScript: async (request) => buildPodcastScript(request),
  ...localPractice,
};

export { analyzeCourse, keyTermsOf, type CourseAnalysis, type SentenceInfo } from './analysis.js';
export type { KeyTerm } from './key-terms.js';
