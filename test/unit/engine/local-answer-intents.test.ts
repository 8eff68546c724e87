// What a question asks for (a formula, a date, a person, a unit …) decides which of the course's
// sentences about its topic answers it; the cue words that say so are never taken for the topic;
// a sentence the course repeats on several pages is written once, cited where it appears; and a
// topic the course does not treat stays unanswered whatever the question's wording.
import { describe, expect, it } from 'vitest';
import { localEngine } from '../../../functions/engine/local/index.js';
import { questionIntents, topicTerms } from '../../../functions/engine/local/question.js';
import type { Answer, AnswerMode } from '../../../functions/core/artefacts.js';
import type { Course, CoursePage } from '../../../functions/engine/types.js';
import type { EducationLevel } from '../../../functions/core/profile.js';
import { citationsOf, course, ungrounded } from '../../support/courses.js';

const ELECTRICITY: CoursePage[] = [
  `Chapitre 1 : Électricité

1.1 La tension électrique
La tension électrique est la différence de potentiel entre deux points d'un circuit.
Elle se mesure avec un voltmètre branché en dérivation.
Son unité est le volt (V).

1.2 La loi d'Ohm
La loi d'Ohm relie la tension aux bornes d'un conducteur ohmique à l'intensité du courant qui le traverse.
U = R × I
où U est la tension en volts (V), R la résistance en ohms (Ω) et I l'intensité en ampères (A).
Un conducteur ohmique chauffe lorsqu'il est traversé par un courant.`,

  `1.3 Repères historiques
La supraconductivité est la disparition de la résistance électrique de certains matériaux à très basse température.
Ce phénomène a été découvert par Heike Kamerlingh Onnes en 1911.

La pile électrique a été inventée par Alessandro Volta en 1800.
Les premières lignes électriques ont été construites à la fin du siècle suivant.`,

  `Chapitre 2 : Puissance électrique
2.1 Définition
La puissance électrique est l'énergie électrique reçue par un appareil par unité de temps.
P = U × I
Un appareil de forte puissance consomme davantage d'énergie pendant la même durée.`,
].map((text, i) => ({ file_id: 'fr-elec', file_name: 'Électricité', page: i + 1, text, language: 'fr' as const }));

const MATTER: CoursePage[] = [
  `Chapter 1: Matter

1.1 Density
Density is the mass of a substance per unit volume.
ρ = m / V
where ρ is the density in kilograms per cubic metre (kg/m³), m is the mass in kilograms (kg) and V is the volume in cubic metres (m³).
Objects less dense than water float on it.`,

  `1.2 Historical notes
The electron is a negatively charged particle found in every atom.
It was discovered by Joseph John Thomson in 1897.

The neutron was identified in 1932.
Atoms are mostly empty space.`,
].map((text, i) => ({ file_id: 'en-matter', file_name: 'Matter', page: i + 1, text, language: 'en' as const }));

/** A course that repeats a page word for word (a handout reprinted in several files). */
function repeatedPages(copies: number): CoursePage[] {
  return Array.from({ length: copies }, (_, i) => ({
    file_id: `fr-rep-${i + 1}`,
    file_name: `Fluides ${i + 1}`,
    page: 1,
    language: 'fr' as const,
    text: `Chapitre ${i + 1} : masse volumique

On appelle masse volumique le quotient de la masse d'un corps par son volume.
rho = m / V, exprimée en kg/m3.
Cette notion a été étudiée par Archimède.

Les mesures répétées permettent d'estimer une incertitude sur le résultat obtenu.`,
  }));
}

const fr = course(ELECTRICITY, 'PHYSIQUE', 'fr');
const en = course(MATTER, 'PHYSICS', 'en');

function ask(c: Course, question: string, mode: AnswerMode = 'concise', level: EducationLevel = 'lycee'): Promise<Answer> {
  return localEngine.answer({ course: c, question, mode, level });
}

const textOf = (a: Answer) => a.blocks.map((b) => b.text).join('\n');
const quotes = (a: Answer) => citationsOf(a).map((c) => c.quote);

function expectGrounded(c: Course, a: Answer) {
  expect(citationsOf(a).length).toBeGreaterThan(0);
  expect(ungrounded(c, citationsOf(a))).toEqual([]);
}

describe('reading a question: its intent, and its topic without the cue words', () => {
  it('finds the intents of French and English questions', () => {
    expect([...questionIntents('Quelle est la formule de la vitesse moyenne ?', 'fr')]).toEqual(['formula']);
    expect(new Set(questionIntents('Qui a étudié la pression et en quelle année ?', 'fr'))).toEqual(new Set(['person', 'date']));
    expect([...questionIntents("Dans quelle unité s'exprime la tension ?", 'fr')]).toEqual(['unit']);
    expect([...questionIntents('Who discovered the electron?', 'en')]).toEqual(['person']);
    expect([...questionIntents('What is the equation of photosynthesis?', 'en')]).toEqual(['formula']);
    expect([...questionIntents('In which century did it happen?', 'en')]).toEqual(['date']);
  });

  it('does not read a relative pronoun as a person, and reads "how many" as asking a number', () => {
    expect(questionIntents('Quelle est la force qui retient la Lune ?', 'fr').has('person')).toBe(false);
    expect(questionIntents('Describe the cells of people who exercise', 'en').has('person')).toBe(false);
    expect([...questionIntents('How many electrons does an atom of carbon have?', 'en')]).toEqual(['number']);
  });

  it('keeps the cue words out of the topic', () => {
    expect(topicTerms('Qui a étudié la vitesse moyenne et en quelle année ?', 'fr')).toEqual(topicTerms('étudié la vitesse moyenne', 'fr'));
    expect(topicTerms("Quelle est l'unité de la tension ?", 'fr')).toEqual(topicTerms('la tension', 'fr'));
    expect(topicTerms('What is the formula and the unit of density, and in which year was it defined?', 'en')).toEqual(
      topicTerms('density defined', 'en'),
    );
  });
});

describe('a formula question is answered with the formula', () => {
  it('French: the formula line is cited and stated, with the sentence naming its symbols', async () => {
    const a = await ask(fr, "Quelle est la formule de la loi d'Ohm ?");
    expect(a.found).toBe(true);
    expect(textOf(a)).toContain('U = R × I');
    expect(textOf(a)).toContain('où U est la tension en volts');
    expect(quotes(a)).toContain('U = R × I');
    expectGrounded(fr, a);
  });

  it('the formula comes first for a one-sentence answer, and in the course answer too', async () => {
    const short = await ask(fr, 'Quelle est la formule de la puissance électrique ?', 'concise', 'college');
    expect(short.blocks[0].text).toBe('P = U × I');
    const full = await ask(fr, 'Donne la relation de la puissance électrique.', 'course');
    expect(full.blocks.some((b) => b.kind === 'formula' && b.text.includes('P = U × I'))).toBe(true);
  });

  it('English: the formula line is cited', async () => {
    const a = await ask(en, 'What is the formula for density?');
    expect(a.found).toBe(true);
    expect(textOf(a)).toContain('ρ = m / V');
    expect(quotes(a)).toContain('ρ = m / V');
    expectGrounded(en, a);
  });

  it('a definition question still opens with the definition', async () => {
    const a = await ask(fr, 'Quelle est la définition de la puissance électrique ?', 'concise', 'college');
    expect(a.blocks[0].text).toBe("La puissance électrique est l'énergie électrique reçue par un appareil par unité de temps.");
  });
});

describe('a question about a date or a person is answered with the dated sentence', () => {
  it('French: the sentence right after the topic, under a heading that does not name it', async () => {
    const a = await ask(fr, 'En quelle année date la supraconductivité ?');
    expect(a.found).toBe(true);
    expect(textOf(a)).toContain('découvert par Heike Kamerlingh Onnes en 1911');
    expect(textOf(a)).not.toContain('1800');
    expect(quotes(a)).toContain('Ce phénomène a été découvert par Heike Kamerlingh Onnes en 1911.');
    expectGrounded(fr, a);
  });

  it('French: "qui … et en quelle année" is found, the cue words not taken for missing topic terms', async () => {
    const a = await ask(fr, 'Qui a découvert la supraconductivité et en quelle année ?', 'concise', 'college');
    expect(a.found).toBe(true);
    expect(a.blocks[0].text).toBe('Ce phénomène a été découvert par Heike Kamerlingh Onnes en 1911.');
  });

  it('English: who and when', async () => {
    const who = await ask(en, 'Who discovered the electron and in which year?');
    expect(who.found).toBe(true);
    expect(quotes(who)).toContain('It was discovered by Joseph John Thomson in 1897.');
    const when = await ask(en, 'Which year is the electron from?', 'concise', 'college');
    expect(when.blocks[0].text).toBe('It was discovered by Joseph John Thomson in 1897.');
    expect(textOf(when)).not.toContain('1932');
  });

  it('a unit question is answered with the sentence giving the unit', async () => {
    const a = await ask(fr, "Quelle est l'unité de la tension électrique ?");
    expect(a.found).toBe(true);
    expect(quotes(a)).toContain('Son unité est le volt (V).');
  });
});

describe('a sentence the course repeats is written once', () => {
  it('merges the citations of its pages, at most three a block', async () => {
    for (const copies of [3, 6]) {
      const c = course(repeatedPages(copies), 'FLUIDES', 'fr');
      for (const mode of ['concise', 'course', 'detailed'] as const) {
        const a = await ask(c, "Qu'est-ce que la masse volumique ?", mode);
        expect(a.found).toBe(true);
        const text = textOf(a);
        expect(text.split("le quotient de la masse d'un corps par son volume").length - 1, `${mode}, ${copies} copies`).toBe(1);
        for (const b of a.blocks) expect(b.citations.length).toBeLessThanOrEqual(3);
        expectGrounded(c, a);
      }
      const concise = await ask(c, "Qu'est-ce que la masse volumique ?", 'concise', 'college');
      expect(concise.blocks[0].text).toBe("On appelle masse volumique le quotient de la masse d'un corps par son volume.");
      const places = concise.blocks[0].citations.map((x) => x.file_id);
      expect(places.length).toBe(3);
      expect(new Set(places).size).toBe(3);
      expect(new Set(concise.blocks[0].citations.map((x) => x.quote))).toEqual(new Set([concise.blocks[0].text]));
    }
  });

  it('keeps each sentence of a block cited even beyond three, and the formula question on repeated pages', async () => {
    const c = course(repeatedPages(4), 'FLUIDES', 'fr');
    const a = await ask(c, 'Quelle est la formule de la masse volumique ?', 'concise', 'master');
    expect(textOf(a)).toContain('rho = m / V');
    expect(textOf(a).split('rho = m / V').length - 1).toBe(1);
    const block = a.blocks[0];
    for (const sentence of block.text.split(/(?<=\.)\s+/u)) expect(block.citations.some((x) => x.quote === sentence)).toBe(true);
  });

  it('does not repeat a related passage when the course does not answer', async () => {
    const c = course(repeatedPages(4), 'FLUIDES', 'fr');
    const a = await ask(c, 'Quelle est la masse volumique du mercure ?');
    expect(a.found).toBe(false);
    const texts = a.blocks.map((b) => b.text);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('a topic the course does not treat stays unanswered', () => {
  it('French, whatever the cue words', async () => {
    for (const q of [
      'Quelle est la capitale du Pérou ?',
      'Comment fonctionne la photosynthèse ?',
      'Quelle est la formule de la vitesse de la lumière ?',
      'Qui a découvert la radioactivité et en quelle année ?',
      "Quelle est l'unité de la pression ?",
    ]) {
      const a = await ask(fr, q);
      expect(a.found, q).toBe(false);
    }
  });

  it('English, whatever the cue words', async () => {
    for (const q of ['Who discovered penicillin and when?', 'What is the formula for kinetic energy?', 'Why is the sky blue?']) {
      const a = await ask(en, q);
      expect(a.found, q).toBe(false);
    }
  });
});
