// The local engine's coach: rules, no model. What the message asks of the student's record
// (progress, weak points, today's plan, what to do next: read from French and English words) is
// answered with the record's own sentences, so every figure is one the record holds; what it asks
// of the course is answered as a concise answer is, by retrieval over the student's pages, cited.
// A message that is about neither gets the course's refusal and the next action.
import { coachReplySchema, type CoachBlock, type CoachReply } from '../../core/artefacts.js';
import { type CoachRecordLine, type CoachRequest } from '../types.js';
import { foldText } from '../../core/fold.js';
import { buildAnswer } from './answer.js';

/** Word stems (folded) that point at a part of the record. */
const ASKS: Record<CoachRecordLine['topic'], RegExp> = {
  went_well: /\b(progres|progress|resultat|result|score|note|grade|bien|well|reussi|good|bilan|semaine|week|stat)/,
  weakest: /\b(faibl|weak|erreur|mistake|rate|missed|difficult|lacune|gap|point faible|revoir|reread|relire|reviser|revise|revision|travailler|work on|ameliorer|improve)/,
  today: /\b(aujourd|today|planning|plan|programme|schedule|ce soir|tonight|seance|session)/,
  next: /\b(quoi faire|que faire|par ou|commencer|start|next|ensuite|maintenant|now|conseil|advice|should|dois|devrais|priorit)/,
};

/** Which parts of the record the message asks about. */
export function recordTopics(message: string): Set<CoachRecordLine['topic']> {
  const folded = foldText(message);
  const topics = new Set<CoachRecordLine['topic']>();
  for (const [topic, pattern] of Object.entries(ASKS) as [CoachRecordLine['topic'], RegExp][]) if (pattern.test(folded)) topics.add(topic);
  // "What should I revise?" asks for the weak points and the next step together.
  if (topics.has('weakest') || topics.has('next')) {
    topics.add('weakest');
    topics.add('next');
  }
  return topics;
}

const recordBlock = (line: CoachRecordLine): CoachBlock => ({ kind: 'record', text: line.text, figures: line.figures.map((f) => f.id), citations: line.citations });

export function buildCoachReply(req: CoachRequest): CoachReply {
  const language = req.interfaceLanguage;
  const topics = recordTopics(req.message);
  const blocks: CoachBlock[] = req.record.filter((l) => topics.has(l.topic)).map(recordBlock);

  const answer = buildAnswer({ course: req.course, question: req.message, mode: 'concise', level: req.level, interfaceLanguage: language });
  if (answer.found) {
    for (const b of answer.blocks) blocks.push({ kind: 'course', text: b.text, figures: [], citations: b.citations });
  } else if (blocks.length === 0) {
    blocks.push({ kind: 'note', text: answer.not_found_message ?? (language === 'en' ? 'Your course does not contain this.' : 'Ton cours ne contient pas cette information.'), figures: [], citations: [] });
    for (const line of req.record.filter((l) => l.topic === 'next')) blocks.push(recordBlock(line));
  }
  return coachReplySchema.parse({ language, blocks: blocks.slice(0, 12) });
}
