// The answer-quality measurement: questions phrased as students ask them (not the course's
// sentences turned around), each with the facts its answer must carry first, on the fixture
// courses in French and English; and off-topic and near-topic questions the course does not
// answer. Shared by the unit test that holds the engine to it and by `npm run bench engine`.
import { foldText } from '../../functions/core/fold.js';
import type { Answer, AnswerMode } from '../../functions/core/artefacts.js';
import type { Course, StudyEngine } from '../../functions/engine/types.js';
import { course, ENGLISH_BIOLOGY, ENGLISH_ECONOMICS, FRENCH_HISTORY, FRENCH_MECHANICS } from './courses.js';
import { ENGLISH_PHYSICS, FRENCH_PLANTS } from './quality-courses.js';
import { ENGLISH_HISTORY, FRENCH_CELL } from './retrieval-fixtures.js';

export interface QualityCourses {
  plants: Course;
  physics: Course;
  mechanics: Course;
  biology: Course;
  cell: Course;
  history: Course;
}

export function qualityCourses(): QualityCourses {
  return {
    plants: course(FRENCH_PLANTS, 'SVT', 'fr'),
    physics: course(ENGLISH_PHYSICS, 'PHYSICS', 'en'),
    mechanics: course([...FRENCH_MECHANICS, ...FRENCH_HISTORY], 'PHYSIQUE', 'fr'),
    biology: course([...ENGLISH_BIOLOGY, ...ENGLISH_ECONOMICS], 'SCIENCES', 'en'),
    cell: course(FRENCH_CELL, 'BIOLOGIE', 'fr'),
    history: course(ENGLISH_HISTORY, 'HISTORY', 'en'),
  };
}

export interface AnswerableCase {
  course: keyof QualityCourses;
  question: string;
  /** Words the answer's first block must carry (compared folded). */
  facts: string[];
  /** The page the answer must cite first. */
  page: number;
}

export const ANSWERABLE: AnswerableCase[] = [
  { course: 'plants', question: "C'est quoi un organisme autotrophe ?", facts: ['matière minérale'], page: 1 },
  { course: 'plants', question: 'Où se passe la photosynthèse dans la plante ?', facts: ['chloroplastes'], page: 1 },
  { course: 'plants', question: 'Par où le dioxyde de carbone rentre dans la feuille ?', facts: ['stomates'], page: 1 },
  { course: 'plants', question: 'Quelles sont les deux phases de la photosynthèse des plantes ?', facts: ['photochimique'], page: 2 },
  { course: 'plants', question: 'Quels facteurs limitent-ils la photosynthèse ?', facts: ['lumière', 'température'], page: 2 },
  { course: 'plants', question: 'Que se passe-t-il au point de compensation ?', facts: ['autant de dioxygène'], page: 2 },
  { course: 'plants', question: 'Pourquoi les plantes respirent-elles la nuit ?', facts: ["besoin d'énergie"], page: 3 },
  { course: 'plants', question: 'Qui a montré que les plantes font du dioxygène à la lumière ?', facts: ['Ingenhousz'], page: 3 },
  { course: 'plants', question: 'En quelle année Calvin a-t-il eu son prix Nobel ?', facts: ['1961'], page: 3 },
  { course: 'plants', question: 'Où a lieu le cycle de Calvin dans le chloroplaste ?', facts: ['stroma'], page: 2 },
  { course: 'plants', question: 'Que prélèvent les racines des plantes dans le sol ?', facts: ['sels minéraux'], page: 1 },
  { course: 'plants', question: 'Où a lieu la respiration des cellules ?', facts: ['mitochondries'], page: 3 },
  { course: 'physics', question: 'What does inertia mean in physics?', facts: ['resist any change'], page: 1 },
  { course: 'physics', question: "What does Newton's first law say about motion?", facts: ['constant velocity'], page: 1 },
  { course: 'physics', question: 'How do you work out the momentum of an object?', facts: ['mass', 'velocity'], page: 2 },
  { course: 'physics', question: 'Why does friction make the surfaces hot?', facts: ['thermal energy'], page: 2 },
  { course: 'physics', question: 'Where did Isaac Newton die?', facts: ['London'], page: 3 },
  { course: 'physics', question: 'When and where was Newton born?', facts: ['1643', 'Woolsthorpe'], page: 3 },
  { course: 'physics', question: 'What is conserved when two objects collide in a closed system?', facts: ['total momentum'], page: 2 },
  { course: 'physics', question: "What is Newton's third law about?", facts: ['equal and opposite'], page: 1 },
  { course: 'physics', question: 'Why do cars need brakes?', facts: ['friction'], page: 2 },
  { course: 'physics', question: 'How does the mass of an object affect its inertia?', facts: ['greater its inertia'], page: 1 },
  { course: 'physics', question: 'What is the unit of the resultant force?', facts: ['newtons'], page: 1 },
  { course: 'mechanics', question: 'Comment on calcule la vitesse moyenne d’un objet ?', facts: ['distance parcourue'], page: 1 },
  { course: 'mechanics', question: "Que devient l'énergie cinétique quand on double la vitesse ?", facts: ['multipliée par quatre'], page: 2 },
  { course: 'mechanics', question: 'Combien vaut g près de la Terre ?', facts: ['9,81'], page: 3 },
  { course: 'mechanics', question: 'À qui le joule doit-il son nom ?', facts: ['James Prescott Joule'], page: 2 },
  { course: 'mechanics', question: 'Quand le système métrique a-t-il été instauré en France ?', facts: ['1795'], page: 2 },
  { course: 'mechanics', question: "Que devient l'énergie potentielle pendant une chute libre ?", facts: ['énergie cinétique'], page: 3 },
  { course: 'biology', question: 'What do mitochondria do in a cell?', facts: ['aerobic respiration'], page: 1 },
  { course: 'biology', question: 'Who gave cells their name?', facts: ['Hooke'], page: 1 },
  { course: 'biology', question: 'When do we say that demand is elastic?', facts: ['greater than 1'], page: 2 },
  { course: 'biology', question: 'What happened on Wall Street in October 1929?', facts: ['crashed'], page: 2 },
  { course: 'biology', question: 'Who wrote the General Theory and in which year?', facts: ['Keynes', '1936'], page: 2 },
  { course: 'biology', question: 'Why does anaerobic respiration release less energy?', facts: ['partly broken down'], page: 3 },
  { course: 'cell', question: "Qu'est-ce qui différencie une cellule eucaryote d'une cellule procaryote ?", facts: ['noyau'], page: 1 },
  { course: 'cell', question: 'Quelles sont les étapes de la division cellulaire par mitose ?', facts: ['prophase'], page: 3 },
  { course: 'history', question: 'Who killed Archduke Franz Ferdinand?', facts: ['Gavrilo Princip'], page: 1 },
  { course: 'history', question: 'What did the Treaty of Versailles force Germany to do?', facts: ['reparations'], page: 2 },
  { course: 'history', question: 'What was the aim of the New Deal?', facts: ['create jobs'], page: 3 },
];

export interface RefusalCase {
  course: keyof QualityCourses;
  question: string;
  kind: 'off-topic' | 'near-topic';
}

export const REFUSED: RefusalCase[] = [
  { course: 'plants', question: 'Quelle est la capitale du Japon ?', kind: 'off-topic' },
  { course: 'plants', question: 'Comment fonctionne un moteur à explosion ?', kind: 'off-topic' },
  { course: 'plants', question: 'Comment les champignons se nourrissent-ils ?', kind: 'near-topic' },
  { course: 'plants', question: "Quel est le rôle de l'azote dans la croissance des plantes ?", kind: 'near-topic' },
  { course: 'plants', question: 'Quelle est l’équation de la fermentation alcoolique ?', kind: 'near-topic' },
  { course: 'physics', question: 'What is the capital of Australia?', kind: 'off-topic' },
  { course: 'physics', question: 'How does a nuclear reactor produce electricity?', kind: 'off-topic' },
  { course: 'physics', question: "What is Newton's law of cooling?", kind: 'near-topic' },
  { course: 'physics', question: 'What is the formula for gravitational potential energy?', kind: 'near-topic' },
  { course: 'mechanics', question: "Qu'est-ce que l'énergie nucléaire ?", kind: 'near-topic' },
  { course: 'mechanics', question: 'Quelle est la formule de la puissance électrique ?', kind: 'near-topic' },
  { course: 'biology', question: 'How does meiosis differ from mitosis?', kind: 'near-topic' },
  { course: 'biology', question: 'What is the function of the liver?', kind: 'off-topic' },
  { course: 'cell', question: 'Comment fonctionne le système immunitaire ?', kind: 'off-topic' },
  { course: 'history', question: 'Who won the Second World War in the Pacific?', kind: 'near-topic' },
];

const folded = (s: string) => foldText(s).replace(/['’]/gu, "'");

/** Whether the answer's first block carries every expected fact. */
export function leadsWith(answer: Answer, facts: readonly string[]): boolean {
  const first = answer.blocks[0];
  if (!first) return false;
  const text = folded(first.text);
  return facts.every((f) => text.includes(folded(f)));
}

export interface QualityResult {
  answerable: number;
  answered: number;
  /** Answered with the expected facts in the first block. */
  factsFirst: number;
  /** Answered with the first citation on the expected page. */
  rightPage: number;
  refusable: number;
  refused: number;
  failures: string[];
}

export async function measureAnswers(engine: StudyEngine, courses: QualityCourses, mode: AnswerMode = 'course'): Promise<QualityResult> {
  const r: QualityResult = { answerable: ANSWERABLE.length, answered: 0, factsFirst: 0, rightPage: 0, refusable: REFUSED.length, refused: 0, failures: [] };
  for (const c of ANSWERABLE) {
    const a = await engine.answer({ course: courses[c.course], question: c.question, mode, level: 'lycee' });
    if (!a.found) {
      r.failures.push(`refused: ${c.question}`);
      continue;
    }
    r.answered++;
    if (leadsWith(a, c.facts)) r.factsFirst++;
    else r.failures.push(`facts not first: ${c.question} → ${a.blocks[0]?.text.slice(0, 140)}`);
    if (a.blocks[0]?.citations[0]?.page === c.page) r.rightPage++;
  }
  for (const c of REFUSED) {
    const a = await engine.answer({ course: courses[c.course], question: c.question, mode, level: 'lycee' });
    if (!a.found) r.refused++;
    else r.failures.push(`answered ${c.kind}: ${c.question} → ${a.blocks[0]?.text.slice(0, 100)}`);
  }
  return r;
}
