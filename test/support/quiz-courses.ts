// Courses for the practice generators' tests, beside those of courses.ts: an English history file
// rich in dates and persons (so that a person question has persons of the course to choose from),
// a French chemistry file rich in values with units and percentages (so that number questions
// find values of the same unit in the course), and English geography notes that describe rather
// than define. Page text as the PDF extraction produces it.
import type { Course, CoursePage } from '../../functions/engine/types.js';
import { ENGLISH_BIOLOGY, ENGLISH_ECONOMICS, FRENCH_HISTORY, FRENCH_MECHANICS, course } from './courses.js';

export const ENGLISH_INDUSTRY: CoursePage[] = [
  `Chapter 3: The Industrial Revolution

3.1 Steam power
The Industrial Revolution is the transition from hand production to machine production that began in Britain in the 18th century.
In 1712, Thomas Newcomen built the first practical steam engine to pump water out of coal mines.
In 1769, James Watt patented a separate condenser that made the steam engine far more efficient.
A patent is a legal right that gives an inventor the sole use of an invention for a limited time.
The steam engine converts the heat energy of steam into mechanical work.`,

  `3.2 Railways
In 1804, Richard Trevithick built the first steam locomotive to run on rails.
In 1825, George Stephenson opened the Stockton and Darlington Railway, the first public railway to use steam locomotives.
In 1830, the Liverpool and Manchester Railway linked two major industrial cities.
By 1850, Britain had about 10,000 km of railway lines, and by 1900 it had about 30,000 km.
A locomotive is a vehicle that provides the power to pull a train along a railway.

3.3 Factories and towns
Urbanisation is the movement of people from the countryside to towns and cities.
In 1851, about 50 % of the population of Britain lived in towns.
In 1833, the Factory Act banned the employment of children under 9 in textile mills.
The Factory Act is the law that limited the working hours of children in factories.`,
].map((text, i) => ({ file_id: 'en-industry', file_name: 'The Industrial Revolution', page: i + 1, text, language: 'en' as const }));

export const FRENCH_CHEMISTRY: CoursePage[] = [
  `Chapitre 4 : Solutions et masse volumique

4.1 Masse volumique
La masse volumique d'un corps est le quotient de sa masse par son volume.
ρ = m / V
où m est la masse en kilogrammes (kg), V le volume en mètres cubes (m³) et ρ la masse volumique en kilogrammes par mètre cube (kg/m³).
La masse volumique de l'eau liquide vaut 1 000 kg/m³.
La masse volumique de l'huile est d'environ 920 kg/m³, c'est pourquoi l'huile flotte sur l'eau.
La masse volumique du fer est de 7 870 kg/m³.`,

  `4.2 Solutions
Une solution est un mélange homogène obtenu en dissolvant un soluté dans un solvant.
Le solvant est l'espèce chimique majoritaire d'une solution.
La concentration en masse est le quotient de la masse de soluté dissous par le volume de la solution.
Cm = m / V
Une solution saturée ne peut plus dissoudre de soluté à une température donnée.
L'eau de mer contient environ 35 g de sel par litre.
À 20 °C, on peut dissoudre au maximum 360 g de sel dans un litre d'eau.
L'air est composé d'environ 78 % de diazote et de 21 % de dioxygène.`,
].map((text, i) => ({ file_id: 'fr-chimie', file_name: 'Chimie - solutions', page: i + 1, text, language: 'fr' as const }));

/** A chemistry page as extracted with its running header: a relation between two expressions, and a symbol ("pH") that keeps its case. */
export const FRENCH_DILUTION: CoursePage[] = [
  `Chapitre 2 : Les solutions — page 3
La concentration en masse d'une solution est le quotient de la masse de soluté par le volume de la solution.
Au cours d'une dilution, la quantité de matière de soluté se conserve : C1 × V1 = C2 × V2.
Le pH d'une solution mesure son acidité.`,
].map((text) => ({ file_id: 'fr-dilution', file_name: 'Chimie - dilution', page: 3, text, language: 'fr' as const }));

/** The same relation under a heading, with nothing saying what it expresses. */
export const FRENCH_BARE_RELATION: CoursePage[] = [
  `Chapitre 2 : Les solutions — page 4
C1 × V1 = C2 × V2
Une solution mère est une solution de concentration connue que l'on dilue.
Une solution fille est la solution obtenue après la dilution d'une solution mère.`,
].map((text) => ({ file_id: 'fr-bare', file_name: 'Chimie - dilution (suite)', page: 4, text, language: 'fr' as const }));

/** Course notes that describe rather than define: few "X is …" sentences, the same terms used throughout. */
export const ENGLISH_RIVERS: CoursePage[] = [
  `Unit 4: Rivers

4.1 River erosion
Rivers shape their valleys through erosion, transportation and deposition along their whole course.
Hydraulic action wears away the banks when fast water forces air into cracks in the rock.
Abrasion happens when stones carried by the river scrape the river bed and the banks.
In the upper course, vertical erosion deepens the channel and creates steep V-shaped valleys.
In the lower course, lateral erosion widens the valley floor and lets the river form meanders.`,

  `4.2 Meanders and oxbow lakes
Meanders grow where lateral erosion cuts into the outer bend while deposition builds up the inner bend.
Over time the neck of a meander narrows until the river cuts through it during a flood.
Deposition then seals the old bend from the new channel, and the old bend becomes an oxbow lake.
Floodplains form where rivers spread fine sediment over the valley floor during repeated floods.
Levees build up along the banks because the river drops its coarsest sediment first when it floods.

4.3 Flood management
Dams store flood water upstream and release it slowly after heavy rain.
Planting trees in the drainage basin slows the flow of water towards the river channel.`,
].map((text, i) => ({ file_id: 'en-rivers', file_name: 'Rivers', page: i + 1, text, language: 'en' as const }));

/** The French mechanics and history files with the chemistry file. */
export const frenchPracticeCourse = (): Course => course([...FRENCH_MECHANICS, ...FRENCH_HISTORY, ...FRENCH_CHEMISTRY], 'PHYSIQUE-CHIMIE', 'fr');
/** The English biology and economics files with the history file. */
export const englishPracticeCourse = (): Course => course([...ENGLISH_BIOLOGY, ...ENGLISH_ECONOMICS, ...ENGLISH_INDUSTRY, ...ENGLISH_RIVERS], 'SCIENCES', 'en');
/** The chemistry file beside the dilution pages (so that their questions find distractors in the subject). */
export const frenchDilutionCourse = (): Course => course([...FRENCH_CHEMISTRY, ...FRENCH_DILUTION, ...FRENCH_BARE_RELATION], 'PHYSIQUE-CHIMIE', 'fr');
