// How much the built-in engine writes for a student's education level: a middle-school student
// gets fewer, shorter items; a master's or doctoral student gets more of the course's detail.
import type { EducationLevel } from '../../core/profile.js';

export interface Detail {
  /** Sentences of a concise answer (1 to 3). */
  concise: number;
  /** Sentences of a course-mode answer and of a detailed answer's explanation. */
  sentences: number;
  /** Steps of a step-by-step answer. */
  steps: number;
  /** Examples and formulas a detailed answer adds. */
  extras: number;
  /** Sentences longer than this (in words) are passed over when a shorter one says as much. */
  preferredWords: number;
  /** Revision sheet: lines per section, sections, and items per list. */
  sectionLines: number;
  sections: number;
  definitions: number;
  formulas: number;
  dates: number;
  keyPoints: number;
  /** Revision sheet: its length as a share of a short course's words (less for a long one). */
  sheetShare: number;
}

const LEVELS: Record<EducationLevel | 'default', Detail> = {
  college: { concise: 1, sentences: 2, steps: 4, extras: 1, preferredWords: 30, sectionLines: 2, sections: 8, definitions: 6, formulas: 5, dates: 6, keyPoints: 5, sheetShare: 0.2 },
  lycee: { concise: 2, sentences: 4, steps: 5, extras: 2, preferredWords: 40, sectionLines: 3, sections: 12, definitions: 10, formulas: 8, dates: 10, keyPoints: 7, sheetShare: 0.25 },
  prepa: { concise: 3, sentences: 6, steps: 7, extras: 3, preferredWords: 60, sectionLines: 4, sections: 16, definitions: 14, formulas: 14, dates: 14, keyPoints: 9, sheetShare: 0.28 },
  licence: { concise: 3, sentences: 6, steps: 7, extras: 3, preferredWords: 60, sectionLines: 4, sections: 16, definitions: 14, formulas: 14, dates: 14, keyPoints: 9, sheetShare: 0.28 },
  master: { concise: 3, sentences: 8, steps: 9, extras: 4, preferredWords: 80, sectionLines: 5, sections: 20, definitions: 18, formulas: 18, dates: 18, keyPoints: 12, sheetShare: 0.3 },
  doctorat: { concise: 3, sentences: 8, steps: 9, extras: 4, preferredWords: 80, sectionLines: 5, sections: 20, definitions: 18, formulas: 18, dates: 18, keyPoints: 12, sheetShare: 0.3 },
  autre: { concise: 2, sentences: 4, steps: 5, extras: 2, preferredWords: 40, sectionLines: 3, sections: 12, definitions: 10, formulas: 8, dates: 10, keyPoints: 7, sheetShare: 0.25 },
  default: { concise: 2, sentences: 4, steps: 5, extras: 2, preferredWords: 40, sectionLines: 3, sections: 12, definitions: 10, formulas: 8, dates: 10, keyPoints: 7, sheetShare: 0.25 },
};

/** The amounts for a level; an unknown level (null) reads as lycée, the middle of the range. */
export function detailFor(level: EducationLevel | null): Detail {
  return level ? LEVELS[level] : LEVELS.default;
}
