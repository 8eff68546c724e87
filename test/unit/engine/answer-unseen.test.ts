// Answering on a course the engine has never seen (issue 22): what a student notices when the
// question is worded in everyday language. Each rule is general; the courses are written here.
// - an everyday word inflected ("families", "roughly", "higher") is still the student's phrasing;
// - a participle after "ne … jamais" is what the question asks of its topic, not a missing topic;
// - an intent's cue word ("percentage", "pourcentage") says what is asked, never the topic;
// - an everyday noun named as such ("le pH du sang") is a topic the course may lack: it counts a little;
// - a duration ("how many years") asks for a number of years, not for a date;
// - one word read as several of the course's words ("moyennes" → "mean", "average") is one term;
// - the definition of the term asked for by name leads ("la définition d'un acide selon Brønsted");
// - the sentences next to a retrieved passage's own in its section are read too;
// - a concise answer ends as a sentence ends, never on a list item's ";" or an announcing colon.
import { describe, expect, it } from 'vitest';
import { analyzeCourse } from '../../../functions/engine/local/analysis.js';
import { localEngine } from '../../../functions/engine/local/index.js';
import { factIntents, questionIntents } from '../../../functions/engine/local/question.js';
import { focusOf, rankSentences } from '../../../functions/engine/local/retrieval.js';
import { courseTopic } from '../../../functions/engine/local/vocabulary.js';
import { isEverydayWord } from '../../../functions/engine/text/verbs.js';
import type { Answer } from '../../../functions/core/artefacts.js';
import type { CoursePage } from '../../../functions/engine/types.js';
import { course } from '../../support/courses.js';

const page = (n: number, text: string, language: 'fr' | 'en', file = `f-${language}`): CoursePage => ({ file_id: file, file_name: 'Cours', page: n, text, language });
const text = (a: Answer) => a.blocks.map((b) => b.text).join(' ');

const acids = [
  page(1, 'Les acides\n\nUn acide est une espèce chimique capable de céder un ion hydrogène H+ ; il abaisse le pH.\n\nEn 1923, Brønsted et Lowry proposent une définition encore utilisée aujourd’hui.', 'fr'),
  page(2, 'Le pH\n\nLe pH d’une solution se mesure avec un pH-mètre. Une solution est acide si son pH est inférieur à 7 à 25 °C.', 'fr'),
  page(3, 'Résumé\n\nUn acide cède un ion H+, une base capte un ion H+ (définition de Brønsted, 1923). Le pH mesure l’acidité.', 'fr'),
];

describe('everyday words a student adds', () => {
  it('are read as everyday through their plain form: plural, comparative, adverb', () => {
    expect(isEverydayWord('families', 'en') && isEverydayWord('roughly', 'en') && isEverydayWord('higher', 'en')).toBe(true);
    expect(isEverydayWord('denominator', 'en') || isEverydayWord('photosynthesis', 'en')).toBe(false);
  });

  it('do not make a question refused when its topic is the course’s', async () => {
    const climate = course(
      [
        page(1, 'Climate zones\n\nThe Köppen classification sorts the climates of the world into five groups: tropical, dry, temperate, continental and polar.', 'en'),
        page(2, 'Weather\n\nWeather is the state of the atmosphere at a given place and time.', 'en'),
        page(3, 'Oceans\n\nOcean currents carry heat from the tropics to the poles.', 'en'),
      ],
      'GEOGRAPHY',
      'en',
    );
    const a = await localEngine.answer({ course: climate, question: 'Into which families are the world’s climates roughly sorted?', mode: 'course', level: null });
    expect(a.found).toBe(true);
    expect(text(a)).toContain('tropical, dry, temperate, continental and polar');
  });
});

describe('a question’s wording, not its topic', () => {
  const coldWar = course(
    [
      page(1, 'La dissuasion\n\nLes deux Grands ne se sont jamais affrontés directement à cause de la dissuasion nucléaire : une attaque entraînerait une riposte dévastatrice.', 'fr'),
      page(2, 'Berlin\n\nLe mur de Berlin est construit en août 1961.', 'fr'),
      page(3, 'La fin\n\nL’URSS disparaît en décembre 1991.', 'fr'),
    ],
    'HISTOIRE',
    'fr',
  );

  it('reads a participle after "ne … jamais" as what is asked of the topic, not as a topic the course lacks', async () => {
    const analysis = analyzeCourse(coldWar.pages);
    const { terms } = courseTopic(analysis, 'Pourquoi les deux Grands ne se sont-ils jamais battus directement ?', 'fr');
    expect(terms.some((t) => t.word === 'battus' && !t.known)).toBe(false);
    const a = await localEngine.answer({ course: coldWar, question: 'Pourquoi les deux Grands ne se sont-ils jamais battus directement ?', mode: 'course', level: null });
    expect(a.found).toBe(true);
    expect(text(a)).toContain('dissuasion nucléaire');
  });

  it('never takes an intent’s cue word for the topic', () => {
    const analysis = analyzeCourse(coldWar.pages);
    const { terms } = courseTopic(analysis, 'Quel pourcentage du mur de Berlin reste debout ?', 'fr');
    expect(terms.map((t) => t.word)).not.toContain('pourcentage');
  });
});

describe('an everyday noun the course does not use', () => {
  const chemistry = course(acids, 'CHIMIE', 'fr');

  it('counts as a topic the course may lack: the pH of blood is not the pH of a solution', async () => {
    const blood = await localEngine.answer({ course: chemistry, question: 'Quel est le pH du sang humain ?', mode: 'course', level: null });
    expect(blood.found).toBe(false);
    const solution = await localEngine.answer({ course: chemistry, question: 'Avec quoi mesure-t-on le pH d’une solution ?', mode: 'course', level: null });
    expect(solution.found).toBe(true);
    expect(text(solution)).toContain('pH-mètre');
  });
});

describe('an everyday word named as a noun, or not', () => {
  it('counts the noun after an article, not an adjective before its noun nor the course material itself', () => {
    const analysis = analyzeCourse([
      page(1, 'La fin de l’URSS\n\nLes réformes de Gorbatchev (perestroïka, glasnost) précèdent la disparition de l’URSS.', 'fr'),
      page(2, 'Berlin\n\nLe mur de Berlin tombe en 1989.', 'fr'),
    ]);
    const unknown = (q: string, lang: 'fr' | 'en') => courseTopic(analysis, q, lang).terms.filter((t) => !t.known).map((t) => t.word);
    expect(unknown('Quelles réformes le dernier dirigeant de l’URSS a-t-il lancées ?', 'fr')).not.toContain('dernier');
    expect(unknown('Quel est le pH du sang ?', 'fr')).toContain('sang');
    expect(unknown('In which year did the wall mentioned in the handout fall?', 'en')).not.toContain('handout');
  });
});

describe('a concise answer', () => {
  it('ends as a sentence ends when the course’s sentence is a list item', async () => {
    const markets = course(
      [
        page(
          1,
          'Oligopoly models\n\nTwo models describe firms that compete in an oligopoly:\n- the Cournot model (1838): firms choose quantities at the same time;\n- the Bertrand model (1883): firms choose prices, which fall to marginal cost;',
          'en',
        ),
        page(2, 'Monopoly\n\nA monopoly is a market with a single seller.', 'en'),
      ],
      'ECONOMICS',
      'en',
    );
    const a = await localEngine.answer({ course: markets, question: 'In the Bertrand model, what do firms choose?', mode: 'concise', level: null });
    expect(a.found).toBe(true);
    expect(a.blocks).toHaveLength(1);
    expect(a.blocks[0].text).toContain('prices');
    expect(a.blocks[0].text.trim()).toMatch(/\.$/u);
  });
});

describe('what kind of answer is asked', () => {
  it('reads "how many years" and "combien d’années" as a duration, not a date', () => {
    for (const [q, lang] of [
      ['How many years are climate averages calculated over?', 'en'],
      ['Sur combien d’années calcule-t-on les moyennes climatiques ?', 'fr'],
    ] as const) {
      const intents = questionIntents(q, lang);
      expect(intents.has('date')).toBe(false);
      expect(intents.has('number') && intents.has('duration')).toBe(true);
      expect(factIntents(q, lang).has('duration')).toBe(true);
    }
    expect(questionIntents('In which year was the wall built?', 'en').has('date')).toBe(true);
  });

  it('answers a duration with the number of years rather than with a date', async () => {
    const climate = course(
      [
        page(1, 'Weather and climate\n\nClimate is the average weather of a place. Meteorologists calculate climate averages over 30 years.\n\nThe planet has warmed since 1850.', 'en'),
        page(2, 'Seasons\n\nThe tilt of the Earth causes the seasons.', 'en'),
      ],
      'GEOGRAPHY',
      'en',
    );
    const a = await localEngine.answer({ course: climate, question: 'Over how many years are climate averages calculated?', mode: 'course', level: null });
    expect(a.found).toBe(true);
    expect(a.blocks[0].text).toContain('30 years');
    expect(a.blocks[0].text).not.toContain('1850');
  });

  it('leads with the definition of the term asked for by name, not with a sentence naming its author', async () => {
    const a = await localEngine.answer({ course: course(acids, 'CHIMIE', 'fr'), question: 'Quelle est la définition d’un acide selon Brønsted ?', mode: 'course', level: null });
    expect(a.found).toBe(true);
    expect(a.blocks[0].text).toContain('capable de céder un ion hydrogène');
  });
});

describe('across languages', () => {
  it('reads one word that translates into several of the course’s words as one term', () => {
    const analysis = analyzeCourse([
      page(1, 'Climate\n\nClimate is the average weather of a place: meteorologists calculate climate averages over 30 years.', 'en'),
      page(2, 'Greenhouse effect\n\nMore greenhouse gases mean a warmer Earth.', 'en'),
    ]);
    const { terms } = courseTopic(analysis, 'Sur combien d’années calcule-t-on les moyennes climatiques ?', 'en');
    const fromMoyennes = terms.filter((t) => ['averag', 'mean'].includes(t.stem) || t.variants?.some((v) => ['averag', 'mean'].includes(v)));
    expect(fromMoyennes).toHaveLength(1);
  });
});

describe('the passages retrieved', () => {
  it('bring in the next sentences of the same section, which a passage may cut short', () => {
    const pages = [
      page(1, 'Linear search\n\nLinear search scans an array of n elements from left to right until it finds the target. Worst case: n comparisons. Average case, if the target is present: (n + 1)/2 comparisons.', 'en'),
      page(2, 'Binary search\n\nBinary search halves the part that remains to be searched at each comparison.', 'en'),
    ];
    const analysis = analyzeCourse(pages);
    const focus = focusOf(analysis, 'How many comparisons does linear search make on average?', undefined, 'en');
    const cut = { file_id: 'f-en', page: 1, text: 'Linear search scans an array of n elements from left to right until it finds the target.' };
    const ranked = rankSentences(analysis, focus, [cut], { preferredWords: 40 } as never);
    expect(ranked.some((r) => r.s.text.includes('(n + 1)/2'))).toBe(true);
  });
});
