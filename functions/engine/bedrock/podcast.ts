// The `bedrock` engine's podcast script: the model writes the dialogue under the engine's own
// schema (speaker, plain text, citations), from pages spread over the course as for a sheet, and
// what it returns is checked as answers are: citations must name supplied pages (a line left
// without one is dropped), and a line with a number the supplied pages do not contain is dropped
// (no invented figures). The model writes plain text only; the speech provider builds and escapes
// any markup. Too few lines left is an EngineError, never a thin episode. The prompt names the
// subject (the opening names it, never the file) and the course's headings, from its document
// model, by which the episode's parts are named.
import { z } from 'zod';
import { podcastLineSchema, podcastScriptSchema, type PodcastScript } from '../../core/artefacts.js';
import { type CoursePage, type PodcastScriptRequest } from '../types.js';
import { estimateTokens, podcastInputBudget, selectSheetPages, type SuppliedPassage } from './budget.js';
import { Generation, type GenerationOptions, type GenerationTask } from './generation.js';
import { Grounding, SuppliedPages } from './grounding.js';
import { commonRules, passageTokens, passagesText } from './prompts.js';
import { jsonSchemaOf, toolTokens, type ToolDefinition } from './schemas.js';

export const podcastOutputSchema = z.object({ title: z.string().min(1), segments: z.array(podcastLineSchema) });

export const podcastTool: ToolDefinition = {
  name: 'record_podcast',
  description:
    'Records the podcast script: a title and the dialogue as segments in speaking order. speaker is 0 or 1; text is what that voice says, in plain sentences ' +
    '(no markup, no stage directions); citations name the excerpts each segment rests on (file_id, file_name, page copied from the excerpt header).',
  inputSchema: jsonSchemaOf(podcastOutputSchema),
};

const styles: Record<PodcastScriptRequest['style'], string> = {
  host: 'Speaker 0 is a host who interviews speaker 1, an expert on the course: the host asks short questions, the expert explains.',
  expert: 'Speaker 0 is an expert who teaches the course to speaker 1, a learner who asks short questions and rephrases.',
  student: 'Speakers 0 and 1 are two students revising together: they take turns asking each other questions and answering.',
};

export function podcastSystemPrompt(req: PodcastScriptRequest, toolName: string): string {
  const rules = [
    ...commonRules(req.course.language, req.level, 'excerpt').filter((r) => !r.includes('LaTeX')),
    `${styles[req.style]} Speaker 0 is called ${req.speakers[0]}, speaker 1 ${req.speakers[1]}.`,
    'Structure: an opening that names the subject (as given, never a file name) and says what the episode covers; the material in the order of the document, each part introduced by name with the course\'s own heading when headings are given (definitions, formulas read aloud in words, dates, examples); a few recap questions the listener can answer in their head, each asked once and followed by its answer; a short closing summary.',
    'If the course holds too little for the length asked, write a shorter episode: never repeat a line or a question to fill time.',
    `Length: about ${req.targetWords} words in all, in segments of one to four sentences.`,
    'Write plain spoken sentences only: no markup, no SSML, no symbols to be read, no lists. Write every number exactly as the excerpts give it.',
    `Give the script by calling the tool ${toolName} once.`,
  ];
  return `You are Révise, a study assistant that writes two-voice revision podcasts from a student's own course.\n${rules.map((r, i) => `${i + 1}. ${r}`).join('\n')}`;
}

/** Headings the prompt lists at most. */
const HEADINGS_MAX = 40;

/** The course's headings in order (levels 1 and 2 of the document model), each once. */
export function courseHeadings(pages: readonly CoursePage[]): string[] {
  const out: string[] = [];
  for (const page of pages) {
    for (const span of page.spans ?? []) {
      if (span.kind !== 'heading' || (span.level ?? 1) > 2) continue;
      const text = page.text.slice(span.start, span.end).replace(/\s+/g, ' ').trim();
      if (text && !out.includes(text)) out.push(text);
      if (out.length >= HEADINGS_MAX) return out;
    }
  }
  return out;
}

export function podcastUserMessage(subjectName: string, passages: readonly SuppliedPassage[], headings: readonly string[] = []): string {
  const outline = headings.length ? `Course headings, in order (name the episode's parts by them):\n${headings.map((h) => `- ${h}`).join('\n')}\n\n` : '';
  return `Subject: ${subjectName}\n\n${outline}Course excerpts:\n\n${passagesText(passages)}\n\nWrite the podcast script of this course.`;
}

/** The numbers a text states (digits, with a decimal comma or point), as compared. */
export function numbersIn(text: string): string[] {
  return (text.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replace(/,/g, '.').replace(/\.(?=\d{3}\b)/g, ''));
}

/** Drops the segments stating a number that no supplied page contains. */
export function withoutInventedNumbers<T extends { text: string }>(segments: readonly T[], passages: readonly SuppliedPassage[]): T[] {
  const known = new Set(passages.flatMap((p) => numbersIn(p.text)));
  return segments.filter((s) => numbersIn(s.text).every((n) => known.has(n)));
}

/** Fewest lines an episode may keep after the checks. */
const MIN_SEGMENTS = 4;

export async function bedrockPodcastScript(options: GenerationOptions<GenerationTask> & { inputTokenBudget: number }, req: PodcastScriptRequest): Promise<PodcastScript> {
  const { course } = req;
  const system = podcastSystemPrompt(req, podcastTool.name);
  const pages = req.fileId ? course.pages.filter((p) => p.file_id === req.fileId) : course.pages;
  const headings = courseHeadings(pages);
  const fixed = estimateTokens(system) + toolTokens(podcastTool) + estimateTokens(podcastUserMessage(course.subjectName, [], headings));
  // The course an episode of this length needs (about five tokens of course a word of script), under the ceiling.
  const budget = Math.min(options.inputTokenBudget, podcastInputBudget(fixed, req.targetWords));
  const passages = selectSheetPages(pages, budget - fixed, passageTokens);
  const gen = new Generation(options, 'podcast');
  if (passages.length === 0) throw gen.fail('invalid_output', 'The course has no page text to write a podcast from');
  const input = await gen.call({
    system,
    messages: [{ role: 'user', text: podcastUserMessage(course.subjectName, passages, headings) }],
    tool: podcastTool,
    // About 1.5 tokens a word, and room for the citations.
    maxTokens: Math.min(8_000, Math.round(req.targetWords * 2.5) + 1_000),
    temperature: 0.4,
  });
  const grounding = new Grounding(new SuppliedPages(passages), course.language);
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const out = gen.parse(podcastOutputSchema, { ...raw, segments: grounding.items(raw.segments) }, 'podcast');
  const segments = withoutInventedNumbers(out.segments, passages);
  if (segments.length < MIN_SEGMENTS) {
    throw gen.fail('invalid_output', `Only ${segments.length} segment(s) of the podcast cite a page they were given and state only its numbers`);
  }
  gen.done(passages.length, grounding.tally);
  return podcastScriptSchema.parse({ title: out.title, language: course.language, segments });
}
