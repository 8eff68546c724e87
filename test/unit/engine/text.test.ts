// The engine's text tools: folding, words, stop words, stemming and sentence segmentation of
// page text as the PDF extraction produces it.
import { describe, expect, it } from 'vitest';
import { foldText } from '../../../functions/core/fold.js';
import { isStopWord, sentences, stem, stopWords, terms, words } from '../../../functions/engine/text/index.js';
import type { CourseLanguage } from '../../../functions/core/artefacts.js';

/** The sentence texts, after checking that each one's offsets point at it in the page. */
function sentenceTexts(text: string, lang: CourseLanguage): string[] {
  return sentences(text, lang).map((s) => {
    const printed = text
      .slice(s.start, s.end)
      .replace(/(\p{Ll})-\n(\p{Ll})/gu, '$1$2')
      .replace(/\s+/g, ' ');
    expect(printed).toBe(s.text);
    return s.text;
  });
}

describe('foldText', () => {
  it('ignores case, accents and ligatures', () => {
    expect(foldText('Œuvre ÉLÉMENTAIRE')).toBe('oeuvre elementaire');
    expect(foldText('Çà et là, une idée naïve')).toBe('ca et la, une idee naive');
    expect(foldText('ex æquo, ﬁn, Straße')).toBe('ex aequo, fin, strasse');
  });

  it('folds decomposed accents (e + combining acute) like precomposed ones', () => {
    expect(foldText('e\u0301nergie')).toBe(foldText('énergie'));
  });

  it('leaves plain ASCII text as it is, lower-cased', () => {
    expect(foldText('Energy = 42 J')).toBe('energy = 42 j');
  });
});

describe('words', () => {
  it('splits elisions and hyphens and keeps the original case', () => {
    expect(words("L'énergie cinétique d’un corps")).toEqual(['L', 'énergie', 'cinétique', 'd', 'un', 'corps']);
    expect(words('Qu’est-ce que c’est ?')).toEqual(['Qu', 'est', 'ce', 'que', 'c', 'est']);
  });

  it('reads numbers, units and Greek letters as words', () => {
    expect(words('π ≈ 3,14 et v = 12 m/s')).toEqual(['π', '3', '14', 'et', 'v', '12', 'm', 's']);
  });

  it('reads a word cut by a hyphen at the end of a line as one word', () => {
    expect(words('la distance par-\ncourue')).toEqual(['la', 'distance', 'parcourue']);
    expect(words('Jean-\nJacques')).toEqual(['Jean', 'Jacques']);
  });
});

describe('stop words', () => {
  it('has solid lists in both languages', () => {
    expect(stopWords('fr').size).toBeGreaterThanOrEqual(150);
    expect(stopWords('en').size).toBeGreaterThanOrEqual(150);
  });

  it('drops French grammar words, elided forms included', () => {
    for (const w of ['l', 'd', 'qu', 'j', 'n', 's', 'c', 'm', 't', 'le', 'les', 'des', 'est', 'sont', 'dans', 'quelle', 'etaient', 'a']) {
      expect(isStopWord(w, 'fr'), w).toBe(true);
    }
  });

  it('drops English grammar words, contraction parts included', () => {
    for (const w of ['the', 'a', 'of', 'which', 'is', 'were', 'what', 's', 't', 'don', 'isn', 'll']) {
      expect(isStopWord(w, 'en'), w).toBe(true);
    }
  });

  it('keeps course words', () => {
    for (const w of ['energie', 'cellule', 'vitesse', 'loi', 'guerre']) expect(isStopWord(w, 'fr'), w).toBe(false);
    for (const w of ['energy', 'cell', 'speed', 'law', 'war']) expect(isStopWord(w, 'en'), w).toBe(false);
  });
});

describe('stem', () => {
  const same = (a: string, b: string, lang: CourseLanguage) => expect(stem(foldText(a), lang), `${a} / ${b}`).toBe(stem(foldText(b), lang));

  it('gives the forms of a French word one stem', () => {
    same('énergies', 'énergie', 'fr');
    same('calculer', 'calcul', 'fr');
    same('calculée', 'calculer', 'fr');
    same('calculés', 'calcul', 'fr');
    same('dérivées', 'dériver', 'fr');
    same('chevaux', 'cheval', 'fr');
    same('mondiales', 'mondial', 'fr');
    same('activités', 'activité', 'fr');
    same('lumières', 'lumière', 'fr');
    same('définitions', 'définition', 'fr');
  });

  it('gives the forms of an English word one stem', () => {
    same('running', 'run', 'en');
    same('runs', 'run', 'en');
    same('studies', 'study', 'en');
    same('calculation', 'calculate', 'en');
    same('cells', 'cell', 'en');
    same('energies', 'energy', 'en');
  });

  it('gives an accented word and its folded form one stem', () => {
    expect(stem('énergies', 'fr')).toBe(stem('energies', 'fr'));
    expect(stem('calculées', 'fr')).toBe(stem('calculees', 'fr'));
  });

  it('keeps different words apart', () => {
    expect(stem('mitose', 'fr')).not.toBe(stem('meiose', 'fr'));
    expect(stem('vitesse', 'fr')).not.toBe(stem('vie', 'fr'));
    expect(stem('mitosis', 'en')).not.toBe(stem('meiosis', 'en'));
  });
});

describe('terms', () => {
  it('reads a question typed without accents like the course text', () => {
    expect(terms('Les énergies calculées', 'fr')).toEqual(terms('ENERGIE calculer', 'fr'));
    expect(terms("l'Œuvre de Lavoisier", 'fr')).toEqual(terms('oeuvre lavoisier', 'fr'));
  });

  it('drops stop words and keeps content words in order', () => {
    expect(terms("Qu'est-ce que la vitesse d'un corps ?", 'fr')).toEqual([stem('vitess', 'fr'), stem('corps', 'fr')]);
    expect(terms('What is the speed of running cells?', 'en')).toEqual(['speed', 'run', 'cell']);
  });
});

describe('sentences', () => {
  it('keeps French sentences whole across line breaks and past abbreviations and decimals', () => {
    const text = [
      "La vitesse moyenne d'un objet est le rapport entre la distance par-",
      'courue et la durée du trajet. Par ex. une voiture qui parcourt 120 km',
      'en 2 h roule à 60 km/h. On note v = d / t (voir fig. 3, p. 12).',
      'M. Dupont et Mme Martin ont mesuré π ≈ 3,14 puis 3.14. Le résultat est',
      'bon... Ensuite, on compare.',
    ].join('\n');
    expect(sentenceTexts(text, 'fr')).toEqual([
      "La vitesse moyenne d'un objet est le rapport entre la distance parcourue et la durée du trajet.",
      'Par ex. une voiture qui parcourt 120 km en 2 h roule à 60 km/h.',
      'On note v = d / t (voir fig. 3, p. 12).',
      'M. Dupont et Mme Martin ont mesuré π ≈ 3,14 puis 3.14.',
      'Le résultat est bon...',
      'Ensuite, on compare.',
    ]);
  });

  it('reads headings and bullet lines as sentences of their own', () => {
    const text = [
      'Chapitre 2',
      'Les forces et le mouvement',
      '1.2 La vitesse moyenne',
      'Les étapes sont :',
      '• mesurer la distance ;',
      '• mesurer la durée ;',
      '- calculer le rapport.',
      '1. Première étape.',
      '2. Deuxième étape.',
      'a) premier cas',
      'b) second cas',
      'INTRODUCTION À LA MÉCANIQUE',
      'Newton énonce trois lois.',
    ].join('\n');
    expect(sentenceTexts(text, 'fr')).toEqual([
      'Chapitre 2',
      'Les forces et le mouvement',
      '1.2 La vitesse moyenne',
      'Les étapes sont :',
      'mesurer la distance ;',
      'mesurer la durée ;',
      'calculer le rapport.',
      '1. Première étape.',
      '2. Deuxième étape.',
      'a) premier cas',
      'b) second cas',
      'INTRODUCTION À LA MÉCANIQUE',
      'Newton énonce trois lois.',
    ]);
  });

  it('does not take a short line that a sentence runs through for a heading', () => {
    const text = ['La guerre est déclenchée par', "l'invasion de la Pologne en 1939.", 'Elle dure six ans.', 'Le traité est signé par', 'Clemenceau et Wilson.'].join('\n');
    expect(sentenceTexts(text, 'fr')).toEqual([
      "La guerre est déclenchée par l'invasion de la Pologne en 1939.",
      'Elle dure six ans.',
      'Le traité est signé par Clemenceau et Wilson.',
    ]);
  });

  it('tells initials from sentence ends, and reads quotes and questions', () => {
    const text = [
      'Selon A. Einstein, la lumière va vite. Le point A. Le point B est loin.',
      "« Qu'est-ce que la vitesse ? » demanda-t-il. « C'est un rapport. » Puis il partit.",
      'En 52 av. J.-C. César conquiert la Gaule. Il écrit vers 50 av. J.-C. Ensuite il rentre.',
      'La vitamine C. Elle est utile, etc. Les protéines aussi, c.-à-d. les enzymes.',
    ].join('\n');
    expect(sentenceTexts(text, 'fr')).toEqual([
      'Selon A. Einstein, la lumière va vite.',
      'Le point A.',
      'Le point B est loin.',
      "« Qu'est-ce que la vitesse ? » demanda-t-il.",
      "« C'est un rapport. »",
      'Puis il partit.',
      'En 52 av. J.-C. César conquiert la Gaule.',
      'Il écrit vers 50 av. J.-C.',
      'Ensuite il rentre.',
      'La vitamine C.',
      'Elle est utile, etc.',
      'Les protéines aussi, c.-à-d. les enzymes.',
    ]);
  });

  it('segments English course text', () => {
    const text = [
      'CHAPTER 3',
      'Cell Biology',
      'Cells are the basic units of life, e.g. bacteria, i.e. the smallest',
      'living things. Dr. Smith showed this in 1839. The value is 3.5 mm.',
      'See Fig. 2 for details. What is a cell? it is small! Really.',
      'Mr. J. R. Tolkien wrote. Approx. 40 cells were counted...',
      '- Nucleus: holds DNA',
      '- Mitochondria: make energy',
      '',
      'Page 3 / 10',
    ].join('\n');
    expect(sentenceTexts(text, 'en')).toEqual([
      'CHAPTER 3',
      'Cell Biology',
      'Cells are the basic units of life, e.g. bacteria, i.e. the smallest living things.',
      'Dr. Smith showed this in 1839.',
      'The value is 3.5 mm.',
      'See Fig. 2 for details.',
      'What is a cell? it is small!',
      'Really.',
      'Mr. J. R. Tolkien wrote.',
      'Approx. 40 cells were counted...',
      'Nucleus: holds DNA',
      'Mitochondria: make energy',
    ]);
  });

  it('starts a sentence at a formula line after a full stop', () => {
    const text = 'La vitesse moyenne est le quotient de la distance par la durée.\nv = d / t\noù d est la distance parcourue.';
    expect(sentenceTexts(text, 'fr')).toEqual([
      'La vitesse moyenne est le quotient de la distance par la durée.',
      'v = d / t où d est la distance parcourue.',
    ]);
  });

  it('reads dot leaders, factorials and abbreviated months without cutting', () => {
    const text = [
      'Sommaire',
      'Introduction .......... 3',
      'On a 5! = 120 et n! = 1 × 2 × … × n. Bravo ! Le krach a lieu le 24 oct. 1929 à New York.',
    ].join('\n');
    expect(sentenceTexts(text, 'fr')).toEqual([
      'Sommaire',
      'Introduction .......... 3',
      'On a 5! = 120 et n! = 1 × 2 × … × n.',
      'Bravo !',
      'Le krach a lieu le 24 oct. 1929 à New York.',
    ]);
  });

  it('keeps a numbered step whole when it wraps, and a timeline line by line', () => {
    const text = ['1. Identifier le système', 'étudié et le référentiel.', '2. Relever les données.', '1939 : début de la guerre', '1945 : fin de la guerre'].join('\n');
    expect(sentenceTexts(text, 'fr')).toEqual([
      '1. Identifier le système étudié et le référentiel.',
      '2. Relever les données.',
      '1939 : début de la guerre',
      '1945 : fin de la guerre',
    ]);
  });

  it('cuts a very long run of text without punctuation into pieces', () => {
    const line = 'mot '.repeat(15).trim();
    const text = Array.from({ length: 20 }, () => line).join('\n');
    const found = sentences(text, 'fr');
    expect(found.length).toBeGreaterThan(2);
    for (const s of found) expect(words(s.text).length).toBeLessThanOrEqual(100);
    expect(found.map((s) => s.text).join(' ')).toBe(text.replace(/\n/g, ' '));
  });

  it('returns nothing for blank text', () => {
    expect(sentences('', 'fr')).toEqual([]);
    expect(sentences(' \n\n \n', 'en')).toEqual([]);
  });
});
