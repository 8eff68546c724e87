// The `openai` study engine against a chat completions stand-in on a loopback port (what Ollama,
// llama.cpp's server, vLLM or LM Studio would answer): the same prompts and schemas as Bedrock,
// sent in the chat completions format, and the same checks on what comes back (schema, grounding
// in the pages sent, recomputed calculations, quiz and deck checks), with failures surfacing as
// EngineErrors; and the provider chosen by ENGINE_PROVIDER=openai with its base URL, model and key.
import { describe, expect, it } from 'vitest';
import type { GenerationFacts } from '../../../functions/engine/bedrock/index.js';
import { chatCompletionsTransport, openaiEngine } from '../../../functions/engine/openai/index.js';
import { answerSchema, quizQuestionSchema, sheetSchema } from '../../../functions/core/artefacts.js';
import { type Course, type CoursePage } from '../../../functions/engine/types.js';
import { resetConfig } from '../../../functions/platform/config.js';
import { resetEngine, studyEngine } from '../../../functions/platform/engine.js';
import { chatReplies, LOCAL_MODEL, lastUserOf, systemOf, useChatCompletionsFake, type ChatCompletionsFake } from '../../support/chat-completions-fake.js';
import { cite, engineFailure as failure, restoreEngineEnvironment } from '../../support/converse-fake.js';
import { course as courseOf } from '../../support/courses.js';

const meca = (page: number, text: string): CoursePage => ({ file_id: 'f-meca', file_name: 'Mécanique', page, language: 'fr', text });
const pages: CoursePage[] = [
  meca(1, 'Chapitre 1 : le mouvement. Un mouvement est décrit par rapport à un référentiel choisi.'),
  meca(2, "La vitesse moyenne est le quotient de la distance parcourue par la durée du parcours : v = d / t. Elle s'exprime en mètres par seconde."),
  meca(3, "Isaac Newton a publié les lois du mouvement en 1687. La première loi est le principe d'inertie : un corps isolé reste immobile ou en mouvement rectiligne uniforme."),
];

// The app's own retrieval over the pages.
const course: Course = courseOf(pages, 'PHYSIQUE', 'fr');

let fake: ChatCompletionsFake;
const { options, optionsWith, sleeps, facts, lastBody } = useChatCompletionsFake<GenerationFacts>((f) => (fake = f));
const engine = (output?: 'json_schema' | 'tool', apiKey?: string) => openaiEngine(output ? optionsWith(output, apiKey) : options());

const p2 = [cite('f-meca', 'Mécanique', 2)];
const ok = { found: true, blocks: [{ kind: 'paragraph', text: 'La vitesse moyenne vaut $v = d / t$.', citations: p2 }] };
const ask = (e = engine()) => e.answer({ course, question: 'Comment calcule-t-on la vitesse moyenne ?', mode: 'concise', level: 'lycee' });

describe('an answer through an OpenAI-compatible server', () => {
  it('is asked of the configured model with the same prompt, the passages numbered, and the answer schema as its response format', async () => {
    fake.script(chatReplies.json(ok));
    const answer = await ask();

    expect(fake.calls).toHaveLength(1);
    const body = lastBody();
    expect(body.model).toBe(LOCAL_MODEL);
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    const system = systemOf(body);
    expect(system).toContain('in French, the language of the course');
    expect(system).toContain('lycée');
    expect(system).toContain('Concise');
    expect(system).toContain('one JSON object matching its JSON schema');
    expect(body.response_format?.json_schema?.name).toBe('record_answer');
    // A concise answer's schema has no exercise (only exercise mode fills one).
    expect(Object.keys(body.response_format!.json_schema!.schema.properties as object).sort()).toEqual(['blocks', 'found', 'not_found_message']);
    expect(body.tools).toBeUndefined();
    expect(lastUserOf(body)).toContain('[1] [file_id: f-meca, file_name: "Mécanique", page: 2]\n<<<\nLa vitesse moyenne');
    expect(body.max_tokens).toBeGreaterThan(0);
    expect(fake.calls[0].headers.authorization).toBeUndefined();

    expect(answerSchema.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({ mode: 'concise', language: 'fr', found: true });
    expect(facts).toMatchObject([{ task: 'answer', modelId: LOCAL_MODEL, attempts: 1 }]);
    expect(facts[0].inputTokens).toBeGreaterThan(0);
  });

  it('keeps only citations of pages it was given, and is refused when none is left', async () => {
    fake.script(
      chatReplies.json({
        found: true,
        blocks: [
          { kind: 'paragraph', text: 'La vitesse moyenne se calcule avec v = d / t.', citations: [cite('f-meca', 'Mécanique', 99), { ...p2[0], file_name: 'meca.pdf' }] },
          { kind: 'point', text: 'Une affirmation venue d’ailleurs.', citations: [cite('f-invented', 'Cours inventé', 4)] },
        ],
      }),
    );
    const answer = await ask();
    expect(answer.blocks).toEqual([{ kind: 'paragraph', text: 'La vitesse moyenne se calcule avec v = d / t.', citations: p2 }]);
    expect(facts[0].citations).toMatchObject({ dropped: 2, itemsRemoved: 1 });

    fake.script(chatReplies.json({ found: true, blocks: [{ kind: 'paragraph', text: 'La réponse.', citations: [cite('f-meca', 'Mécanique', 7)] }] }));
    const err = await failure(ask());
    expect(err.kind).toBe('invalid_output');
    expect(err.message).toMatch(/No block of the answer cites a page it was given/);
  });

  it('drops a block whose only quote is not on the page it cites, rather than show it with that page', async () => {
    const quoted = (quote: string) => [cite('f-meca', 'Mécanique', 2, quote)];
    fake.script(
      chatReplies.json({
        found: true,
        blocks: [
          { kind: 'paragraph', text: 'La vitesse moyenne vaut v = d / t.', citations: quoted('La vitesse moyenne est le quotient de la distance parcourue par la durée du parcours') },
          { kind: 'point', text: 'La vitesse se mesure en kilomètres par heure.', citations: quoted('Elle s’exprime en kilomètres par heure.') },
          { kind: 'point', text: 'Elle s’exprime en mètres par seconde.', citations: [...quoted('Elle s’exprime en kilomètres par heure.'), ...quoted("Elle s'exprime en mètres par seconde.")] },
        ],
      }),
    );
    const answer = await ask();
    expect(answer.blocks.map((b) => b.text)).toEqual(['La vitesse moyenne vaut v = d / t.', 'Elle s’exprime en mètres par seconde.']);
    expect(answer.blocks[1].citations).toEqual([{ file_id: 'f-meca', file_name: 'Mécanique', page: 2, quote: "Elle s'exprime en mètres par seconde." }]);
    expect(facts[0].citations).toMatchObject({ kept: 2, dropped: 2, itemsRemoved: 1 });

    // Its only block quoting what the page does not say: no answer, never a page vouching for it.
    fake.script(chatReplies.json({ found: true, blocks: [{ kind: 'paragraph', text: 'La vitesse est une force.', citations: quoted('La vitesse est une force.') }] }));
    expect((await failure(ask())).message).toMatch(/No block of the answer cites a page it was given/);
  });

  it('in exercise mode, recomputes the calculations; a forced function call and a fenced reply are read too', async () => {
    const exercise = {
      found: true,
      blocks: [{ kind: 'paragraph', text: 'On applique la définition de la vitesse moyenne.', citations: p2 }],
      exercise: {
        objective: { text: 'Calculer la vitesse moyenne.', citations: p2 },
        steps: [{ text: 'Diviser la distance par la durée.', citations: p2 }],
        theorems: [],
        formulas: [{ text: '$v = d / t$', citations: p2 }],
        calculations: [{ expression: 'v = \\frac{120}{2}', result: '61 km/h', citations: p2 }],
        final_answer: { text: 'La vitesse moyenne est de 60 km/h.', citations: p2 },
      },
    };
    fake.script(chatReplies.json(exercise));
    const toolEngine = engine('tool');
    const answer = await toolEngine.answer({ course, question: 'Une voiture parcourt 120 km en 2 h : quelle est sa vitesse moyenne ?', mode: 'exercise', level: 'lycee' });
    expect(answer.exercise?.calculations.map((c) => c.result)).toEqual(['60 km/h']);
    const body = lastBody();
    expect(body.tools?.[0].function.name).toBe('record_answer');
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'record_answer' } });
    expect(body.response_format).toBeUndefined();

    fake.script({ json: ok, fenced: true });
    expect((await ask()).found).toBe(true);
  });
});

describe('a sheet, a quiz question and a deck through an OpenAI-compatible server', () => {
  it('a sheet keeps only the lines that cite a page it was given', async () => {
    fake.script(
      chatReplies.json({
        title: 'Mécanique',
        sections: [
          {
            heading: 'Le mouvement',
            lines: [
              { text: 'Un mouvement est décrit par rapport à un référentiel.', citations: [cite('f-meca', 'Mécanique', 1)] },
              { text: 'Une ligne inventée.', citations: [cite('f-meca', 'Mécanique', 40)] },
            ],
          },
        ],
        definitions: [],
        formulas: [{ text: '$v = d / t$', citations: p2 }],
        key_dates: [],
        key_points: [],
      }),
    );
    const sheet = await engine().sheet({ course, level: 'lycee' });
    expect(sheetSchema.parse(sheet)).toEqual(sheet);
    expect(sheet.sections[0].lines.map((l) => l.text)).toEqual(['Un mouvement est décrit par rapport à un référentiel.']);
    expect(sheet.language).toBe('fr');
    expect(lastBody().response_format?.json_schema?.name).toBe('record_sheet');
  });

  const unit = {
    fact_key: 'unité de la vitesse',
    kind: 'term',
    question: 'En quelle unité s’exprime la vitesse moyenne ?',
    options: ['mètres par seconde', 'joules', 'newtons', 'watts'],
    correct_index: 0,
    explanation: 'Page 2 : « Elle s’exprime en mètres par seconde. »',
    citations: p2,
  };
  const quiz = () => engine().quizQuestion({ course, fileId: 'f-meca', type: 'mcq', difficulty: 'easy', exclude: [], level: 'lycee' });

  it('a quiz question is validated, and refused when its right option is not on the page it cites', async () => {
    fake.script(chatReplies.json(unit));
    const question = await quiz();
    expect(quizQuestionSchema.parse(question)).toEqual(question);
    expect(question.options![question.correct_index!]).toBe('mètres par seconde');

    fake.script(chatReplies.json({ ...unit, citations: [cite('f-meca', 'Mécanique', 3)] }));
    expect((await failure(quiz())).message).toMatch(/right option is not on the page/);
  });

  it('a deck keeps new, cited, distinct cards', async () => {
    const card = (front: string, back: string, page: number) => ({ kind: 'term', front, back, citations: [cite('f-meca', 'Mécanique', page)] });
    fake.script(
      chatReplies.json({
        cards: [
          card('Vitesse moyenne', 'Le quotient de la distance parcourue par la durée du parcours.', 2),
          card('vitesse  MOYENNE !', 'Distance sur durée.', 2),
          card("Principe d'inertie", 'Un corps isolé reste immobile ou en mouvement rectiligne uniforme.', 3),
          card('Référentiel', 'Ce par rapport à quoi un mouvement est décrit.', 12),
        ],
      }),
    );
    const cards = await engine().flashcards({ course, fileId: 'f-meca', count: 4, exclude: [], level: null });
    expect(cards.map((c) => c.front)).toEqual(['Vitesse moyenne', "Principe d'inertie"]);
  });
});

describe('failures of an OpenAI-compatible server', () => {
  it('retries throttling and a model still loading with backoff, then answers', async () => {
    fake.script(chatReplies.throttled(), chatReplies.unavailable(), chatReplies.json(ok));
    expect((await ask()).found).toBe(true);
    expect(fake.calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(facts[0].attempts).toBe(3);

    fake.reset();
    fake.otherwise(() => chatReplies.throttled());
    expect(await failure(ask())).toMatchObject({ kind: 'throttled', attempts: 3 });
  });

  it('does not retry a refused request, and sends the key when one is configured', async () => {
    fake.requireKey('sk-school-key');
    const refused = await failure(ask());
    expect(refused).toMatchObject({ kind: 'unavailable', attempts: 1 });
    expect(refused.message).toContain('HTTP 401');
    expect(fake.calls).toHaveLength(0);

    fake.script(chatReplies.json(ok));
    expect((await ask(engine('json_schema', 'sk-school-key'))).found).toBe(true);
    expect(fake.calls[0].headers.authorization).toBe('Bearer sk-school-key');
  });

  it('refuses JSON of the wrong shape and output cut short, without retrying', async () => {
    fake.script(chatReplies.json({ found: 'yes', blocks: 'v = d / t' }));
    expect((await failure(ask())).message).toMatch(/did not match its schema at .*found/);
    fake.script({ json: ok, finish: 'length' });
    expect((await failure(ask())).message).toMatch(/cut at its token limit/);
    expect(fake.calls).toHaveLength(2);
  });

  it('asks once more after a reply that is not JSON, sending back what it wrote and what the parser said', async () => {
    const broken = '{"found": true, "blocks": [{"kind": "paragraph", "text": "La vitesse moyenne vaut v = d / t."';
    fake.script(chatReplies.text(broken), chatReplies.json(ok));
    const answer = await ask();
    expect(answer.found).toBe(true);
    expect(fake.calls).toHaveLength(2);
    const [first, second] = fake.calls.map((c) => c.body);
    expect(second.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(second.messages.slice(0, 2)).toEqual(first.messages);
    expect(second.messages[2].content).toBe(broken);
    let parserError = '';
    try {
      JSON.parse(broken);
    } catch (err) {
      parserError = (err as Error).message;
    }
    expect(lastUserOf(second)).toContain(`could not be parsed as JSON (${parserError})`);
    expect(lastUserOf(second)).toContain('record_answer');
    expect(second.response_format?.json_schema?.name).toBe('record_answer');
    expect(facts).toMatchObject([{ task: 'answer', attempts: 2 }]);
    expect(facts[0].inputTokens).toBeGreaterThan(first.messages.length);

    // Prose twice: refused after the one more try, never a third call.
    fake.reset();
    fake.script(chatReplies.text('La vitesse moyenne est d/t.'), chatReplies.text('Je répète : la vitesse moyenne est d/t.'));
    const err = await failure(ask());
    expect(err).toMatchObject({ kind: 'invalid_output', attempts: 2 });
    expect(err.message).toMatch(/not JSON/);
    expect(fake.calls).toHaveLength(2);

    // A forced function call whose arguments are not JSON is asked again the same way.
    fake.reset();
    fake.script(chatReplies.text('{"found": tru'), chatReplies.json(ok));
    expect((await ask(engine('tool'))).found).toBe(true);
    expect(lastBody().tool_choice).toEqual({ type: 'function', function: { name: 'record_answer' } });
    expect(lastBody().messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('waits as long as Retry-After asks, in seconds or as a date, within the time budget', async () => {
    fake.script(chatReplies.throttled('2'), chatReplies.json(ok));
    expect((await ask()).found).toBe(true);
    expect(sleeps).toEqual([2000]);
    expect(fake.calls).toHaveLength(2);

    sleeps.length = 0;
    fake.script(chatReplies.unavailable(new Date(Date.now() + 4_000).toUTCString()), chatReplies.json(ok));
    expect((await ask()).found).toBe(true);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(2_000);
    expect(sleeps[0]).toBeLessThanOrEqual(4_000);
  });

  it('fails at once as busy when Retry-After asks for a wait past the time budget', async () => {
    const budgeted = openaiEngine({ ...options(), timeBudgetMs: 10_000 });
    for (const refusal of [chatReplies.throttled('60'), chatReplies.unavailable('30')]) {
      fake.reset();
      sleeps.length = 0;
      fake.script(refusal, chatReplies.json(ok));
      const started = Date.now();
      const err = await failure(ask(budgeted));
      expect(err).toMatchObject({ kind: 'throttled', attempts: 1 });
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(sleeps).toEqual([]);
      expect(fake.calls).toHaveLength(1);
    }
  });

  it('says the server is unavailable when nothing listens, after retrying', async () => {
    const closed = openaiEngine({ ...options(), transport: chatCompletionsTransport({ baseUrl: 'http://127.0.0.1:9/v1' }) });
    const err = await failure(ask(closed));
    expect(err).toMatchObject({ kind: 'unavailable', attempts: 3 });
    expect(err.message).toMatch(/Chat completions failed with ConnectionError/);
  });
});

describe('provider choice', () => {
  restoreEngineEnvironment();

  it('refuses openai without its base URL and model', () => {
    process.env.ENGINE_PROVIDER = 'openai';
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_MODEL;
    resetConfig();
    resetEngine();
    expect(() => studyEngine()).toThrow(/Invalid server configuration: OPENAI_BASE_URL, OPENAI_MODEL/);
  });

  it('with openai, calls the configured model at the configured server with the configured key', async () => {
    Object.assign(process.env, { ENGINE_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'llama3.1:8b', OPENAI_API_KEY: 'sk-local' });
    delete process.env.OPENAI_API_KEY_SECRET_ID;
    resetConfig();
    resetEngine();
    const chosen = studyEngine();
    expect(chosen.name).toBe('openai');
    fake.requireKey('sk-local');
    fake.script(chatReplies.json(ok));
    const answer = await chosen.answer({ course, question: 'vitesse moyenne', mode: 'concise', level: null });
    expect(answer.found).toBe(true);
    expect(fake.calls[0].body.model).toBe('llama3.1:8b');
  });
});
