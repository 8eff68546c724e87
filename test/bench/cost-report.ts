// What `npm run bench cost` reports, as pure functions of the figures it measured: the student
// profiles it drives, the cost targets with a met/missed mark, the idle stack with and without
// each optional input (priced by test/bench/prices.ts), the three largest drivers, a Premium month
// at every fair-use ceiling (estimated from the heavy month's cost per use), and the
// operators' page docs/costs.md. That page is `formatCostDoc(figures)` with the figures recorded
// at its end, so test/unit/cost-report.test.ts can check that the page is exactly what this module
// writes from them, and that they still agree with today's prices and profiles.
import { OCR_PAGES_MONTHLY, PREMIUM_FAIR_USE_MONTHLY } from '../../functions/core/limits.js';
import { cost, idle, PRICES } from './prices.js';

/** A month of one student. Each upload is a course of `pages` pages, one of them a scanned handout. */
export interface Profile {
  name: string;
  /** Free accounts keep to their monthly limits and three files a subject (the uploads fill as many subjects as needed). */
  plan: 'premium' | 'free';
  uploads: number;
  pages: number;
  questions: number;
  sheets: number;
  /** Quizzes of ten items: seven multiple-choice questions, three open ones graded (1.5: fifteen items). */
  quizzes: number;
  /** Decks of twenty cards. */
  decks: number;
  /** Episodes of the medium length (7.5 minutes planned). */
  podcasts: number;
  coachMessages: number;
}

export const PROFILES: Profile[] = [
  { name: 'light', plan: 'premium', uploads: 1, pages: 20, questions: 10, sheets: 1, quizzes: 1, decks: 1, podcasts: 0, coachMessages: 2 },
  { name: 'typical', plan: 'premium', uploads: 3, pages: 30, questions: 40, sheets: 5, quizzes: 4, decks: 2, podcasts: 2, coachMessages: 4 },
  { name: 'heavy', plan: 'premium', uploads: 8, pages: 60, questions: 150, sheets: 15, quizzes: 12, decks: 6, podcasts: 6, coachMessages: 10 },
  // Every free limit reached: 10 questions (coach messages count as questions), 5 sheets, 15 quiz items, 5 decks, 3 podcasts, 5 subjects of 3 files.
  { name: 'free at limits', plan: 'free', uploads: 15, pages: 30, questions: 8, sheets: 5, quizzes: 1.5, decks: 5, podcasts: 3, coachMessages: 2 },
];

export const MCQ_PER_QUIZ = 7;
export const OPEN_PER_QUIZ = 3;

/** One profile's month as measured. */
export interface ProfileFigures {
  name: string;
  plan: 'premium' | 'free';
  /** Dollars per service. */
  perService: Record<string, number>;
  /** Dollars per cost item: each model operation apart (`Bedrock: record_answer`), the other services whole. */
  items: Record<string, number>;
}

export interface CostFigures {
  /** The day the prices were read (test/bench/prices.ts). */
  pricesRead: string;
  region: string;
  /** Premium's model. */
  model: string;
  /** The free plan's model. */
  freeModel: string;
  pollyEngine: string;
  /** Premium's net revenue a month, in dollars. */
  premiumNetUsd: number;
  /** The stack's alarms when `alarmEmail` is set. */
  alarms: number;
  profiles: ProfileFigures[];
}

/** The idle stack a month, bare, with each optional input alone, with its secrets, and with everything. */
export function idleRows(alarms: number): { label: string; cost: number }[] {
  const none = { stripe: false, promoCodes: false, google: false, alarms: 0, hostedZone: false };
  const secrets = { ...none, stripe: true, promoCodes: true, google: true };
  return [
    { label: "bare (the reminders' signing key the stack generates, storage)", cost: idle(none) },
    { label: 'with payments (`stripePriceId`, `stripeSecretParameter`, `stripeWebhookSecretParameter`: two SecureString parameters)', cost: idle({ ...none, stripe: true }) },
    { label: 'with promo codes (`promoCodesParameter`: one SecureString parameter)', cost: idle({ ...none, promoCodes: true }) },
    { label: 'with Google sign-in (`googleClientSecretName`: a Secrets Manager secret, read by Cognito)', cost: idle({ ...none, google: true }) },
    { label: `with \`alarmEmail\` (${alarms} alarms)`, cost: idle({ ...none, alarms }) },
    { label: 'with a hosted zone for `domain`', cost: idle({ ...none, hostedZone: true }) },
    { label: 'with its secrets (payments, promo codes, Google)', cost: idle(secrets) },
    { label: 'with everything above', cost: idle({ ...secrets, alarms, hostedZone: true }) },
  ];
}

/** The cost targets, each read from the figures. */
export const TARGETS: { label: string; max: number; of: (f: CostFigures) => number | undefined }[] = [
  { label: 'typical student', max: 1.0, of: (f) => totalOf(f, 'typical') },
  { label: 'heavy student', max: 4.0, of: (f) => totalOf(f, 'heavy') },
  { label: 'free student at every limit', max: 0.5, of: (f) => totalOf(f, 'free at limits') },
  { label: 'idle stack with its secrets', max: 1.0, of: (f) => idleRows(f.alarms).find((r) => r.label.startsWith('with its secrets'))!.cost },
];

export const totalOf = (f: CostFigures, profile: string): number | undefined => {
  const p = f.profiles.find((x) => x.name === profile);
  return p && Object.values(p.perService).reduce((a, b) => a + b, 0);
};

export const usd = (n: number): string => (n === 0 ? '$0' : `$${n < 0.01 ? n.toFixed(4) : n.toFixed(2)}`);

/** Each target beside its figure, met or missed ('—' when the run did not measure it). */
export function targetLines(f: CostFigures): string[] {
  return TARGETS.map((t) => {
    const v = t.of(f);
    const mark = v === undefined ? 'not measured' : v <= t.max ? 'met' : 'MISSED';
    return `${t.label} ≤ ${usd(t.max)}: ${v === undefined ? '—' : usd(v)} ${mark}`;
  });
}

const OPERATIONS: Record<string, string> = {
  record_answer: 'answers',
  record_sheet: 'revision sheets',
  record_mcq: 'quiz multiple-choice items',
  record_open_question: 'quiz open items',
  record_mcqs: 'quiz multiple-choice items (batches)',
  record_open_questions: 'quiz open items (batches)',
  record_evaluation: 'grading of open answers',
  record_flashcards: 'flashcard decks',
  record_podcast: 'podcast scripts',
  record_coach_reply: 'coach replies',
};

const itemName = (key: string) => (key.startsWith('Bedrock: ') ? `Bedrock, ${OPERATIONS[key.slice(9)] ?? key.slice(9)}` : key);

/** The three largest cost items of a profile, with their share of its total. */
export function drivers(p: ProfileFigures): { name: string; cost: number; share: number }[] {
  const total = Object.values(p.perService).reduce((a, b) => a + b, 0);
  return Object.entries(p.items)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([key, cost]) => ({ name: itemName(key), cost, share: total > 0 ? cost / total : 0 }));
}

/**
 * A Premium month at every fair-use ceiling, estimated from the heavy month: each feature's model
 * (and, for podcasts, speech and workflow) cost per use times its ceiling, the scanned pages at the
 * OCR ceiling, the heavy month's other costs as they are. Undefined without a heavy run.
 */
export function ceilingEstimate(f: CostFigures): { feature: string; uses: number; cost: number }[] | undefined {
  const heavy = f.profiles.find((p) => p.name === 'heavy');
  const profile = PROFILES.find((p) => p.name === 'heavy')!;
  if (!heavy) return undefined;
  const item = (...keys: string[]) => keys.reduce((sum, k) => sum + (heavy.items[k] ?? 0), 0);
  const perUse = (dollars: number, uses: number) => (uses > 0 ? dollars / uses : 0);
  const quizItems = Math.round(profile.quizzes * (MCQ_PER_QUIZ + OPEN_PER_QUIZ));
  const c = PREMIUM_FAIR_USE_MONTHLY;
  const rows = [
    { feature: 'questions and coach messages', uses: c.question_generation, cost: perUse(item('Bedrock: record_answer', 'Bedrock: record_coach_reply'), profile.questions + profile.coachMessages) * c.question_generation },
    { feature: 'revision sheets', uses: c.summary_generation, cost: perUse(item('Bedrock: record_sheet'), profile.sheets) * c.summary_generation },
    { feature: 'quiz items (graded when open)', uses: c.quiz_generation, cost: perUse(item('Bedrock: record_mcq', 'Bedrock: record_open_question', 'Bedrock: record_mcqs', 'Bedrock: record_open_questions', 'Bedrock: record_evaluation'), quizItems) * c.quiz_generation },
    { feature: 'flashcard decks', uses: c.flashcard_generation, cost: perUse(item('Bedrock: record_flashcards'), profile.decks) * c.flashcard_generation },
    { feature: 'podcasts', uses: c.podcast_generation, cost: perUse(item('Bedrock: record_podcast', 'Polly', 'Step Functions'), profile.podcasts) * c.podcast_generation },
    { feature: 'scanned pages read by OCR', uses: OCR_PAGES_MONTHLY.premium, cost: cost('textract', OCR_PAGES_MONTHLY.premium) },
  ];
  const counted = ['Polly', 'Step Functions', 'Textract'];
  const rest = Object.entries(heavy.items).filter(([k]) => !k.startsWith('Bedrock: ') && !counted.includes(k)).reduce((sum, [, v]) => sum + v, 0);
  return [...rows, { feature: 'the rest (Lambda, API, DynamoDB, S3), as in the heavy month', uses: 0, cost: rest }];
}

const FIGURES_START = '<!-- figures recorded by the bench:';

/** docs/costs.md, written from the figures alone. */
export function formatCostDoc(f: CostFigures): string {
  const names = f.profiles.map((p) => p.name);
  const services = Object.keys(f.profiles[0]?.perService ?? {});
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const lines: string[] = [
    '# What a student costs',
    '',
    '<!-- Written by `npm run bench cost -- --write-docs` (test/bench/cost-report.ts); test/unit/cost-report.test.ts checks it. Not edited by hand. -->',
    '',
    `List prices read on ${f.pricesRead} (${f.region} where AWS publishes one; Premium's model is ${f.model}, the free plan's ${f.freeModel}, each call priced by the model that served it; Polly's ${f.pollyEngine} voices).`,
    'The figures come from the real handlers on the laptop host, run against the wire fakes of Bedrock, Polly and Textract, through a month of each profile below.',
    '',
    '## Per student-month',
    '',
    row(['', ...names]),
    row(['---', ...names.map(() => '---:')]),
    ...services.map((s) => row([s, ...f.profiles.map((p) => usd(p.perService[s]))])),
    row(['**total**', ...f.profiles.map((p) => `**${usd(totalOf(f, p.name)!)}**`)]),
    row([`share of Premium's net (${usd(f.premiumNetUsd)})`, ...f.profiles.map((p) => `${Math.round((totalOf(f, p.name)! / f.premiumNetUsd) * 100)} %`)]),
    '',
    'Profiles (a month each; every upload is a course with one scanned page):',
    '',
    ...PROFILES.filter((p) => names.includes(p.name)).map(
      (p) =>
        `- **${p.name}** (${p.plan}): ${p.uploads} uploads of ${p.pages} pages, ${p.questions} questions and ${p.coachMessages} coach messages, ${p.sheets} sheets, ${p.quizzes} quizzes of ${MCQ_PER_QUIZ + OPEN_PER_QUIZ} items, ${p.decks} decks of 20 cards, ${p.podcasts} podcasts of about 7 minutes.`,
    ),
    '',
    '## The three largest drivers (typical student)',
    '',
    ...(() => {
      const typical = f.profiles.find((p) => p.name === 'typical');
      return typical ? drivers(typical).map((d, i) => `${i + 1}. ${d.name}: ${usd(d.cost)} a month (${Math.round(d.share * 100)} %).`) : ['Not measured in this run.'];
    })(),
    '',
    '## The limits that keep the product solvent',
    '',
    `The free plan reads at most ${OCR_PAGES_MONTHLY.free} scanned pages a month by OCR (pages that hold text do not count; a scanned file past the bound is refused with its message and takes nothing). Premium has a fair-use ceiling a month, at least twice the heavy student's use, enforced like the free limits (functions/core/limits.ts):`,
    '',
    ...(() => {
      const rows = ceilingEstimate(f);
      if (!rows) return ['Not estimated in this run (no heavy profile).'];
      const total = rows.reduce((sum, r) => sum + r.cost, 0);
      return [
        row(['at the ceiling', 'a month', 'estimated cost']),
        row(['---', '---:', '---:']),
        ...rows.map((r) => row([r.feature, r.uses ? String(r.uses) : '', usd(r.cost)])),
        row(['**a Premium month at every ceiling**', '', `**${usd(total)}** (${Math.round((total / f.premiumNetUsd) * 100)} % of Premium's net)`]),
      ];
    })(),
    '',
    '## The idle stack a month',
    '',
    'What the stack costs with no student, by deployment input (the others left unset):',
    '',
    row(['configuration', 'a month']),
    row(['---', '---:']),
    ...idleRows(f.alarms).map((r) => row([r.label, usd(r.cost)])),
    '',
    'Stripe\'s keys and the promo codes are SSM Parameter Store SecureString parameters the operator creates (standard tier: no monthly charge); only the key the stack generates and Google\'s client secret (which Cognito reads at deployment) are Secrets Manager secrets, at $0.40 a month each.',
    '',
    '## Targets',
    '',
    ...targetLines(f).map((l) => `- ${l}`),
    '',
    FIGURES_START,
    JSON.stringify(f, null, 1),
    '-->',
    '',
  ];
  return lines.join('\n');
}

/** The figures recorded at the end of a page formatCostDoc wrote. */
export function recordedFigures(doc: string): CostFigures {
  const start = doc.lastIndexOf(FIGURES_START);
  if (start < 0) throw new Error('no recorded figures');
  const end = doc.indexOf('\n-->', start);
  return JSON.parse(doc.slice(start + FIGURES_START.length, end)) as CostFigures;
}

/** The price date the figures must carry to be today's. */
export const PRICES_READ = PRICES.bedrockInput.read;
