// The local engine's coach: the record's own sentences for what the message asks of the record,
// a cited concise answer for what it asks of the course, the course's refusal otherwise.
import { describe, expect, it } from 'vitest';
import { buildCoachReply, recordTopics } from '../../../functions/engine/local/coach.js';
import type { CoachRecordLine } from '../../../functions/engine/types.js';
import { englishCourse, frenchCourse } from '../../support/courses.js';

const record: CoachRecordLine[] = [
  { topic: 'went_well', text: 'Tu as répondu juste à 6 questions sur 8 cette semaine, soit 75 %.', figures: [{ id: 'stats.quiz.correct', value: 6 }, { id: 'stats.quiz.answered', value: 8 }, { id: 'stats.quiz.percent', value: 75 }], citations: [] },
  { topic: 'weakest', text: '« Chapitre 2 » : 1 bonne réponse sur 3 cette semaine. Relis la page 2 de Mécanique.', figures: [{ id: 'page.fr-meca#2.correct', value: 1 }], citations: [{ file_id: 'fr-meca', file_name: 'Mécanique - chapitres 1 à 3', page: 2 }] },
  { topic: 'today', text: "Pas de date d'examen : fixe-la dans le planning pour avoir un programme du jour.", figures: [], citations: [] },
  { topic: 'next', text: 'Un quiz sur Mécanique', figures: [], citations: [] },
];

describe('the local coach', () => {
  it('reads what the message asks of the record, in French and English', () => {
    expect([...recordTopics('Que dois-je réviser en priorité ?')].sort()).toEqual(['next', 'weakest']);
    expect([...recordTopics('How is my progress this week?')]).toContain('went_well');
    expect([...recordTopics("Qu'est-ce qui est prévu aujourd'hui ?")]).toContain('today');
    expect(recordTopics("Qu'est-ce que l'inertie ?").size).toBe(0);
  });

  it('answers about the record with its own sentences and figures', () => {
    const reply = buildCoachReply({ course: frenchCourse(), message: 'Que dois-je réviser en priorité ?', level: 'lycee', interfaceLanguage: 'fr', record });
    const recordBlocks = reply.blocks.filter((b) => b.kind === 'record');
    expect(recordBlocks.map((b) => b.text)).toEqual([record[1].text, record[3].text]);
    expect(recordBlocks[0].citations[0]).toMatchObject({ file_id: 'fr-meca', page: 2 });
  });

  it('answers about the course with cited passages, and refuses what the course lacks', () => {
    const reply = buildCoachReply({ course: englishCourse(), message: 'What is the mitochondria?', level: null, interfaceLanguage: 'en', record });
    const course = reply.blocks.filter((b) => b.kind === 'course');
    expect(course.length).toBeGreaterThan(0);
    expect(course[0].citations[0].file_id).toBe('en-bio');
    const off = buildCoachReply({ course: englishCourse(), message: 'Who won the 1998 football world cup?', level: null, interfaceLanguage: 'en', record });
    expect(off.blocks[0].kind).toBe('note');
    expect(off.blocks.at(-1)).toMatchObject({ kind: 'record', text: 'Un quiz sur Mécanique' });
  });
});
