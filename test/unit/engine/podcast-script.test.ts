// The podcast's script from both engine providers: the built-in engine's dialogue made of the
// course's own sentences (structure, language, order, citations, length from the words budget,
// whole sentences only, each line said once, a shorter episode flagged when the course is short,
// formulas read in words), and Bedrock's script held to the pages it was sent and to their numbers
// (its prompt naming the subject and the course's headings).
import { describe, expect, it } from 'vitest';
import { bedrockEngine, type GenerationFacts } from '../../../functions/engine/bedrock/index.js';
import { numbersIn } from '../../../functions/engine/bedrock/podcast.js';
import { buildPodcastScript, spokenFormula, topicOf } from '../../../functions/engine/local/podcast.js';
import { podcastScriptSchema, type PodcastScript } from '../../../functions/core/artefacts.js';
import { type Course, type PodcastScriptRequest } from '../../../functions/engine/types.js';
import { course as courseOf, englishCourse, frenchCourse, ungrounded } from '../../support/courses.js';
import { cite, engineFailure, FREE_MODEL, replies, systemText, useConverseFake, userText, type ConverseFake } from '../../support/converse-fake.js';

const words = (s: PodcastScript) => s.segments.reduce((n, x) => n + x.text.split(/\s+/).filter(Boolean).length, 0);
const request = (course: Course, over: Partial<PodcastScriptRequest> = {}): PodcastScriptRequest => ({
  course,
  style: 'host',
  targetWords: 500,
  speakers: course.language === 'fr' ? ['Léa', 'Rémi'] : ['Joanna', 'Matthew'],
  level: null,
  ...over,
});
/** Where each cited page comes in the course (file order, then page). */
const position = (c: Course, fileId: string, page: number) => c.pages.findIndex((p) => p.file_id === fileId && p.page === page);

describe('the built-in engine’s podcast script', () => {
  it('opens on what the episode covers, follows the document, asks recap questions and closes, in French, every line cited from the course', () => {
    const course = frenchCourse();
    const script = buildPodcastScript(request(course));
    expect(podcastScriptSchema.parse(script)).toEqual(script);
    expect(script.language).toBe('fr');
    const texts = script.segments.map((s) => s.text);
    expect(texts[0]).toMatch(/^Bonjour et bienvenue dans ce podcast Révise, aujourd'hui en Physique\./);
    expect(texts[0]).toContain('Je suis Léa');
    expect(texts[0]).toContain('Au programme : Mouvement et vitesse, Énergie cinétique');
    expect(texts.some((t) => t.startsWith('Place aux questions de révision'))).toBe(true);
    expect(texts.at(-2)).toMatch(/^Pour résumer, nous avons vu mouvement et vitesse, énergie cinétique/);
    expect(texts.at(-1)).toMatch(/bonne révision/i);
    // Both voices speak, the host asks and the expert answers.
    expect(new Set(script.segments.map((s) => s.speaker))).toEqual(new Set([0, 1]));
    // Every citation is a page of the course with its sentence copied from it.
    expect(ungrounded(course, script.segments.flatMap((s) => s.citations))).toEqual([]);
    // The material (before the recap) follows the document's order.
    const recap = texts.findIndex((t) => t.startsWith('Place aux questions'));
    const order = script.segments.slice(2, recap).filter((s) => s.speaker === 1).map((s) => position(course, s.citations[0].file_id, s.citations[0].page));
    expect(order.length).toBeGreaterThan(3);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // No English connecting words in a French episode.
    expect(texts.join(' ')).not.toMatch(/\b(?:What|Welcome|Thanks)\b/);
  });

  it('writes an English course in English, and its length follows the words budget', () => {
    const course = englishCourse();
    const short = buildPodcastScript(request(course, { targetWords: 300 }));
    const long = buildPodcastScript(request(course, { targetWords: 1_400 }));
    expect(short.language).toBe('en');
    expect(short.segments[0].text).toMatch(/^Hello and welcome to this Révise podcast/);
    expect(words(short)).toBeGreaterThan(200);
    expect(words(short)).toBeLessThan(420);
    expect(words(long)).toBeGreaterThan(1_000);
    expect(words(long)).toBeLessThan(1_700);
    expect(ungrounded(course, long.segments.flatMap((s) => s.citations))).toEqual([]);
  });

  it('lets two students take turns asking, and an expert teach a learner who asks', () => {
    const course = frenchCourse();
    const students = buildPodcastScript(request(course, { style: 'student' }));
    const questions = students.segments.filter((s) => /\?/.test(s.text) && s.text.length < 160);
    expect(new Set(questions.map((s) => s.speaker))).toEqual(new Set([0, 1]));
    const expert = buildPodcastScript(request(course, { style: 'expert' }));
    expect(expert.segments[0].text).toMatch(/je vous explique/);
    const asked = expert.segments.filter((s) => /de quoi s'agit-il|^Commençons|^Passons|^Et sur|^Et ensuite/.test(s.text));
    expect(asked.length).toBeGreaterThan(2);
    expect(asked.every((s) => s.speaker === 1)).toBe(true);
  });

  it('names the subject, not the file, and the course’s parts by their headings, even for one file', () => {
    const course = frenchCourse();
    const script = buildPodcastScript(request(course, { fileId: 'fr-meca', style: 'expert' }));
    expect(script.title).toBe('Physique');
    expect(script.segments[0].text).toMatch(/^Bonjour, je suis Léa, et aujourd'hui en Physique, je vous explique le cours/);
    expect(script.segments[0].text).not.toContain('Mécanique - chapitres');
    const parts = script.segments.filter((s) => /^(?:Commençons par la première partie,|Passons à la partie) « /.test(s.text)).map((s) => /« (.+?) »/.exec(s.text)![1]);
    expect(parts).toEqual(['Mouvement et vitesse', 'Énergie cinétique', 'Énergie potentielle et énergie mécanique', 'Méthode : résoudre un exercice de mécanique']);
    expect(script.segments.some((s) => s.text === 'Et sur « La vitesse moyenne », que dit le cours ?')).toBe(true);
  });

  it('says whole sentences only, each line once: no list number, no sentence cut at its colon, a formula read after the sentence that introduces it', () => {
    for (const course of [frenchCourse(), englishCourse()]) {
      for (const targetWords of [300, 900, 3_000]) {
        const texts = buildPodcastScript(request(course, { targetWords })).segments.map((s) => s.text);
        expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
        for (const t of texts) {
          expect(t, t).toMatch(/^[«"“(]?\s*[\p{Lu}\d]/u);
          expect(t, t).toMatch(/[.!?…][»"”)]?$/u);
          expect(t, t).not.toMatch(/^\d+\.\s/u);
        }
      }
    }
    const texts = buildPodcastScript(request(frenchCourse(), { targetWords: 3_000 })).segments.map((s) => s.text);
    expect(texts.some((t) => t.startsWith("Identifier le système étudié et le référentiel. Relever les données de l'énoncé"))).toBe(true);
    expect(texts.some((t) => t.includes('La vitesse moyenne est le quotient de la distance parcourue par la durée du parcours.'))).toBe(true);
  });

  it('says a course of bullet points as sentences: the items with the line that introduces them, never one by one', () => {
    const slide = (page: number, text: string) => ({ file_id: 'f-v', file_name: 'volcans-diapos.pdf', page, language: 'fr' as const, text });
    const course = courseOf(
      [
        slide(1, 'Chapitre 1 : Les volcans\n\nLes éruptions volcaniques se classent en trois types :\n- effusives, avec des coulées de lave fluide\n- explosives, avec des nuées ardentes\n- mixtes, qui alternent les deux\n\nRisques majeurs\n- coulées de lave\n- nuées ardentes\n- lahars et glissements de terrain'),
        slide(2, 'Chapitre 2 : La surveillance\n\nOutils des volcanologues\n- sismomètres\n- inclinomètres\n- analyse des gaz\n\nLe Piton de la Fournaise est l’un des volcans les plus actifs du monde.'),
      ],
      'SVT',
      'fr',
    );
    const script = buildPodcastScript(request(course, { targetWords: 600 }));
    const texts = script.segments.map((s) => s.text);
    expect(texts[0]).toMatch(/aujourd'hui en SVT\. .* Au programme : Les volcans et La surveillance\.$/);
    expect(texts).toContain('Les éruptions volcaniques se classent en trois types : effusives, avec des coulées de lave fluide ; explosives, avec des nuées ardentes ; mixtes, qui alternent les deux.');
    expect(texts).toContain('Le cours énumère : coulées de lave ; nuées ardentes ; lahars et glissements de terrain.');
    expect(texts).toContain('Le cours énumère : sismomètres ; inclinomètres ; analyse des gaz.');
    expect(texts.some((t) => /^(?:sismomètres|effusives|coulées de lave)/iu.test(t))).toBe(false);
    expect(script.short_course).toBe(true);
  });

  it('names at most eight parts in its opening and closing, and says how many more a long subject has', () => {
    const topics = ['la cellule', 'le noyau', 'la membrane', 'les mitochondries', 'la photosynthèse', 'la respiration', 'la mitose', 'la méiose', 'l’ADN', 'les protéines', 'les enzymes', 'les virus'];
    const pages = topics.map((t, i) => ({
      file_id: `f-${i}`,
      file_name: `chapitre-${i + 1}.pdf`,
      page: 1,
      language: 'fr' as const,
      text: `Chapitre ${i + 1} : ${t}\n\nCe chapitre présente ${t} et son rôle dans le vivant. Les élèves étudient ${t} au microscope pendant la séance ${i + 1}.`,
    }));
    const script = buildPodcastScript(request(courseOf(pages, 'BIOLOGIE', 'fr'), { targetWords: 2_000 }));
    const texts = script.segments.map((s) => s.text);
    expect(texts[0]).toMatch(/Au programme : la cellule, le noyau, .*, la mitose et 5 autres parties\.$/);
    expect(texts.at(-2)).toMatch(/^Pour résumer, nous avons vu la cellule, .* et 5 autres parties\.$/);
    expect(texts.filter((t) => /^(?:Commençons|Passons)/.test(t))).toHaveLength(12);
    for (const t of texts) expect(t.length).toBeLessThanOrEqual(1_500);
  });

  it('is shorter, and says so, when the course holds too little for the length chosen; never says a recap twice', () => {
    const course = frenchCourse();
    const fits = buildPodcastScript(request(course, { targetWords: 400 }));
    expect(fits.short_course).toBe(false);
    const long = buildPodcastScript(request(course, { targetWords: 6_000 }));
    expect(long.short_course).toBe(true);
    expect(words(long)).toBeLessThan(6_000 * 0.8);
    const texts = long.segments.map((s) => s.text);
    expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
    // Each recap question once, each answer once.
    const recap = texts.slice(texts.findIndex((t) => t.startsWith('Place aux questions')));
    const questions = recap.filter((t) => t.endsWith('Prenez un instant pour y réfléchir.'));
    expect(questions.length).toBeGreaterThan(1);
    expect(questions.length).toBeLessThanOrEqual(8);
    expect(new Set(questions).size).toBe(questions.length);
  });

  it('names a part by its heading without the numbering, and never cuts a word that starts like a number', () => {
    expect(topicOf('Chapitre 2 : la respiration')).toBe('la respiration');
    expect(topicOf('IV – Les ondes')).toBe('Les ondes');
    expect(topicOf('1.2 Les forces')).toBe('Les forces');
    expect(topicOf('Le mouvement')).toBe('Le mouvement');
    expect(topicOf('Partie Cinématique')).toBe('Partie Cinématique');
    expect(topicOf('Chapter civil law')).toBe('Chapter civil law');
    expect(topicOf('Unit 1: Cell structure')).toBe('Cell structure');
  });

  it('reads formulas aloud in words', () => {
    expect(spokenFormula('v = d / t', 'fr')).toBe('v égale d divisé par t');
    expect(spokenFormula('E = m × c²', 'en')).toBe('E equals m times c squared');
  });
});

describe('Bedrock’s podcast script', () => {
  let fake: ConverseFake;
  const { options, facts } = useConverseFake<GenerationFacts>((f) => (fake = f));
  const course = frenchCourse();
  const page = course.pages[0];

  it('is asked for the style, the speakers and the length, and keeps only lines citing pages it was sent and stating only their numbers', async () => {
    const line = (speaker: 0 | 1, text: string, citations = [cite(page.file_id, page.file_name, page.page)]) => ({ speaker, text, citations });
    fake.script(
      replies.tool({
        title: 'Mécanique',
        segments: [
          line(0, 'Bonjour, je suis Léa.'),
          line(1, 'Et moi Rémi.'),
          line(0, 'De quoi parle le cours ?'),
          line(1, 'Une phrase qui cite une page jamais envoyée.', [cite('inconnu', 'Autre', 9)]),
          line(1, 'La vitesse de la lumière vaut 299 792 458 mètres par seconde, un nombre inventé.'),
          line(1, 'Le cours décrit le mouvement.'),
          line(0, 'Merci et bonne révision.'),
        ],
      }),
    );
    const script = await bedrockEngine(options()).podcastScript(request(course, { style: 'student', targetWords: 700 }));
    const body = fake.calls[0].body;
    expect(systemText(body)).toContain('two students revising together');
    expect(systemText(body)).toContain('Speaker 0 is called Léa, speaker 1 Rémi');
    expect(systemText(body)).toContain('about 700 words');
    expect(systemText(body)).toContain('Write every text field in French');
    expect(userText(body)).toContain(`file_id: ${page.file_id}`);
    expect(script.segments.map((s) => s.text)).toEqual(['Bonjour, je suis Léa.', 'Et moi Rémi.', 'De quoi parle le cours ?', 'Le cours décrit le mouvement.', 'Merci et bonne révision.']);
    expect(script.language).toBe('fr');
    expect(facts[0]).toMatchObject({ task: 'podcast' });
  });

  it('is told the subject and the course’s headings, by which the parts are named, and never to fill time by repeating', async () => {
    const text = 'Chapitre 1 : le mouvement\n\nUn mouvement est décrit dans un référentiel.\n\n1.1 La vitesse\n\nLa vitesse moyenne est le quotient de la distance par la durée.';
    const at = (part: string) => ({ start: text.indexOf(part), end: text.indexOf(part) + part.length });
    const spanned = courseOf(
      [
        {
          file_id: 'f-mv',
          file_name: 'mouvement-v2.pdf',
          page: 1,
          language: 'fr',
          text,
          spans: [
            { kind: 'heading', level: 1, ...at('Chapitre 1 : le mouvement') },
            { kind: 'paragraph', ...at('Un mouvement est décrit dans un référentiel.') },
            { kind: 'heading', level: 2, ...at('1.1 La vitesse') },
            { kind: 'paragraph', ...at('La vitesse moyenne est le quotient de la distance par la durée.') },
          ],
        },
      ],
      'PHYSIQUE',
      'fr',
    );
    const cited = [cite('f-mv', 'mouvement-v2.pdf', 1)];
    fake.script(replies.tool({ title: 'Physique', segments: ['Bonjour.', 'Le mouvement.', 'La vitesse.', 'Au revoir.'].map((t, i) => ({ speaker: i % 2, text: t, citations: cited })) }));
    await bedrockEngine(options()).podcastScript(request(spanned));
    const body = fake.calls[0].body;
    expect(userText(body)).toContain('Subject: PHYSIQUE\n\nCourse headings, in order (name the episode\'s parts by them):\n- Chapitre 1 : le mouvement\n- 1.1 La vitesse\n');
    expect(systemText(body)).toContain('an opening that names the subject (as given, never a file name)');
    expect(systemText(body)).toContain('never repeat a line or a question to fill time');
  });

  it('asks a long episode of each model within the output it accepts (Amazon Nova Lite, the free plan’s: 5,000 tokens)', async () => {
    const long = request(course, { targetWords: 2_250 });
    const reply = () => fake.script(replies.tool({ title: 'Physique', segments: ['Bonjour.', 'Le cours.', 'La suite.', 'Au revoir.'].map((t, i) => ({ speaker: i % 2, text: t, citations: [cite(page.file_id, page.file_name, page.page)] })) }));
    reply();
    await bedrockEngine(options()).podcastScript(long);
    expect(fake.calls[0].body.inferenceConfig?.maxTokens).toBe(6_625);
    reply();
    await bedrockEngine({ ...options(), modelId: FREE_MODEL }).podcastScript(long);
    expect(fake.calls[1].body.inferenceConfig?.maxTokens).toBe(5_000);
  });

  it('refuses a script that keeps too few grounded lines', async () => {
    fake.script(replies.tool({ title: 'x', segments: [{ speaker: 0, text: 'Rien de cité.', citations: [cite('inconnu', 'Autre', 2)] }] }));
    const err = await engineFailure(bedrockEngine(options()).podcastScript(request(course)));
    expect(err.kind).toBe('invalid_output');
  });

  it('compares numbers as written in either language', () => {
    expect(numbersIn('En 1687, 9,81 m/s² et 1.5 kg')).toEqual(['1687', '9.81', '1.5']);
  });
});
