// The Bedrock study engine against a Converse stand-in on a loopback port: how a request is built
// (model, language, level, forced tool, numbered passages, token budget), what a student gets from
// the model's output (validated, grounded in the pages sent, calculations recomputed), and how
// failures surface (throttling retried, then EngineError; unusable output refused).
import { describe, expect, it } from 'vitest';
import { bedrockEngine, OPERATION_INPUT_TOKENS, type BedrockEngineOptions, type GenerationFacts } from '../../../functions/engine/bedrock/index.js';
import { checkedResult } from '../../../functions/engine/bedrock/arithmetic.js';
import {
  answerSchema,
  sheetSchema,
  type Answer,
  type CourseLanguage,
} from '../../../functions/core/artefacts.js';
import { type Course, type CoursePage, type Passage } from '../../../functions/engine/types.js';
import { resetConfig } from '../../../functions/platform/config.js';
import { resetEngine, studyEngine } from '../../../functions/platform/engine.js';
import { cite, engineFailure as failure, restoreEngineEnvironment, MODEL, replies, systemText, useConverseFake, userText, type ConverseBody, type ConverseFake } from '../../support/converse-fake.js';

/** Retrieval for the tests: pages ranked by how many of the query's longer words they contain. */
function courseOf(pages: CoursePage[], language: CourseLanguage, subjectName = 'PHYSIQUE'): Course {
  const fold = (s: string) => s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  return {
    subjectId: 'subject-1',
    subjectName,
    language,
    pages,
    search(query: string, limit: number): Passage[] {
      const terms = [...new Set(fold(query).split(/[^a-z0-9]+/).filter((w) => w.length > 3))];
      return pages
        .map((p) => ({ ...p, score: terms.filter((t) => fold(p.text).includes(t)).length }))
        .filter((p) => p.score > 0)
        .sort((a, b) => b.score - a.score || a.page - b.page)
        .slice(0, limit);
    },
  };
}

const mecanique: CoursePage[] = [
  {
    file_id: 'f-meca',
    file_name: 'Mécanique',
    page: 1,
    language: 'fr',
    text: 'Chapitre 1 : le mouvement. Un mouvement est décrit par rapport à un référentiel choisi.',
  },
  {
    file_id: 'f-meca',
    file_name: 'Mécanique',
    page: 2,
    language: 'fr',
    text: 'La vitesse moyenne est le quotient de la distance parcourue par la durée du parcours : v = d / t. Elle s\'exprime en mètres par seconde.',
  },
  {
    file_id: 'f-energie',
    file_name: 'Énergie',
    page: 1,
    language: 'fr',
    text: "L'énergie cinétique d'un corps de masse m et de vitesse v vaut Ec = 1/2 m v². Elle s'exprime en joules.",
  },
];

const frenchCourse = courseOf(mecanique, 'fr');

let fake: ConverseFake;
const { options, sleeps, facts, lastBody } = useConverseFake<GenerationFacts>((f) => (fake = f));

function engine(over: Partial<BedrockEngineOptions> = {}) {
  return bedrockEngine({ ...options(), ...over });
}

/** What the request costs, counted independently of the engine: every character sent, 4 a token. */
function requestTokens(body: ConverseBody): number {
  const spec = body.toolConfig!.tools[0].toolSpec;
  const chars =
    systemText(body).length +
    body.messages.reduce((n, m) => n + m.content.reduce((k, c) => k + (c.text ?? '').length, 0), 0) +
    JSON.stringify(spec.inputSchema.json).length +
    (spec.description ?? '').length;
  return Math.ceil(chars / 4);
}

describe('an answer', () => {
  const goodAnswer = {
    found: true,
    blocks: [
      {
        kind: 'definition',
        text: 'La vitesse moyenne est la distance parcourue divisée par la durée : $v = d / t$.',
        citations: [cite('f-meca', 'Mécanique', 2, 'La vitesse moyenne est le quotient de la distance parcourue par la durée du parcours')],
      },
      { kind: 'point', text: 'Elle s’exprime en mètres par seconde.', citations: [cite('f-meca', 'Mécanique', 2)] },
    ],
  };

  it('is asked of the configured model, in the course language and level, through the forced tool, with numbered passages', async () => {
    fake.script(replies.tool(goodAnswer));
    await engine().answer({ course: frenchCourse, question: 'Comment calcule-t-on la vitesse moyenne ?', mode: 'concise', level: 'lycee' });

    expect(fake.calls).toHaveLength(1);
    const call = fake.calls[0];
    expect(call.modelId).toBe(MODEL);
    expect(call.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAKE\/\d{8}\/eu-west-3\/bedrock\/aws4_request/);
    const body = call.body;
    const system = systemText(body);
    expect(system).toContain('in French, the language of the course');
    expect(system).toContain('lycée');
    expect(system).toContain('Use only the numbered passages');
    expect(system).toContain('the course does not contain it');
    expect(system).toContain('Concise');

    const tools = body.toolConfig!.tools;
    expect(tools).toHaveLength(1);
    expect(tools[0].toolSpec.name).toBe('record_answer');
    const schema = tools[0].toolSpec.inputSchema.json as { type: string; properties: Record<string, unknown>; required: string[] };
    expect(schema.type).toBe('object');
    // Outside exercise mode the tool carries no exercise's schema.
    expect(Object.keys(schema.properties).sort()).toEqual(['blocks', 'found', 'not_found_message']);
    expect(schema.required).toEqual(expect.arrayContaining(['found', 'blocks']));
    expect(JSON.stringify(schema)).toContain('"file_id"');
    expect(body.toolConfig!.toolChoice).toEqual({ tool: { name: 'record_answer' } });
    expect(body.inferenceConfig?.maxTokens).toBeGreaterThan(0);

    const text = userText(body);
    // The best passage first, numbered, with the page it comes from.
    expect(text).toContain('[1] [file_id: f-meca, file_name: "Mécanique", page: 2]\n<<<\nLa vitesse moyenne');
    expect(text).toContain('Comment calcule-t-on la vitesse moyenne ?');
    expect(text).not.toContain('référentiel choisi');
  });

  it('comes back validated, with the request\'s mode and language and the course\'s file names', async () => {
    const misnamed = structuredClone(goodAnswer);
    misnamed.blocks[1].citations[0].file_name = 'mecanique.pdf';
    fake.script(replies.tool(misnamed));
    const answer = await engine().answer({ course: frenchCourse, question: 'Comment calcule-t-on la vitesse moyenne ?', mode: 'course', level: null });

    expect(answerSchema.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({ mode: 'course', language: 'fr', found: true });
    expect(answer.blocks.map((b) => b.kind)).toEqual(['definition', 'point']);
    expect(answer.blocks[0].citations[0]).toEqual(goodAnswer.blocks[0].citations[0]);
    expect(answer.blocks[1].citations).toEqual([{ file_id: 'f-meca', file_name: 'Mécanique', page: 2 }]);
    expect(facts).toHaveLength(1);
    expect(facts[0]).toMatchObject({ task: 'answer', modelId: MODEL, attempts: 1, passages: 2 });
    expect(facts[0].inputTokens).toBeGreaterThan(0);
  });

  it('keeps only citations of pages it was given: others are dropped or repaired, and so is one quoting words not on its page', async () => {
    fake.script(
      replies.tool({
        found: true,
        blocks: [
          {
            kind: 'paragraph',
            text: 'La vitesse moyenne se calcule avec v = d / t.',
            citations: [
              cite('f-meca', 'Mécanique', 99),
              cite('f-other', 'Mécanique', 2, 'une phrase qui n’est pas dans le cours'),
              cite('f-meca', 'Mécanique', 2),
            ],
          },
          { kind: 'point', text: 'Une affirmation venue d’ailleurs.', citations: [cite('f-invented', 'Cours inventé', 4)] },
          { kind: 'point', text: 'Une page citée par son nom.', citations: [{ file_id: 'wrong', file_name: 'énergie', page: '1' }] },
        ],
      }),
    );
    const answer = await engine().answer({ course: frenchCourse, question: 'vitesse moyenne et énergie cinétique', mode: 'detailed', level: 'licence' });

    expect(answer.blocks).toHaveLength(2);
    expect(answer.blocks[0].citations).toEqual([{ file_id: 'f-meca', file_name: 'Mécanique', page: 2 }]);
    expect(answer.blocks[1]).toEqual({ kind: 'point', text: 'Une page citée par son nom.', citations: [{ file_id: 'f-energie', file_name: 'Énergie', page: 1 }] });
    expect(facts[0].citations).toMatchObject({ dropped: 3, itemsRemoved: 1 });
  });

  it('is refused when it claims an answer but cites no page it was given', async () => {
    fake.script(
      replies.tool({ found: true, blocks: [{ kind: 'paragraph', text: 'La réponse.', citations: [cite('f-meca', 'Mécanique', 7)] }] }),
    );
    const err = await failure(engine().answer({ course: frenchCourse, question: 'vitesse moyenne', mode: 'concise', level: null }));
    expect(err.kind).toBe('invalid_output');
    expect(err.message).toMatch(/No block of the answer cites a page it was given/);
  });

  it('says the course does not contain the answer, in the course language', async () => {
    fake.script(replies.tool({ found: false, blocks: [], not_found_message: 'Le cours ne parle pas de la relativité.' }));
    const answer = await engine().answer({ course: frenchCourse, question: 'Que dit le cours sur la vitesse de la lumière ?', mode: 'detailed', level: null });
    expect(answer).toEqual({ mode: 'detailed', language: 'fr', found: false, not_found_message: 'Le cours ne parle pas de la relativité.', blocks: [] });

    // Nothing retrieved: no model call at all.
    fake.reset();
    const none = await engine().answer({ course: frenchCourse, question: 'photosynthèse chlorophylle', mode: 'concise', level: null });
    expect(fake.calls).toHaveLength(0);
    expect(none).toEqual({ mode: 'concise', language: 'fr', found: false, not_found_message: 'Le cours ne contient pas la réponse à cette question.', blocks: [] });
  });

  it('writes what it says about the answer in the interface’s language, the answer in the course’s', async () => {
    fake.script(replies.tool(goodAnswer));
    await engine().answer({ course: frenchCourse, question: 'Comment calcule-t-on la vitesse moyenne ?', mode: 'concise', level: null, interfaceLanguage: 'en' });
    const system = systemText(lastBody());
    expect(system).toContain('Write every text field except not_found_message in French, the language of the course');
    expect(system).toContain("The student's interface is in English: write not_found_message in English.");
    expect(system).toContain('The course does not contain the answer to this question.');
    expect(system).not.toContain('Le cours ne contient pas la réponse');

    // Nothing retrieved: no model call, and the message in the interface's language.
    fake.reset();
    const none = await engine().answer({ course: frenchCourse, question: 'photosynthèse chlorophylle', mode: 'concise', level: null, interfaceLanguage: 'en' });
    expect(fake.calls).toHaveLength(0);
    expect(none).toMatchObject({ language: 'fr', found: false, not_found_message: 'The course does not contain the answer to this question.' });

    // Same language: the prompt is as before.
    fake.script(replies.tool(goodAnswer));
    await engine().answer({ course: frenchCourse, question: 'vitesse moyenne', mode: 'concise', level: null, interfaceLanguage: 'fr' });
    expect(systemText(lastBody())).toContain('Write every text field in French, the language of the course');
    expect(systemText(lastBody())).not.toContain("student's interface");
  });

  it('sends the conversation so far as alternating turns before the new question', async () => {
    fake.script(replies.tool(goodAnswer));
    await engine().answer({
      course: frenchCourse,
      question: 'Et son unité ?',
      mode: 'concise',
      level: 'college',
      history: [{ question: 'Qu’est-ce que la vitesse moyenne ?', answer: 'La distance divisée par la durée.' }],
    });
    const body = lastBody();
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(body.messages[0].content[0].text).toBe('Qu’est-ce que la vitesse moyenne ?');
    // The follow-up alone names nothing in the course; read with the previous question it finds page 2.
    expect(userText(body)).toContain('page: 2]');
    expect(systemText(body)).toContain('collège');
  });

  it('in exercise mode, recomputes the calculations instead of trusting the model', async () => {
    const cited = [cite('f-meca', 'Mécanique', 2)];
    fake.script(
      replies.tool({
        found: true,
        blocks: [{ kind: 'paragraph', text: 'On applique la définition de la vitesse moyenne.', citations: cited }],
        exercise: {
          objective: { text: 'Calculer la vitesse moyenne.', citations: cited },
          steps: [{ text: 'Diviser la distance par la durée.', citations: cited }],
          theorems: [],
          formulas: [{ text: '$v = d / t$', citations: cited }],
          calculations: [
            { expression: 'v = \\frac{120}{2}', result: '61 km/h', citations: cited },
            { expression: 'v = 7,5 \\times 2', result: '15', citations: cited },
            { expression: "v'(t) = 2t", result: '2t', citations: cited },
          ],
          final_answer: { text: 'La vitesse moyenne est de 60 km/h.', citations: cited },
        },
      }),
    );
    const answer = await engine().answer({ course: frenchCourse, question: 'Une voiture parcourt 120 km en 2 h : quelle est sa vitesse moyenne ?', mode: 'exercise', level: 'lycee' });
    expect(answer.exercise?.calculations.map((c) => c.result)).toEqual(['60 km/h', '15', '2t']);
    expect(Object.keys((lastBody().toolConfig!.tools[0].toolSpec.inputSchema.json as { properties: object }).properties)).toContain('exercise');
    expect(answerSchema.parse(answer).exercise?.final_answer.text).toBe('La vitesse moyenne est de 60 km/h.');
  });
});

describe('a calculation result', () => {
  it('is the computed value, written as the course writes numbers, unless the model\'s agrees to the precision shown', () => {
    expect(checkedResult('m = 10 / 4', '2,4 kg', 'fr')).toBe('2,5 kg');
    expect(checkedResult('m = 10 / 4', '2.4 kg', 'en')).toBe('2.5 kg');
    expect(checkedResult('p = 1 / 3', '0,33', 'fr')).toBe('0,33');
    expect(checkedResult('E = 1 000 \\times 9,81 \\times 2', '19 620 J', 'fr')).toBe('19 620 J');
    expect(checkedResult('x = (2 + 3)^2', 'x = 20', 'en')).toBe('x = 25');
    expect(checkedResult('v = d / t', '60 km/h', 'fr')).toBe('60 km/h');
    expect(checkedResult('f(x) = sqrt(4) + 1', '3', 'en')).toBe('3');
  });
});

describe('failures', () => {
  const ok = { found: true, blocks: [{ kind: 'paragraph', text: 'v = d / t', citations: [cite('f-meca', 'Mécanique', 2)] }] };
  const ask = (over: Partial<BedrockEngineOptions> = {}): Promise<Answer> =>
    engine(over).answer({ course: frenchCourse, question: 'vitesse moyenne', mode: 'concise', level: null });

  it('retries throttling with exponential backoff, then answers', async () => {
    fake.script(replies.throttled(), replies.throttled(), replies.tool(ok));
    const answer = await ask();
    expect(answer.found).toBe(true);
    expect(fake.calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(100);
    expect(sleeps[0]).toBeLessThanOrEqual(125);
    expect(sleeps[1]).toBeGreaterThanOrEqual(200);
    expect(sleeps[1]).toBeLessThanOrEqual(250);
    expect(facts[0].attempts).toBe(3);
  });

  it('retries server errors too', async () => {
    fake.script(replies.unavailable(), replies.internal(), replies.tool(ok));
    expect((await ask()).found).toBe(true);
    expect(fake.calls).toHaveLength(3);
  });

  it('gives up after 3 attempts of throttling with a throttled EngineError', async () => {
    fake.otherwise(() => replies.throttled());
    const err = await failure(ask());
    expect(err).toMatchObject({ kind: 'throttled', attempts: 3 });
    expect(fake.calls).toHaveLength(3);
  });

  it('does not retry a refused request', async () => {
    fake.script(replies.accessDenied());
    const err = await failure(ask());
    expect(err).toMatchObject({ kind: 'unavailable', attempts: 1 });
    expect(err.message).toContain('AccessDeniedException');
    expect(fake.calls).toHaveLength(1);
  });

  it('does not start a retry it has no time left for', async () => {
    fake.otherwise(() => replies.throttled());
    const err = await failure(ask({ timeBudgetMs: 2_000, retry: { attempts: 3, baseDelayMs: 1_000 } }));
    expect(err.kind).toBe('throttled');
    expect(fake.calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('refuses output that is not the tool call, or not the schema, or cut short', async () => {
    fake.script(replies.text('La vitesse moyenne est d/t.'));
    expect((await failure(ask())).kind).toBe('invalid_output');

    fake.script(replies.tool({ found: 'yes', blocks: 'v = d / t' }));
    const shape = await failure(ask());
    expect(shape.kind).toBe('invalid_output');
    expect(shape.message).toMatch(/did not match its schema at .*found/);

    fake.script({ tool: ok, stopReason: 'max_tokens' });
    expect((await failure(ask())).message).toMatch(/cut at its token limit/);

    fake.script({ tool: ok, name: 'another_tool' });
    expect((await failure(ask())).kind).toBe('invalid_output');
    // None of these was retried.
    expect(fake.calls).toHaveLength(4);
  });
});

describe('a revision sheet', () => {
  const english: CoursePage[] = [
    { file_id: 'f-hist', file_name: 'Modern history', page: 1, language: 'en', text: 'The French Revolution began in 1789 with the storming of the Bastille on 14 July.' },
    { file_id: 'f-hist', file_name: 'Modern history', page: 2, language: 'en', text: 'A constitutional monarchy is a system in which a monarch shares power with a constitutionally organised government.' },
    { file_id: 'f-bio', file_name: 'Biology', page: 1, language: 'en', text: 'Photosynthesis turns light energy into chemical energy.' },
  ];
  const course = courseOf(english, 'en', 'HISTORY');

  it('is written from the file asked for, in the course language, every line cited', async () => {
    const c1 = [cite('f-hist', 'Modern history', 1)];
    const c2 = [cite('f-hist', 'Modern history', 2)];
    fake.script(
      replies.tool({
        title: 'The French Revolution',
        sections: [
          { heading: 'Beginnings', lines: [{ text: 'The Revolution began in 1789.', citations: c1 }] },
          { heading: 'Elsewhere', lines: [{ text: 'Photosynthesis makes sugar.', citations: [cite('f-bio', 'Biology', 1)] }] },
        ],
        definitions: [{ text: 'Constitutional monarchy: a monarch shares power with a government.', citations: c2 }],
        formulas: [],
        key_dates: [{ text: '14 July 1789: storming of the Bastille.', citations: c1 }],
        key_points: [],
      }),
    );
    const sheet = await engine().sheet({ course, fileId: 'f-hist', level: 'master' });

    const body = lastBody();
    expect(body.toolConfig!.toolChoice).toEqual({ tool: { name: 'record_sheet' } });
    expect(Object.keys((body.toolConfig!.tools[0].toolSpec.inputSchema.json as { properties: object }).properties).sort()).toEqual(
      ['definitions', 'formulas', 'key_dates', 'key_points', 'sections', 'title'],
    );
    expect(systemText(body)).toContain('in English, the language of the course');
    expect(systemText(body)).toContain("master's level");
    const text = userText(body);
    expect(text).toContain('[1] [file_id: f-hist, file_name: "Modern history", page: 1]');
    expect(text).toContain('[2] [file_id: f-hist, file_name: "Modern history", page: 2]');
    expect(text).not.toContain('Photosynthesis');

    expect(sheetSchema.parse(sheet)).toEqual(sheet);
    expect(sheet.language).toBe('en');
    // The line citing a file outside the sheet's scope went, and its section with it.
    expect(sheet.sections.map((s) => s.heading)).toEqual(['Beginnings']);
    expect(sheet.key_dates).toHaveLength(1);
  });

  it('is refused when no line is left with a citation', async () => {
    fake.script(replies.tool({ title: 'T', sections: [{ heading: 'H', lines: [{ text: 'x', citations: [cite('nope', 'Nope', 1)] }] }], definitions: [], formulas: [], key_dates: [], key_points: [] }));
    expect((await failure(engine().sheet({ course, level: null }))).kind).toBe('invalid_output');
  });
});

describe('the token budget', () => {
  // Three files, 300 pages of about 1,800 characters each: some 135,000 tokens in all.
  const big: CoursePage[] = Array.from({ length: 300 }, (_, i) => {
    const file = i < 150 ? 0 : i < 250 ? 1 : 2;
    const start = [0, 150, 250][file];
    return {
      file_id: `f-${file}`,
      file_name: ['Thermodynamique', 'Optique', 'Électricité'][file],
      page: i - start + 1,
      language: 'fr' as const,
      text: `Page ${i - start + 1}. ${'La chaleur échangée par un système dépend de sa capacité thermique et de la variation de température. '.repeat(18)}`,
    };
  });
  const course = courseOf(big, 'fr', 'PHYSIQUE');
  const answerOf = (p: { file_id: string; file_name: string; page: number }) => ({
    found: true,
    blocks: [{ kind: 'paragraph', text: 'Q = m c ΔT', citations: [cite(p.file_id, p.file_name, p.page)] }],
  });

  it('caps an answer request at its own budget and sends the best passages that fit', async () => {
    const best = course.search('chaleur capacité thermique', 1)[0];
    fake.script(replies.tool(answerOf(best)));
    await engine().answer({ course, question: 'Comment la chaleur dépend-elle de la capacité thermique ?', mode: 'detailed', level: 'prepa' });
    const body = lastBody();
    const sent = [...userText(body).matchAll(/^\[(\d+)\] \[file_id: (f-\d), file_name: "[^"]+", page: (\d+)\]$/gm)];
    expect(requestTokens(body)).toBeLessThanOrEqual(OPERATION_INPUT_TOKENS.answer);
    // Outside exercise mode, less the exercise's schema (about 760 tokens).
    expect(requestTokens(body)).toBeGreaterThan(OPERATION_INPUT_TOKENS.answer * 0.75);
    expect(sent.length).toBeGreaterThan(5);
    expect(sent.length).toBeLessThan(40);
    expect(sent.map((m) => Number(m[1]))).toEqual(sent.map((_, i) => i + 1));
  });

  it('follows a smaller configured budget', async () => {
    const best = course.search('chaleur', 1)[0];
    fake.script(replies.tool(answerOf(best)));
    await engine({ inputTokenBudget: 3_000 }).answer({ course, question: 'chaleur', mode: 'concise', level: null });
    expect(requestTokens(lastBody())).toBeLessThanOrEqual(3_000);
  });

  it('caps a sheet request with pages spread over every file, from first to last', async () => {
    fake.script(
      replies.tool({
        title: 'Physique',
        sections: [{ heading: 'Thermodynamique', lines: [{ text: 'Q = m c ΔT', citations: [cite('f-0', 'Thermodynamique', 1)] }] }],
        definitions: [],
        formulas: [],
        key_dates: [],
        key_points: [],
      }),
    );
    const sheet = await engine().sheet({ course, level: 'licence' });
    expect(sheet.sections).toHaveLength(1);

    const body = lastBody();
    expect(requestTokens(body)).toBeLessThanOrEqual(OPERATION_INPUT_TOKENS.sheet);
    const sent = [...userText(body).matchAll(/\[file_id: (f-\d), file_name: "[^"]+", page: (\d+)\]/g)].map((m) => ({ file: m[1], page: Number(m[2]) }));
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.length).toBeLessThan(300);
    for (const [file, pages] of [['f-0', 150], ['f-1', 100], ['f-2', 50]] as const) {
      const of = sent.filter((s) => s.file === file).map((s) => s.page);
      expect(of[0], file).toBe(1);
      expect(Math.max(...of), file).toBeGreaterThan(pages * 0.8);
    }
    // Longer files get more pages, in document order.
    expect(sent.filter((s) => s.file === 'f-0').length).toBeGreaterThan(sent.filter((s) => s.file === 'f-2').length);
    expect(sent.map((s) => s.file)).toEqual([...sent.map((s) => s.file)].sort());
  });
});

describe('provider choice', () => {
  restoreEngineEnvironment();

  it('is the local engine unless ENGINE_PROVIDER says bedrock', () => {
    delete process.env.ENGINE_PROVIDER;
    resetConfig();
    resetEngine();
    expect(studyEngine().name).toBe('local');
  });

  it('refuses bedrock without a model id', () => {
    Object.assign(process.env, { ENGINE_PROVIDER: 'bedrock' });
    delete process.env.BEDROCK_MODEL_ID;
    resetConfig();
    resetEngine();
    expect(() => studyEngine()).toThrow(/Invalid server configuration: BEDROCK_MODEL_ID/);
    process.env.ENGINE_PROVIDER = 'mistral';
    resetConfig();
    expect(() => studyEngine()).toThrow(/ENGINE_PROVIDER/);
  });

  it('with bedrock, calls the configured model at the configured endpoint', async () => {
    Object.assign(process.env, {
      ENGINE_PROVIDER: 'bedrock',
      BEDROCK_MODEL_ID: 'eu.amazon.nova-lite-v1:0',
      BEDROCK_ENDPOINT: fake.url,
      AWS_REGION: 'eu-west-3',
      AWS_ACCESS_KEY_ID: 'AKIDFAKE',
      AWS_SECRET_ACCESS_KEY: 'fake-secret',
    });
    resetConfig();
    resetEngine();
    const chosen = studyEngine();
    expect(chosen.name).toBe('bedrock');
    expect(studyEngine()).toBe(chosen);
    fake.script(replies.tool({ found: true, blocks: [{ kind: 'paragraph', text: 'v = d / t', citations: [cite('f-meca', 'Mécanique', 2)] }] }));
    const answer = await chosen.answer({ course: frenchCourse, question: 'vitesse moyenne', mode: 'concise', level: null });
    expect(answer.found).toBe(true);
    expect(fake.calls[0].modelId).toBe('eu.amazon.nova-lite-v1:0');
  });
});
