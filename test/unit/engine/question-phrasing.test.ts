// A question's phrasing is not its topic: its verb ("fournit", "predict") and the everyday words a
// student adds ("usually", "other") weigh less than the topic, and one the course never uses does not
// make the engine refuse; a topic the course does not hold still does.
import { describe, expect, it } from 'vitest';
import { localEngine } from '../../../functions/engine/local/index.js';
import { isEverydayWord, isVerbForm } from '../../../functions/engine/text/verbs.js';
import type { CoursePage } from '../../../functions/engine/types.js';
import { course } from '../../support/courses.js';

const page = (n: number, text: string, language: 'fr' | 'en'): CoursePage => ({ file_id: `f-${language}`, file_name: 'Cours', page: n, text, language });

describe('the word lists', () => {
  it('tell verb forms and everyday words from a topic’s nouns', () => {
    expect(['predict', 'predicts', 'predicted'].every((w) => isVerbForm(w, 'en'))).toBe(true);
    expect(isVerbForm('witch', 'en')).toBe(false);
    expect(isVerbForm('fournit', 'fr')).toBe(true);
    // A form that is also a noun is never a verb here.
    expect(isVerbForm('forme', 'fr') || isVerbForm('tension', 'fr')).toBe(false);
    expect(isEverydayWord('usually', 'en') && isEverydayWord('other', 'en')).toBe(true);
    // French everyday words: those whose translation is an everyday English word.
    expect(isEverydayWord('autres', 'fr') && isEverydayWord('grande', 'fr')).toBe(true);
    expect(isVerbForm('inventee', 'fr') && isVerbForm('dois', 'fr')).toBe(true);
    expect(isEverydayWord('photosynthesis', 'en') || isEverydayWord('photosynthese', 'fr')).toBe(false);
  });
});

describe('answering a question phrased in the student’s words', () => {
  const fr = course(
    [
      page(1, 'Les piles\n\nUne pile plate a une tension de 4,5 V ; le secteur délivre 230 V.\n\nLe générateur fournit l’énergie électrique au circuit.', 'fr'),
      page(2, 'Les lampes\n\nUne lampe convertit l’énergie électrique en lumière et en chaleur.', 'fr'),
    ],
    'PHYSIQUE',
    'fr',
  );
  const en = course(
    [
      page(1, 'Act 1\n\nMacbeth and Banquo meet three witches, who greet Macbeth as future king and tell Banquo his descendants will be kings.', 'en'),
      page(2, 'Act 2\n\nMacbeth murders Duncan during his visit to the castle at Inverness.', 'en'),
    ],
    'ENGLISH',
    'en',
  );

  it('answers with the course’s sentence when the question’s verb is not the course’s', async () => {
    const a = await localEngine.answer({ course: fr, question: 'Quelle tension fournit une pile plate ?', mode: 'course', level: null });
    expect(a.found).toBe(true);
    expect(a.blocks.map((b) => b.text).join(' ')).toContain('4,5 V');
    const b = await localEngine.answer({ course: en, question: 'What do the witches usually predict for Banquo?', mode: 'course', level: null });
    expect(b.found).toBe(true);
    expect(b.blocks.map((x) => x.text).join(' ')).toContain('descendants will be kings');
  });

  it('reads a word spelt the other side of the Atlantic as the course’s', async () => {
    const earth = course(
      [
        page(1, 'The core\n\nThe temperature at the center of the Earth is about 5,400 °C.', 'en'),
        page(2, 'The crust\n\nThe oceanic crust is thin and dense.', 'en'),
      ],
      'SCIENCE',
      'en',
    );
    const a = await localEngine.answer({ course: earth, question: 'What is the temperature at the centre of the Earth?', mode: 'course', level: null });
    expect(a.found).toBe(true);
    expect(a.blocks.map((b) => b.text).join(' ')).toContain('5,400 °C');
  });

  it('reads a word of the same meaning as the course’s, and a participle as what is asked of the topic', async () => {
    const bio = course(
      [
        page(1, 'Vaccines\n\nIn 1796, the English doctor Edward Jenner showed that cowpox protects against smallpox.', 'en'),
        page(2, 'Defences\n\nTears contain lysozyme, an enzyme that destroys the walls of many bacteria.', 'en'),
      ],
      'BIOLOGY',
      'en',
    );
    const a = await localEngine.answer({ course: bio, question: 'Which physician is named in the course?', mode: 'course', level: null });
    expect(a.found).toBe(true);
    expect(a.blocks.map((b) => b.text).join(' ')).toContain('Edward Jenner');
    const otan = course(
      [page(1, 'L’OTAN\n\nL’OTAN, alliance militaire des pays occidentaux, est fondée en 1949.', 'fr'), page(2, 'Le pacte de Varsovie\n\nLe pacte de Varsovie est signé en 1955.', 'fr')],
      'HISTOIRE',
      'fr',
    );
    const b = await localEngine.answer({ course: otan, question: 'Quand l’alliance militaire des pays occidentaux est-elle née ?', mode: 'course', level: null });
    expect(b.found).toBe(true);
    expect(b.blocks.map((x) => x.text).join(' ')).toContain('1949');
  });

  it('translates a question’s words with the dictionary when the course is in the other language', async () => {
    const a = await localEngine.answer({ course: en, question: 'Sur quel château Macbeth règne-t-il ?', mode: 'course', level: null, interfaceLanguage: 'fr' });
    expect(a.found).toBe(true);
    expect(a.blocks.map((b) => b.text).join(' ')).toContain('Inverness');
  });

  it('reads an acronym written the other way round in the other language ("ARN" for "RNA")', async () => {
    const bio = course(
      [page(1, 'Nucleic acids\n\nRNA carries the genetic message from the nucleus to the ribosomes.', 'en'), page(2, 'Proteins\n\nRibosomes assemble amino acids into proteins.', 'en')],
      'BIOLOGY',
      'en',
    );
    const a = await localEngine.answer({ course: bio, question: 'Que transporte l’ARN ?', mode: 'course', level: null, interfaceLanguage: 'fr' });
    expect(a.found).toBe(true);
    expect(a.blocks.map((b) => b.text).join(' ')).toContain('genetic message');
  });

  it('still refuses a topic the course does not hold', async () => {
    const a = await localEngine.answer({ course: en, question: 'Who wrote the novel Les Misérables?', mode: 'course', level: null });
    expect(a.found).toBe(false);
  });
});

describe('refusing what the course names without giving it', () => {
  const chem = course(
    [
      page(1, 'L’eau\n\nLe produit ionique de l’eau vaut Ke = 1,0 × 10^(−14) à 25 °C.\n\nLes missiles de la réaction sont rares.', 'fr'),
      page(2, 'Le sang\n\nLe sang transporte le dioxygène dans tout le corps grâce à l’hémoglobine.', 'fr'),
      page(3, 'La misère\n\nLa misère ouvrière marque les villes industrielles du XIXe siècle.', 'fr'),
    ],
    'CHIMIE',
    'fr',
  );
  const ask = (question: string) => localEngine.answer({ course: chem, question, mode: 'course', level: null });

  it('answers for the case the course gives and refuses another case of the same fact', async () => {
    const given = await ask('Que vaut Ke à 25 °C ?');
    expect(given.found).toBe(true);
    expect(given.blocks.map((b) => b.text).join(' ')).toContain('10^(−14)');
    expect((await ask('Que vaut Ke à 50 °C ?')).found).toBe(false);
  });

  it('refuses "combien" when no sentence about the topic holds a number, and a title read as a word of the course', async () => {
    expect((await ask('Combien de dioxygène le sang transporte-t-il ?')).found).toBe(false);
    expect((await ask('Qui a écrit Les Misérables ?')).found).toBe(false);
  });
});
