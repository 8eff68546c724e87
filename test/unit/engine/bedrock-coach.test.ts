// The Bedrock coach against the Converse stand-in: the record goes as data with the retrieved
// passages, the reply is written in the interface's language, and what the model states is held
// to what it was given: a paragraph with a number it was not given, or a course paragraph citing
// no page it was sent, is dropped; nothing left is a failure.
import { describe, expect, it } from 'vitest';
import { bedrockCoach } from '../../../functions/engine/bedrock/coach.js';
import type { GenerationFacts } from '../../../functions/engine/bedrock/generation.js';
import type { CoachRecordLine, CoachRequest } from '../../../functions/engine/types.js';
import { frenchCourse } from '../../support/courses.js';
import { cite, engineFailure, replies, systemText, useConverseFake, userText, type ConverseFake } from '../../support/converse-fake.js';

let fake: ConverseFake;
const { options, lastBody } = useConverseFake<GenerationFacts>((f) => (fake = f));

const record: CoachRecordLine[] = [
  { topic: 'went_well', text: 'Tu as répondu juste à 6 questions sur 8 cette semaine, soit 75 %.', figures: [{ id: 'stats.quiz.correct', value: 6 }, { id: 'stats.quiz.answered', value: 8 }, { id: 'stats.quiz.percent', value: 75 }], citations: [] },
  { topic: 'weakest', text: '« Le principe d’inertie » : 1 bonne réponse sur 3 cette semaine.', figures: [{ id: 'page.fr-meca#2.correct', value: 1 }, { id: 'page.fr-meca#2.answered', value: 3 }], citations: [{ file_id: 'fr-meca', file_name: 'Mécanique - chapitres 1 à 3', page: 2 }] },
];

const request = (message: string): CoachRequest => ({ course: frenchCourse(), message, level: 'lycee', interfaceLanguage: 'en', record });

describe('the Bedrock coach', () => {
  it('sends the record as data with the passages and keeps what holds to them', async () => {
    fake.script(
      replies.tool({
        blocks: [
          { kind: 'record', text: 'You got 6 of 8 right this week (75 %).', figures: ['stats.quiz.correct', 'stats.quiz.answered', 'invented.id'], citations: [] },
          { kind: 'record', text: 'That is 12 more than last week.', figures: [] },
          { kind: 'course', text: 'Inertia: a body keeps its state of motion.', citations: [cite('fr-meca', 'Mécanique - chapitres 1 à 3', 2), cite('nope', 'Other', 9)] },
          { kind: 'course', text: 'Something cited nowhere.', citations: [cite('nope', 'Other', 9)] },
        ],
      }),
    );
    const reply = await bedrockCoach(options())(request('Where am I weak, and what is inertia?'));
    expect(reply.language).toBe('en');
    expect(reply.blocks).toEqual([
      { kind: 'record', text: 'You got 6 of 8 right this week (75 %).', figures: ['stats.quiz.correct', 'stats.quiz.answered'], citations: [] },
      { kind: 'course', text: 'Inertia: a body keeps its state of motion.', figures: [], citations: [{ file_id: 'fr-meca', file_name: 'Mécanique - chapitres 1 à 3', page: 2 }] },
    ]);
    const body = lastBody();
    expect(systemText(body)).toMatch(/Write in English/);
    expect(systemText(body)).toMatch(/State no number that is not a figure's value/);
    expect(userText(body)).toContain('"id":"stats.quiz.percent","value":75');
    expect(userText(body)).toMatch(/Course passages:/);
    expect(body.toolConfig?.toolChoice).toEqual({ tool: { name: 'record_coach_reply' } });
  });

  it('fails when nothing the model wrote holds', async () => {
    fake.script(replies.tool({ blocks: [{ kind: 'record', text: 'You studied 999 hours.', figures: [] }] }));
    const err = await engineFailure(bedrockCoach(options())(request('How am I doing?')));
    expect(err.kind).toBe('invalid_output');
  });
});
