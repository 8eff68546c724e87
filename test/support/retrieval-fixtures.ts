// Small courses for the retrieval tests, written the way the PDF extraction hands pages over:
// lines wrapped at the page width and joined with "\n", a blank line between paragraphs, headings
// and bullet lines without final punctuation. A French biology course (two files), an English
// history course, and helpers to make pages.
import type { CourseLanguage } from '../../functions/core/artefacts.js';
import type { CoursePage } from '../../functions/engine/types.js';

export function pagesOf(file_id: string, file_name: string, language: CourseLanguage, texts: string[]): CoursePage[] {
  return texts.map((text, i) => ({ file_id, file_name, page: i + 1, text, language }));
}

/** "Biologie cellulaire" (3 pages): the cell, photosynthesis, mitosis. */
export const FRENCH_CELL = pagesOf('svt-cellule', 'Biologie cellulaire', 'fr', [
  `Chapitre 1 : La cellule

1.1 Une unité du vivant
La cellule est l'unité de base de tout être vivant. Chaque cellule est délimitée
par une membrane plasmique qui la sépare du milieu extérieur. Les cellules
eucaryotes possèdent un noyau qui contient l'information génétique, alors que
les cellules procaryotes, comme les bactéries, n'en possèdent pas.
• Membrane plasmique
• Cytoplasme
• Noyau (cellules eucaryotes seulement)`,

  `Chapitre 2 : La photosynthèse

La photosynthèse est le processus par lequel les végétaux chlorophylliens
fabriquent de la matière organique (du glucose) à partir de dioxyde de carbone
et d'eau, en utilisant l'énergie lumineuse. Elle se déroule dans les chloroplastes,
des organites présents dans les cellules des feuilles. Le dioxygène produit est
rejeté dans l'atmosphère.
6 CO2 + 6 H2O → C6H12O6 + 6 O2`,

  `Chapitre 3 : La mitose

La mitose est la division d'une cellule mère en deux cellules filles génétiquement
identiques. Elle comprend quatre étapes successives :
1. la prophase : les chromosomes se condensent ;
2. la métaphase : les chromosomes s'alignent au centre de la cellule ;
3. l'anaphase : les chromatides sœurs se séparent et migrent vers les pôles ;
4. la télophase : deux noyaux se reforment.`,
]);

/** "Génétique" (2 pages): DNA and heredity. */
export const FRENCH_GENETICS = pagesOf('svt-genetique', 'Génétique', 'fr', [
  `Chapitre 4 : L'ADN

L'ADN (acide désoxyribonucléique) est la molécule qui porte l'information
génétique. En 1953, James Watson et Francis Crick ont décrit sa structure en double
hélice, en s'appuyant sur les clichés de diffraction obtenus par Rosalind Franklin.
Un gène est une portion d'ADN qui code une protéine.`,

  `Chapitre 5 : L'hérédité

Au XIXe siècle, Gregor Mendel étudie la transmission des caractères chez le petit
pois. Il montre que les caractères héréditaires se transmettent selon des lois
statistiques : ce sont les lois de Mendel. Un allèle est une version d'un gène ; un
individu possède deux allèles de chaque gène, l'un hérité de sa mère, l'autre de
son père.`,
]);

/** "Modern History" (3 pages): the First World War, the Treaty of Versailles, the Great Depression. */
export const ENGLISH_HISTORY = pagesOf('hist-modern', 'Modern History', 'en', [
  `CHAPTER 1
The Outbreak of the First World War

On 28 June 1914, Archduke Franz Ferdinand of Austria-Hungary was assassinated in
Sarajevo by Gavrilo Princip. The assassination triggered a chain of alliances:
Austria-Hungary declared war on Serbia, Russia mobilised, and Germany declared war
on Russia and France.
- Militarism
- Alliances
- Imperialism
- Nationalism`,

  `CHAPTER 2
The Treaty of Versailles

The Treaty of Versailles was signed on 28 June 1919. It forced Germany to accept
responsibility for the war, to pay reparations and to give up its colonies. Many
Germans resented the treaty, which they called a "Diktat".`,

  `CHAPTER 3
The Great Depression

The Wall Street Crash of October 1929 started the Great Depression. Banks failed,
factories closed and unemployment rose sharply in the United States and in Europe.
In 1933, President Franklin D. Roosevelt launched the New Deal to create jobs and
restore confidence.`,
]);
