// Small courses written for the study engine's tests, as the engine reads them (`CoursePage[]`):
// page text as the PDF extraction produces it (lines, blank lines between paragraphs, one wrapped
// paragraph). A French physics course (mechanics: speed, kinetic and potential energy, a method
// page with an exercise, a history-of-science file with dates) and an English course (cell
// biology with magnification, economics with total revenue and elasticity). `course()` wraps pages
// into the engine's `Course` with the real BM25 index.
import type { Citation, CourseLanguage } from '../../functions/core/artefacts.js';
import type { Course, CoursePage } from '../../functions/engine/types.js';
import { SearchIndex } from '../../functions/engine/text/index.js';

function filePages(file_id: string, file_name: string, language: CourseLanguage, texts: string[]): CoursePage[] {
  return texts.map((text, i) => ({ file_id, file_name, page: i + 1, text, language }));
}

export const FRENCH_MECHANICS: CoursePage[] = filePages('fr-meca', 'Mécanique - chapitres 1 à 3', 'fr', [
  `Chapitre 1 : Mouvement et vitesse

1.1 Référentiel et trajectoire
Un référentiel est un objet de référence par rapport auquel on étudie le mouvement d'un système. La trajectoire est l'ensemble des positions successives occupées par un point du système au cours du temps.
Le mouvement d'un système dépend du référentiel choisi : un passager assis dans un train est immobile dans le référentiel du train mais en mouvement dans le référentiel terrestre.

1.2 La vitesse moyenne
La vitesse moyenne est le quotient de la distance parcourue par la durée du parcours.
v = d / t
où d est la distance parcourue en mètres (m), t la durée du parcours en secondes (s) et v la vitesse moyenne en mètres par seconde (m/s).
Pour convertir une vitesse de km/h en m/s, on la divise par 3,6.`,

  `1.3 Mouvement rectiligne uniforme
Un mouvement est dit rectiligne uniforme lorsque la trajectoire est une droite et que la valeur
de la vitesse reste constante au cours du temps. Dans ce cas, la distance parcourue est
proportionnelle à la durée du parcours.
Exemple : un train qui roule à 300 km/h pendant 2 h parcourt une distance de 600 km.

Chapitre 2 : Énergie cinétique
2.1 Définition
On appelle énergie cinétique l'énergie que possède un corps du fait de son mouvement.
Ec = 1/2 × m × v²
avec Ec l'énergie cinétique en joules (J), m la masse du corps en kilogrammes (kg) et v sa vitesse en mètres par seconde (m/s).
L'énergie cinétique est proportionnelle à la masse et au carré de la vitesse : si la vitesse double, l'énergie cinétique est multipliée par quatre.`,

  `Chapitre 3 : Énergie potentielle et énergie mécanique
3.1 Énergie potentielle de pesanteur
L'énergie potentielle de pesanteur est l'énergie que possède un corps du fait de sa position par rapport à la Terre.
Ep = m × g × h
avec Ep en joules (J), m la masse en kilogrammes (kg), g l'intensité de la pesanteur en newtons par kilogramme (N/kg) et h l'altitude en mètres (m).
Au voisinage de la Terre, g = 9,81 N/kg.

3.2 Énergie mécanique
L'énergie mécanique d'un système est la somme de son énergie cinétique et de son énergie potentielle de pesanteur.
Em = Ec + Ep
Principe de conservation de l'énergie mécanique : en l'absence de frottements, l'énergie mécanique d'un système se conserve.
Lors d'une chute libre, l'énergie potentielle de pesanteur se transforme progressivement en énergie cinétique.`,

  `MÉTHODE : RÉSOUDRE UN EXERCICE DE MÉCANIQUE
1. Identifier le système étudié et le référentiel.
2. Relever les données de l'énoncé et les convertir dans les unités du Système international.
3. Choisir la relation du cours qui relie la grandeur cherchée aux données.
4. Isoler la grandeur cherchée, puis remplacer les lettres par les valeurs numériques.
5. Donner le résultat avec une unité et un nombre de chiffres significatifs adapté.

Exercice 1
Un cycliste parcourt 45 km en 1,5 h. Calculer sa vitesse moyenne en km/h, puis en m/s.
Exercice 2
Une voiture de masse 1 200 kg roule à 25 m/s. Calculer son énergie cinétique.`,
]);

export const FRENCH_HISTORY: CoursePage[] = filePages('fr-hist', 'Histoire de la mécanique', 'fr', [
  `Histoire de la mécanique

Les débuts de la mécanique moderne
Au XVIIe siècle, Galilée étudie la chute des corps et montre que, dans le vide, tous les corps tombent avec la même accélération.
En 1687, Isaac Newton publie les Principia, où il énonce les trois lois du mouvement et la loi de la gravitation universelle.
La loi de la gravitation universelle est la loi selon laquelle deux corps s'attirent avec une force proportionnelle au produit de leurs masses.`,

  `La naissance du système métrique
Le 7 avril 1795, la loi sur les poids et mesures instaure le système métrique en France.
Le 10 décembre 1799, le mètre et le kilogramme étalons en platine sont adoptés définitivement.
Le joule désigne l'unité d'énergie du Système international ; il doit son nom au physicien James Prescott Joule.
En 1960, la Conférence générale des poids et mesures adopte le Système international d'unités (SI).`,
]);

export const ENGLISH_BIOLOGY: CoursePage[] = filePages('en-bio', 'Cell biology', 'en', [
  `Unit 1: Cell structure

1.1 Cell theory
A cell is the smallest unit of life that can carry out all the processes of a living organism.
In 1665, Robert Hooke observed thin slices of cork and named the small compartments he saw "cells".
In 1839, Theodor Schwann and Matthias Schleiden proposed that all living organisms are made of cells.
Cell theory states that all living things are made of cells and that new cells come from existing cells.

1.2 Organelles
The nucleus contains the genetic material of the cell and controls its activities.
Mitochondria are the organelles where aerobic respiration takes place and most of the cell's ATP is produced.
Ribosomes are the sites of protein synthesis.`,

  `1.3 Magnification
Magnification refers to how many times larger an image is than the real object.
M = I / A
where M is the magnification, I is the size of the image in millimetres (mm) and A is the actual size of the specimen in millimetres (mm).
Example: a cell that is 0.02 mm long and appears 8 mm long in a drawing has a magnification of 400.
To calculate the actual size of a specimen, divide the size of the image by the magnification.

Unit 2: Energy in cells
2.1 Photosynthesis
Photosynthesis is the process by which green plants use light energy to convert carbon dioxide and water into glucose and oxygen.
6CO2 + 6H2O → C6H12O6 + 6O2
Photosynthesis takes place in the chloroplasts, which contain the green pigment chlorophyll.`,

  `2.2 Aerobic respiration
Aerobic respiration is the release of energy from glucose in the presence of oxygen.
C6H12O6 + 6O2 → 6CO2 + 6H2O + energy
The energy released by aerobic respiration is stored in molecules of ATP.
Anaerobic respiration releases much less energy than aerobic respiration because glucose is only partly broken down.

2.3 Steps of mitosis
Mitosis is the division of a cell nucleus into two genetically identical nuclei.
First, during prophase, the chromosomes condense and become visible.
Then, in metaphase, the chromosomes line up along the middle of the cell.
Next, in anaphase, the sister chromatids are pulled to opposite poles of the cell.
Finally, in telophase, a nuclear membrane forms around each set of chromosomes.`,
]);

export const ENGLISH_ECONOMICS: CoursePage[] = filePages('en-eco', 'Introduction to economics', 'en', [
  `Chapter 1: Demand and revenue

1.1 The law of demand
The law of demand states that, other things being equal, the quantity demanded of a good falls when its price rises.
The demand curve therefore slopes downward.

1.2 Total revenue
Total revenue is the amount of money a firm receives from selling its output.
TR = P × Q
where TR is the total revenue in dollars, P is the price of one unit in dollars and Q is the quantity sold.
Example: a bakery that sells 300 loaves at a price of 2 dollars each earns a total revenue of 600 dollars.`,

  `Chapter 2: Price elasticity of demand
2.1 Definition
Price elasticity of demand measures how strongly the quantity demanded responds to a change in price.
PED = percentage change in quantity demanded / percentage change in price
Demand is elastic when the price elasticity of demand is greater than 1 in absolute value.
Goods with close substitutes tend to have an elastic demand, while necessities tend to have an inelastic demand.

2.2 The Great Depression
On October 29, 1929, the Wall Street stock market crashed, and the Great Depression spread during the 1930s.
In 1936, John Maynard Keynes published The General Theory of Employment, Interest and Money.`,
]);

/** Wraps pages into the engine's course, searched through the real BM25 index. */
export function course(pages: CoursePage[], subjectName: string, language: CourseLanguage): Course {
  const index = SearchIndex.build(pages);
  return {
    subjectId: `subject-${language}`,
    subjectName,
    language,
    pages,
    search: (query, limit) => index.search(query, limit),
  };
}

export const frenchCourse = (): Course => course([...FRENCH_MECHANICS, ...FRENCH_HISTORY], 'PHYSIQUE', 'fr');
export const englishCourse = (): Course => course([...ENGLISH_BIOLOGY, ...ENGLISH_ECONOMICS], 'SCIENCES', 'en');

/** A long course for the performance targets: the French and English pages repeated to `count` pages. */
export function largeCourse(count: number, language: CourseLanguage): Course {
  const base = language === 'fr' ? [...FRENCH_MECHANICS, ...FRENCH_HISTORY] : [...ENGLISH_BIOLOGY, ...ENGLISH_ECONOMICS];
  const pages: CoursePage[] = [];
  for (let i = 0; i < count; i++) {
    const src = base[i % base.length];
    const file = Math.floor(i / 30);
    pages.push({ ...src, file_id: `big-${file}`, file_name: `Partie ${file + 1}`, page: (i % 30) + 1 });
  }
  return course(pages, language === 'fr' ? 'GRAND COURS' : 'LARGE COURSE', language);
}

/** Every citation an answer or a sheet carries (blocks, exercise parts, sheet lines). */
export function citationsOf(value: unknown): Citation[] {
  const out: Citation[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (Array.isArray(o.citations)) out.push(...(o.citations as Citation[]));
      for (const [k, x] of Object.entries(o)) if (k !== 'citations') walk(x);
    }
  };
  walk(value);
  return out;
}

/** Citations whose page does not exist or whose quote is not copied from that page's text. */
export function ungrounded(c: Course, citations: Citation[]): Citation[] {
  return citations.filter((cit) => {
    const page = c.pages.find((p) => p.file_id === cit.file_id && p.page === cit.page);
    if (!page || page.file_name !== cit.file_name || !cit.quote) return true;
    return !page.text.includes(cit.quote.replace(/…$/u, ''));
  });
}
