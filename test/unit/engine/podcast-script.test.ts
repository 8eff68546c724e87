// The podcast's script from both engine providers: the built-in engine's dialogue made of the
// course's own sentences (structure, language, order, citations, length from the words budget,
// formulas read in words), and Bedrock's script held to the pages it was sent and to their numbers.
import { describe, expect, it } from 'vitest';
import { bedrockEngine, type GenerationFacts } from '../../../functions/engine/bedrock/index.js';
import { numbersIn } from '../../../functions/engine/bedrock/podcast.js';
import { buildPodcastScript, spokenFormula, topicOf } from '../../../functions/engine/local/podcast.js';
import { podcastScriptSchema, type Course, type PodcastScript, type PodcastScriptRequest } from '../../../functions/engine/types.js';
import { englishCourse, frenchCourse, ungrounded } from '../../support/courses.js';
import { cite, engineFailure, replies, systemText, useConverseFake, userText, type ConverseFake } from '../../support/converse-fake.js';

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
    expect(texts[0]).toMatch(/^Bonjour et bienvenue dans ce podcast Révise consacré à Physique\./);
    expect(texts[0]).toContain('Je suis Léa');
    expect(texts.some((t) => t.startsWith('Place aux questions de révision'))).toBe(true);
    expect(texts.at(-2)).toMatch(/^Pour résumer l'essentiel/);
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
    const asked = expert.segments.filter((s) => /de quoi s'agit-il|^Commençons|^Passons|^Et ensuite/.test(s.text));
    expect(asked.length).toBeGreaterThan(2);
    expect(asked.every((s) => s.speaker === 1)).toBe(true);
  });

  it('names a part by its heading without the numbering, and never cuts a word that starts like a number', () => {
    expect(topicOf('Chapitre 2 : la respiration')).toBe('la respiration');
    expect(topicOf('IV – Les ondes')).toBe('Les ondes');
    expect(topicOf('1.2 Les forces')).toBe('Les forces');
    expect(topicOf('Le mouvement')).toBe('Le mouvement');
    expect(topicOf('Partie Cinématique')).toBe('Partie Cinématique');
    expect(topicOf('Chapter civil law')).toBe('Chapter civil law');
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

  it('refuses a script that keeps too few grounded lines', async () => {
    fake.script(replies.tool({ title: 'x', segments: [{ speaker: 0, text: 'Rien de cité.', citations: [cite('inconnu', 'Autre', 2)] }] }));
    const err = await engineFailure(bedrockEngine(options()).podcastScript(request(course)));
    expect(err.kind).toBe('invalid_output');
  });

  it('compares numbers as written in either language', () => {
    expect(numbersIn('En 1687, 9,81 m/s² et 1.5 kg')).toEqual(['1687', '9.81', '1.5']);
  });
});
