import { describe, expect, it } from 'vitest';
import { analyzeCourse, keyTermsOf } from '../../../functions/engine/local/analysis.js';
import { detectDate, detectDefinition, isFormula } from '../../../functions/engine/local/patterns.js';
import { findBoilerplate, structureLines } from '../../../functions/engine/local/structure.js';
import type { CoursePage } from '../../../functions/engine/types.js';
import { ENGLISH_BIOLOGY, ENGLISH_ECONOMICS, FRENCH_HISTORY, FRENCH_MECHANICS } from '../../support/courses.js';

const french = [...FRENCH_MECHANICS, ...FRENCH_HISTORY];
const english = [...ENGLISH_BIOLOGY, ...ENGLISH_ECONOMICS];

describe('key terms', () => {
  it('include the French course’s two- and three-word terms', () => {
    const terms = keyTermsOf(analyzeCourse(french)).map((k) => k.term);
    expect(terms).toEqual(expect.arrayContaining(['énergie cinétique', 'vitesse moyenne', 'énergie mécanique', 'énergie potentielle de pesanteur']));
    // A phrase never runs across punctuation or a verb.
    expect(terms).not.toContain('choisi un passager');
  });

  it('include the English course’s two- and three-word terms', () => {
    const keyTerms = keyTermsOf(analyzeCourse(english));
    const terms = keyTerms.map((k) => k.term);
    expect(terms).toEqual(expect.arrayContaining(['aerobic respiration', 'total revenue', 'cell theory', 'price elasticity of demand']));
    expect(keyTerms.find((k) => k.term === 'price elasticity of demand')?.size).toBe(3);
  });

  it('rank terms used often and on many pages above words seen once, and leave out layout words', () => {
    const keyTerms = keyTermsOf(analyzeCourse(french));
    const rank = (t: string) => keyTerms.findIndex((k) => k.term === t);
    expect(rank('énergie cinétique')).toBeGreaterThanOrEqual(0);
    expect(rank('énergie cinétique')).toBeLessThan(10);
    expect(keyTerms.map((k) => k.term)).not.toContain('chapitre');
    expect(keyTerms.every((k) => k.count >= 2 || k.size > 1)).toBe(true);
  });
});

describe('sentence analysis', () => {
  it('finds the definitions of both courses with the term they define', () => {
    const terms = (pages: CoursePage[]) => analyzeCourse(pages).sentences.flatMap((s) => (s.definition ? [s.definition.term] : []));
    expect(terms(french)).toEqual(
      expect.arrayContaining(['Un référentiel', 'La vitesse moyenne', 'énergie cinétique', "L'énergie potentielle de pesanteur", 'mouvement rectiligne uniforme', 'Le joule']),
    );
    expect(terms(english)).toEqual(expect.arrayContaining(['A cell', 'Photosynthesis', 'Magnification', 'Total revenue', 'Price elasticity of demand']));
    // "où d est la distance…" names symbols, it does not define "où d".
    expect(terms(french).some((t) => /^où\b/u.test(t))).toBe(false);
  });

  it('recognises definitions in the usual French and English wordings', () => {
    expect(detectDefinition('On appelle période la durée d’une oscillation.', 'fr')?.term).toBe('période');
    expect(detectDefinition('La masse volumique désigne le quotient de la masse par le volume.', 'fr')?.term).toBe('La masse volumique');
    expect(detectDefinition('Osmose : diffusion de l’eau à travers une membrane.', 'fr')?.term).toBe('Osmose');
    expect(detectDefinition('Opportunity cost refers to the value of the next best alternative.', 'en')?.term).toBe('Opportunity cost');
    expect(detectDefinition('Inflation is defined as a general rise in prices.', 'en')?.term).toBe('Inflation');
    expect(detectDefinition('It is the largest organelle.', 'en')).toBeNull();
    expect(detectDefinition('Elle se déroule dans les chloroplastes.', 'fr')).toBeNull();
  });

  it('marks formulas, not prose', () => {
    expect(isFormula('v = d / t')).toBe(true);
    expect(isFormula('6CO2 + 6H2O → C6H12O6 + 6O2')).toBe(true);
    expect(isFormula('Au voisinage de la Terre, g = 9,81 N/kg.')).toBe(true);
    expect(isFormula('La vitesse moyenne est le quotient de la distance par la durée.')).toBe(false);
    const formulas = analyzeCourse(english).sentences.filter((s) => s.formula).map((s) => s.text);
    expect(formulas).toEqual(expect.arrayContaining(['M = I / A', 'TR = P × Q', 'PED = percentage change in quantity demanded / percentage change in price']));
  });

  it('reads dates: full dates, years, centuries, not quantities', () => {
    expect(detectDate('Le 14 juillet 1789, la Bastille est prise.')).toEqual({ text: '14 juillet 1789', year: 1789 });
    expect(detectDate('On July 4, 1776, the Declaration was adopted.')).toEqual({ text: 'July 4, 1776', year: 1776 });
    expect(detectDate('Au XVIIIe siècle, les Lumières se diffusent.')).toEqual({ text: 'XVIIIe siècle', year: 1750 });
    expect(detectDate('In the 19th century, cities grew.')?.year).toBe(1850);
    expect(detectDate('En 1687, Newton publie les Principia.')?.text).toBe('1687');
    expect(detectDate('Une voiture de 1500 kg roule à 20 m/s.')).toBeNull();
    expect(detectDate('Il faut 2000 J pour chauffer l’eau.')).toBeNull();
    const dates = analyzeCourse(french).sentences.flatMap((s) => (s.date ? [s.date.text] : []));
    expect(dates).toEqual(['XVIIe siècle', '1687', '7 avril 1795', '10 décembre 1799', '1960']);
  });

  it('takes headings from the page structure: numbered, chapters, capitals, short titles', () => {
    const headings = analyzeCourse(french)
      .sentences.filter((s) => s.role === 'heading')
      .map((s) => [s.text, s.depth]);
    expect(headings).toEqual(
      expect.arrayContaining([
        ['Chapitre 1 : Mouvement et vitesse', 1],
        ['1.2 La vitesse moyenne', 2],
        ['MÉTHODE : RÉSOUDRE UN EXERCICE DE MÉCANIQUE', 1],
        ['Les débuts de la mécanique moderne', 2],
      ]),
    );
    // A numbered step of a method is a list item, not a heading.
    const roles = structureLines('MÉTHODE\n1. Identifier le système étudié.\n2. Relever les données.');
    expect(roles.map((l) => l.role)).toEqual(['heading', 'item', 'item']);
  });

  it('keeps a sentence wrapped over several lines whole, and quotes it from the page as written', () => {
    const analysis = analyzeCourse(french);
    const wrapped = analysis.sentences.find((s) => s.text.startsWith('Un mouvement est dit rectiligne uniforme'));
    expect(wrapped?.text).toBe(
      'Un mouvement est dit rectiligne uniforme lorsque la trajectoire est une droite et que la valeur de la vitesse reste constante au cours du temps.',
    );
    expect(wrapped && wrapped.page.text.slice(wrapped.start, wrapped.end)).toContain('valeur\nde la vitesse');
  });

  it('leaves out running headers repeated on every page of a file', () => {
    const pages: CoursePage[] = [1, 2, 3, 4].map((n) => ({
      file_id: 'f',
      file_name: 'Cours',
      page: n,
      language: 'fr',
      text: `Lycée Victor Hugo - Physique 1re\nPartie ${n}\nLa notion numéro ${n} est importante pour la suite.\nElle sert dans l’exercice ${n + 4} du chapitre.\nPage ${n}/4`,
    }));
    expect(findBoilerplate(pages)).toEqual(new Set(['lycée victor hugo - physique 1re', '#page-number']));
    const texts = analyzeCourse(pages).sentences.map((s) => s.text);
    expect(texts.some((t) => t.includes('Victor Hugo') || /^Page \d/u.test(t))).toBe(false);
    expect(texts).toContain('La notion numéro 3 est importante pour la suite.');
  });

  it('reuses the analysis of the same course text', () => {
    const copy = french.map((p) => ({ ...p }));
    expect(analyzeCourse(copy)).toBe(analyzeCourse(french));
  });
});
