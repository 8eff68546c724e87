// What a student costs, part of `npm run bench` (`npm run bench cost`): the real handlers on the
// laptop host, configured as the cloud is (ENGINE_PROVIDER=bedrock, OCR_PROVIDER=textract,
// SPEECH_PROVIDER=polly) against the wire fakes of Bedrock's Converse API, Textract and Polly
// (test/support), driven through a month of each student profile (test/bench/cost-report.ts). It counts what each
// service bills: model input and output tokens per operation (the fake's own count: the request's
// JSON and the reply's, at four characters a token), each call priced by the model that served it
// (Premium's, or the free plan's lighter one), Polly's billed characters per episode,
// Textract's billed pages per upload, API requests, Lambda invocations and GB-seconds, DynamoDB
// read and write units, Step Functions transitions, S3 requests; then prices them with the table
// of test/bench/prices.ts and prints the cost per service and per student-month beside Premium's
// net revenue, each cost target beside its figure (met or missed), and the idle stack
// with and without each optional input. The reference measured in the same run is Premium's net
// revenue per student-month. BENCH_COST_PROFILES (comma-separated names) runs only those profiles;
// `npm run bench cost -- --write-docs` also writes docs/costs.md (test/bench/cost-report.ts), from
// a run of every profile only.
// Stated estimates (the fakes answer at once): a model call lasts 0.6 s plus its output at 80
// tokens a second; a Polly request 0.3 s plus 1 s per 1,000 characters; a Lambda waits for them.
// DynamoDB: a read is 0.5 unit per 4 KB returned (eventually consistent) or 1 (a consistent Get
// or a conditional update's read), a write 1 unit per KB written (an update counted at the item's
// size as returned, else 1 KB). Nothing here asserts: test/unit/engine/bedrock-token-sizes.test.ts
// holds the tokens per operation.
import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { db } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { resetEngine } from '../../functions/platform/engine.js';
import { resetSpeech } from '../../functions/platform/speech/index.js';
import { registry } from '../../functions/registry.js';
import { FREE_MODEL, MODEL, startConverseFake, type RecordedCall } from '../support/converse-fake.js';
import { longCoursePdf, renderTextImage } from '../support/fixtures.js';
import { FREE_CAPS } from '../../functions/core/plans.js';
import { api, newPremiumUser, newUser, startTestHost, type TestHost, type TestUser } from '../support/host.js';
import { modelReply, newReplyState } from '../support/model-replies.js';
import { startPollyFake } from '../support/polly-fake.js';
import { startTextractFake, type TextractFake } from '../support/textract-fake.js';
import { createSubject, uploadFile, waitForFinal } from '../support/uploads.js';
import { writeFile } from 'node:fs/promises';
import { ceilingEstimate, formatCostDoc, idleRows, MCQ_PER_QUIZ, OPEN_PER_QUIZ, PROFILES, targetLines, type CostFigures, type Profile } from './cost-report.js';
import { cost, modelPrices, PRICES, premiumNet, type PriceKey } from './prices.js';

export { PROFILES, type Profile } from './cost-report.js';

const MODES = ['course', 'concise', 'detailed', 'step_by_step', 'exercise'] as const;
const API_MEMORY_GB = registry.find((f) => f.id === 'Handler')!.memoryMb / 1024;
const memoryOf = (id: string) => (registry.find((f) => f.id === id)?.memoryMb ?? 1024) / 1024;

const modelSeconds = (outputTokens: number) => 0.6 + outputTokens / 80;
const pollySeconds = (characters: number) => 0.3 + characters / 1_000;

interface Usage {
  /** Per tool the model was made to call: calls, input and output tokens, and their dollars at the prices of the model that served each call. */
  model: Map<string, { calls: number; input: number; output: number; dollars: number }>;
  pollyCharacters: number;
  pollyRequests: number;
  episodes: number;
  textractPages: number;
  apiRequests: number;
  lambdaInvocations: number;
  gbSeconds: number;
  readUnits: number;
  writeUnits: number;
  transitions: number;
  s3Writes: number;
  s3Reads: number;
  storedGb: number;
}

const emptyUsage = (): Usage => ({
  model: new Map(),
  pollyCharacters: 0,
  pollyRequests: 0,
  episodes: 0,
  textractPages: 0,
  apiRequests: 0,
  lambdaInvocations: 0,
  gbSeconds: 0,
  readUnits: 0,
  writeUnits: 0,
  transitions: 0,
  s3Writes: 0,
  s3Reads: 0,
  storedGb: 0,
});

/** The handout's lines, as Textract reads them. */
const SCANNED_HANDOUT = ['Feuille distribuée en cours', 'Une suite croissante et majorée converge', 'vers sa borne supérieure'];

/** A course of `pages` dense pages with one scanned handout (lines drawn as an image) as its third page. */
async function courseWithScan(pages: number, seed: number): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await longCoursePdf(pages - 1));
  const png = await doc.embedPng(renderTextImage([...SCANNED_HANDOUT, `Exercice ${seed}`]));
  const page = doc.insertPage(Math.min(2, doc.getPageCount()), [595.28, 841.89]);
  const width = 595.28 - 48;
  const height = (png.height / png.width) * width;
  page.drawImage(png, { x: 24, y: 841.89 - 24 - height, width, height });
  return doc.save();
}

export async function benchCost(): Promise<void> {
  const converse = await startConverseFake();
  const polly = await startPollyFake();
  let textractS3: S3Client | undefined;
  const textract = await startTextractFake({
    readObject: async (bucket, key) => {
      textractS3 ??= new S3Client({ region: config().AWS_REGION, endpoint: config().S3_ENDPOINT, forcePathStyle: true, responseChecksumValidation: 'WHEN_REQUIRED' });
      const out = await textractS3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return out.Body ? out.Body.transformToByteArray() : null;
    },
  });
  const host = await startTestHost({
    env: {
      ENGINE_PROVIDER: 'bedrock',
      BEDROCK_MODEL_ID: MODEL,
      BEDROCK_FREE_MODEL_ID: FREE_MODEL,
      BEDROCK_ENDPOINT: converse.url,
      OCR_PROVIDER: 'textract',
      TEXTRACT_ENDPOINT: textract.url,
      TEXTRACT_POLL_MS: '20',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      SPEECH_PROVIDER: 'polly',
      POLLY_ENDPOINT: polly.url,
    },
  });
  resetEngine();
  resetSpeech();
  let usage = emptyUsage();

  const state = newReplyState();

  // DynamoDB units, from what each call sends and gets back.
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const name = String(context.commandName ?? '');
      const input = args.input as Record<string, unknown>;
      const output = (result.output ?? {}) as Record<string, unknown>;
      const size = (v: unknown) => (v === undefined ? 0 : JSON.stringify(v).length);
      if (/^(Get|Query|Scan|BatchGet)/.test(name)) {
        const bytes = size(output.Item) + size(output.Items) + size(output.Responses);
        const consistent = input.ConsistentRead === true;
        usage.readUnits += Math.max(1, Math.ceil(bytes / 4096)) * (consistent ? 1 : 0.5);
      } else if (/^(Put|Update|Delete)/.test(name)) {
        const bytes = size(input.Item) || size(output.Attributes) || 1024;
        usage.writeUnits += Math.max(1, Math.ceil(bytes / 1024));
      } else if (/^BatchWrite/.test(name)) {
        const requests = Object.values((input.RequestItems ?? {}) as Record<string, { PutRequest?: { Item: unknown } }[]>).flat();
        for (const r of requests) usage.writeUnits += Math.max(1, Math.ceil(size(r.PutRequest?.Item) / 1024));
      }
      return result;
    },
    { step: 'initialize', name: 'benchCostUnits' },
  );

  const net = premiumNet();
  const results: { profile: Profile; usage: Usage; perService: Record<string, number> }[] = [];
  try {
    const only = process.env.BENCH_COST_PROFILES?.split(',');
    for (const profile of PROFILES.filter((p) => !only || only.includes(p.name))) {
      usage = emptyUsage();
      converse.reset();
      // Every model call, by tool; the fake's own token counts.
      converse.otherwise((call: RecordedCall) => {
        const reply = modelReply(call, state);
        const tool = call.body.toolConfig?.toolChoice?.tool?.name ?? 'none';
        const entry = usage.model.get(tool) ?? { calls: 0, input: 0, output: 0, dollars: 0 };
        const input = Math.ceil(JSON.stringify(call.body).length / 4);
        const output = 'tool' in reply ? Math.ceil(JSON.stringify([{ toolUse: { toolUseId: 'tooluse_1', name: tool, input: reply.tool } }]).length / 4) : 0;
        const prices = modelPrices(call.modelId);
        entry.calls++;
        entry.input += input;
        entry.output += output;
        entry.dollars += cost(prices.input, input) + cost(prices.output, output);
        usage.model.set(tool, entry);
        return reply;
      });
      polly.reset();
      textract.reset();
      await runProfile(host, profile, usage, textract);
      usage.pollyCharacters = polly.billedCharacters();
      usage.pollyRequests = polly.calls.length;
      usage.textractPages = textract.billedPages();
      results.push({ profile, usage, perService: priced(usage) });
    }
  } finally {
    await host.stop();
    textractS3?.destroy();
    await Promise.all([converse.close(), polly.close(), textract.close()]);
  }
  print(results, net);
  const figures: CostFigures = {
    pricesRead: PRICES.bedrockInput.read,
    region: PRICES.textract.region,
    model: MODEL,
    freeModel: FREE_MODEL,
    pollyEngine: config().POLLY_ENGINE,
    premiumNetUsd: Number(net.usd.toFixed(4)),
    alarms: 1 + registry.length,
    profiles: results.map((r) => ({ name: r.profile.name, plan: r.profile.plan, perService: rounded(r.perService), items: rounded(items(r.usage, r.perService)) })),
  };
  console.log('');
  console.log('  idle stack a month, by deployment input');
  for (const r of idleRows(figures.alarms)) console.log(`  ${usd(r.cost).padStart(9)}  ${r.label}`);
  const ceiling = ceilingEstimate(figures);
  if (ceiling) {
    const total = ceiling.reduce((sum, r) => sum + r.cost, 0);
    console.log('');
    console.log(`  a Premium month at every fair-use ceiling (estimated from the heavy month): ${usd(total)}, ${Math.round((total / net.usd) * 100)} % of Premium's net`);
  }
  console.log('');
  console.log('  targets');
  for (const line of targetLines(figures)) console.log(`  ${line}`);
  if (process.argv.includes('--write-docs')) {
    if (results.length !== PROFILES.length) throw new Error('docs/costs.md is written from a run of every profile (unset BENCH_COST_PROFILES)');
    const target = new URL('../../docs/costs.md', import.meta.url);
    await writeFile(target, formatCostDoc(figures));
    console.log(`  wrote ${target.pathname}`);
  }
}

/** Dollars to a tenth of a cent's hundredth: what the page shows, and stable in its recorded figures. */
function rounded(values: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v.toFixed(5))]));
}

/** Each model operation's cost apart, the other services whole. */
function items(u: Usage, perService: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [tool, e] of u.model) out[`Bedrock: ${tool}`] = e.dollars;
  for (const [service, dollars] of Object.entries(perService)) if (service !== 'Bedrock') out[service] = dollars;
  return out;
}

/** Runs a month of the profile through the API; counts requests, invocations and their GB-seconds. */
async function runProfile(host: TestHost, profile: Profile, usage: Usage, textract: TextractFake): Promise<void> {
  const user: TestUser = profile.plan === 'premium' ? await newPremiumUser(host) : await newUser(host);
  const token = user.accessToken;
  const subjects: string[] = [];
  const subjectFor = async (upload: number) => {
    const index = profile.plan === 'free' ? Math.floor(upload / FREE_CAPS.max_files_per_subject) : 0;
    while (subjects.length <= index) subjects.push((await createSubject(host, token, `Analyse ${profile.name} ${subjects.length + 1}`)).id);
    return subjects[index];
  };
  const subject = await subjectFor(0);
  const base = `/api/subjects/${subject}`;
  const modelBefore = () => [...usage.model.values()].reduce((n, e) => n + e.output, 0);

  /** One API request: a Lambda invocation lasting the host's time plus the model's, if it called one. */
  const call = async (path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') => {
    const outputBefore = modelBefore();
    const callsBefore = [...usage.model.values()].reduce((n, e) => n + e.calls, 0);
    const t0 = performance.now();
    const res = await api(host, path, { method, token, body });
    const seconds = (performance.now() - t0) / 1000;
    const calls = [...usage.model.values()].reduce((n, e) => n + e.calls, 0) - callsBefore;
    const waited = calls > 0 ? calls * 0.6 + (modelBefore() - outputBefore) / 80 : 0;
    usage.apiRequests++;
    usage.lambdaInvocations++;
    usage.gbSeconds += (seconds + waited) * API_MEMORY_GB;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, unknown>;
  };

  // Uploads: presign, POST to storage, completion (two API requests, one S3 write), then the extraction.
  // The generations work on the first subject's files.
  const files: string[] = [];
  for (let i = 0; i < profile.uploads; i++) {
    const bytes = await courseWithScan(profile.pages, i + 1);
    textract.script({ images: [SCANNED_HANDOUT.join('\n')] });
    const t0 = performance.now();
    const into = await subjectFor(i);
    const { start } = await uploadFile(host, token, into, `cours-${i + 1}.pdf`, bytes);
    if (start.status !== 201) throw new Error(`upload ${i + 1}: ${start.status} ${JSON.stringify(start.body)}`);
    const file = await waitForFinal(host, token, into, start.body.file.id as string, 120_000);
    if (file.status !== 'ready') throw new Error(`upload ${i + 1} ended ${file.status}`);
    if (into === subject) files.push(file.id as string);
    usage.apiRequests += 2;
    usage.lambdaInvocations += 3;
    usage.s3Writes += 1;
    usage.s3Reads += 1;
    usage.storedGb += bytes.byteLength / 2 ** 30;
    usage.gbSeconds += ((performance.now() - t0) / 1000) * memoryOf('Extract');
  }

  let conversation: string | undefined;
  for (let i = 0; i < profile.questions; i++) {
    const out = await call(`${base}/questions`, {
      question: `Que dit le cours sur la convergence des suites, point ${i + 1} ?`,
      mode: MODES[i % MODES.length],
      ...(conversation && i % 4 !== 0 ? { conversation_id: conversation } : {}),
    });
    conversation = (out.conversation as { id?: string } | undefined)?.id ?? (out.conversation_id as string | undefined) ?? conversation;
  }
  for (let i = 0; i < profile.sheets; i++) await call(`${base}/sheets`, { file_id: files[i % files.length] });
  for (let i = 0; i < profile.decks; i++) await call(`${base}/decks`, { file_id: files[i % files.length], count: 20 });
  const items = Math.round(profile.quizzes * (MCQ_PER_QUIZ + OPEN_PER_QUIZ));
  for (let q = 0; q * (MCQ_PER_QUIZ + OPEN_PER_QUIZ) < items; q++) {
    const session = (await call(`${base}/quiz-sessions`, { file_id: files[q % files.length], difficulty: q % 2 ? 'hard' : 'easy' })).id as string;
    for (let k = 0; k < Math.min(MCQ_PER_QUIZ + OPEN_PER_QUIZ, items - q * (MCQ_PER_QUIZ + OPEN_PER_QUIZ)); k++) {
      const type = k < MCQ_PER_QUIZ ? 'mcq' : 'open';
      const question = (await call(`${base}/quiz-sessions/${session}/questions`, { type })).question as { id: string };
      await call(`${base}/quiz-sessions/${session}/questions/${question.id}/answer`, type === 'mcq' ? { choice: k % 4 } : { answer: 'Une suite croissante et majorée converge vers sa borne supérieure.' });
    }
  }
  for (let i = 0; i < profile.coachMessages; i++) await call(`${base}/coach/messages`, { message: 'Comment réviser la convergence des suites et leurs limites cette semaine ?' });

  for (let i = 0; i < profile.podcasts; i++) {
    const podcast = (await call(`${base}/podcasts`, { file_id: files[i % files.length], duration: 'medium', style: 'host' })).podcast as { id: string } | undefined;
    const id = podcast?.id ?? ((await call(`${base}/podcasts`)).podcasts as { id: string }[])[0].id;
    const deadline = Date.now() + 180_000;
    const read = async () => {
      const body = (await api(host, `/api/podcasts/${id}`, { token })).body as Record<string, unknown>;
      return (body.podcast ?? body) as { status?: string; segments?: unknown[]; segments_total?: number };
    };
    let p = await read();
    while (p.status !== 'ready' && p.status !== 'failed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      p = await read();
    }
    if (p.status !== 'ready') throw new Error(`podcast ${i + 1} ended ${p.status}`);
    const segments = p.segments_total ?? p.segments?.length ?? 0;
    usage.episodes++;
    // WriteScript (a model call), a SynthesiseSegment per segment (a Polly call each), Finalise.
    const script = usage.model.get('record_podcast');
    usage.lambdaInvocations += 2 + segments;
    usage.gbSeconds += memoryOf('PodcastWriteScript') * modelSeconds(script ? script.output / script.calls : 3_000);
    usage.gbSeconds += memoryOf('PodcastSynthesiseSegment') * segments * pollySeconds(0) + memoryOf('PodcastFinalise') * 1;
    usage.transitions += 6 + 3 * segments;
    usage.s3Writes += segments + 1;
    usage.s3Reads += segments;
  }
}

function priced(u: Usage): Record<string, number> {
  const pollyKey: PriceKey = config().POLLY_ENGINE === 'standard' ? 'pollyStandard' : config().POLLY_ENGINE === 'generative' ? 'pollyGenerative' : 'pollyNeural';
  return {
    Bedrock: [...u.model.values()].reduce((sum, e) => sum + e.dollars, 0),
    Polly: cost(pollyKey, u.pollyCharacters),
    Textract: cost('textract', u.textractPages),
    // The segment tasks also wait for Polly: a second per 1,000 characters.
    Lambda: cost('lambdaCompute', u.gbSeconds + (u.pollyCharacters / 1_000) * memoryOf('PodcastSynthesiseSegment')) + cost('lambdaRequests', u.lambdaInvocations),
    'API Gateway': cost('httpApi', u.apiRequests),
    DynamoDB: cost('dynamoRead', u.readUnits) + cost('dynamoWrite', u.writeUnits),
    'Step Functions': cost('stepFunctions', u.transitions),
    S3: cost('s3Writes', u.s3Writes) + cost('s3Reads', u.s3Reads) + cost('s3Storage', u.storedGb),
  };
}

const usd = (n: number) => `$${n < 0.01 ? n.toFixed(4) : n.toFixed(3)}`;
const pad = (s: string | number, n: number) => String(s).padStart(n);

function print(results: { profile: Profile; usage: Usage; perService: Record<string, number> }[], net: { eur: number; usd: number }): void {
  console.log(`cost: a student-month on the cloud stack (prices of ${PRICES.bedrockInput.read}, ${PRICES.textract.region}; models ${MODEL} (Premium), ${FREE_MODEL} (free); Polly ${config().POLLY_ENGINE})`);
  console.log('  profiles: ' + results.map((r) => r.profile).map((p) => `${p.name} (${p.plan}): ${p.uploads} uploads × ${p.pages} p. (1 scanned), ${p.questions} questions, ${p.sheets} sheets, ${p.quizzes} quizzes of ${MCQ_PER_QUIZ}+${OPEN_PER_QUIZ}, ${p.decks} decks of 20, ${p.podcasts} podcasts (medium), ${p.coachMessages} coach messages`).join('; '));
  console.log('');
  console.log('  tokens per operation (input / output, mean per call)');
  const tools = [...new Set(results.flatMap((r) => [...r.usage.model.keys()]))].sort();
  console.log(`  ${'tool'.padEnd(22)}${results.map((r) => pad(r.profile.name, 24)).join('')}`);
  for (const tool of tools) {
    const cells = results.map((r) => {
      const e = r.usage.model.get(tool);
      return pad(e ? `${e.calls}× ${Math.round(e.input / e.calls)} / ${Math.round(e.output / e.calls)}` : '—', 24);
    });
    console.log(`  ${tool.padEnd(22)}${cells.join('')}`);
  }
  console.log('');
  console.log('  measured');
  const rows: [string, (u: Usage) => string][] = [
    ['model input tokens', (u) => String([...u.model.values()].reduce((n, e) => n + e.input, 0))],
    ['model output tokens', (u) => String([...u.model.values()].reduce((n, e) => n + e.output, 0))],
    ['Polly characters', (u) => `${u.pollyCharacters} (${u.episodes ? Math.round(u.pollyCharacters / u.episodes) : 0}/episode)`],
    ['Textract pages', (u) => String(u.textractPages)],
    ['API requests', (u) => String(u.apiRequests)],
    ['Lambda invocations', (u) => String(u.lambdaInvocations)],
    ['Lambda GB-s (est.)', (u) => u.gbSeconds.toFixed(0)],
    ['DynamoDB RRU / WRU', (u) => `${Math.round(u.readUnits)} / ${Math.round(u.writeUnits)}`],
  ];
  for (const [label, f] of rows) console.log(`  ${label.padEnd(22)}${results.map((r) => pad(f(r.usage), 24)).join('')}`);
  console.log('');
  console.log('  cost per student-month');
  const services = Object.keys(results[0].perService);
  for (const s of services) console.log(`  ${s.padEnd(22)}${results.map((r) => pad(usd(r.perService[s]), 24)).join('')}`);
  const totals = results.map((r) => Object.values(r.perService).reduce((a, b) => a + b, 0));
  console.log(`  ${'total'.padEnd(22)}${totals.map((t) => pad(usd(t), 24)).join('')}`);
  console.log(
    `  ${'share of Premium net'.padEnd(22)}${totals.map((t) => pad(`${((t / net.usd) * 100).toFixed(0)} %`, 24)).join('')}   (reference: Premium net ${net.eur.toFixed(2)} € = ${usd(net.usd)}: 6.99 € less VAT and Stripe's fee)`,
  );
}
