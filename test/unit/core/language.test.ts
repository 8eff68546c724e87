// Language of a course's text: French or English from a short sample, 'und' when there is too
// little to tell (at least 10 characters, the first 2,048 used).
import { describe, expect, it } from 'vitest';
import { detectLanguage, LANGUAGE_SAMPLE_CHARS, lexicalEvidence } from '../../../functions/core/language.js';

const french = [
  'La photosynthèse transforme la lumière en énergie chimique.',
  'Chapitre 2 : les équations différentielles',
  'Le théorème de Pythagore',
  'Exercice corrigé de mathématiques',
  'La Révolution française commence en 1789',
  'Les cellules eucaryotes possèdent un noyau',
  'Introduction au droit constitutionnel',
  'Calculer la dérivée de la fonction',
  'Résumé du cours de philosophie',
  "La mitochondrie produit l'énergie de la cellule",
  'Analyse numérique',
  'Biologie cellulaire et moléculaire',
  'Les fonctions exponentielles',
  'Physique quantique et relativité',
];

const english = [
  'Photosynthesis converts light into chemical energy.',
  'The Pythagorean theorem',
  'Solved mathematics exercise',
  'The French Revolution begins in 1789',
  'Eukaryotic cells have a nucleus',
  'Introduction to constitutional law',
  'Compute the derivative of the function',
  'Summary of the philosophy course',
  'The mitochondria produces the energy of the cell',
  'Numerical analysis',
  'Cellular and molecular biology',
  'Quantum physics and relativity',
  'Irregular verbs in English',
];

describe('detectLanguage', () => {
  it.each(french)('reads French: %s', (text) => {
    expect(detectLanguage(text)).toBe('fr');
  });

  it.each(english)('reads English: %s', (text) => {
    expect(detectLanguage(text)).toBe('en');
  });

  it("answers 'und' below 10 characters, blanks not counted", () => {
    expect(detectLanguage('')).toBe('und');
    expect(detectLanguage('Bonjour')).toBe('und');
    expect(detectLanguage('   the cat      \n\n  ')).toBe('und');
    expect(detectLanguage('1234567890 42')).toBe('und');
  });

  it('judges only the first 2,048 characters', () => {
    const frenchStart = 'Les élèves étudient la biologie et la chimie dans le laboratoire du lycée. '.repeat(30).slice(0, LANGUAGE_SAMPLE_CHARS);
    const englishRest = ' The students are learning about the history of the world and the economy of their country.'.repeat(60);
    expect(detectLanguage(frenchStart + englishRest)).toBe('fr');
    expect(detectLanguage(englishRest.repeat(2))).toBe('en');
  });

  it('reads a page of lecture notes with line breaks and numbers', () => {
    expect(detectLanguage('Leçon 4 : analyse\nUne suite croissante et majorée converge.\n(1) u(n+1) = 2u(n) + 3')).toBe('fr');
    expect(detectLanguage('Lesson 4: analysis\nAn increasing sequence that is bounded converges.\n(1) u(n+1) = 2u(n) + 3')).toBe('en');
  });
});

describe('lexicalEvidence', () => {
  it('leans French on French function words and accents, English on English ones', () => {
    expect(lexicalEvidence('le chat est dans la maison')).toBeGreaterThan(0);
    expect(lexicalEvidence('the cat is in the house')).toBeLessThan(0);
  });

  it('counts words both languages use for neither', () => {
    expect(lexicalEvidence('a plus on car an')).toBe(0);
  });
});
