// The operators' cost page stays true: docs/costs.md is exactly what the bench's formatting writes
// from the figures recorded at its end, those figures are of today's prices, profiles and alarms
// (a change of price or profile without running `npm run bench cost -- --write-docs` fails here),
// the targets are marked met or missed by their figure, and the profiles keep to the limits they
// claim: the heavy student under every Premium fair-use ceiling, the free one within the free plan.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OCR_PAGES_MONTHLY, PREMIUM_FAIR_USE_MONTHLY } from '../../functions/core/limits.js';
import { FREE_CAPS, FREE_MONTHLY_LIMITS } from '../../functions/core/plans.js';
import { registry } from '../../functions/registry.js';
import { ceilingEstimate, formatCostDoc, MCQ_PER_QUIZ, OPEN_PER_QUIZ, PRICES_READ, PROFILES, recordedFigures, targetLines, TARGETS, totalOf, type CostFigures, type Profile } from '../bench/cost-report.js';
import { premiumNet } from '../bench/prices.js';

const doc = readFileSync(new URL('../../docs/costs.md', import.meta.url), 'utf8');
const figures = recordedFigures(doc);

describe('docs/costs.md', () => {
  it('is what the bench writes from the figures it records', () => {
    expect(doc).toBe(formatCostDoc(figures));
  });

  it("records a run of every profile at today's prices and alarms", () => {
    expect(figures.pricesRead).toBe(PRICES_READ);
    expect(figures.premiumNetUsd).toBeCloseTo(premiumNet().usd, 3);
    expect(figures.alarms).toBe(1 + registry.length);
    expect(figures.profiles.map((p) => [p.name, p.plan])).toEqual(PROFILES.map((p) => [p.name, p.plan]));
    for (const p of figures.profiles) {
      const services = Object.values(p.perService).reduce((a, b) => a + b, 0);
      const items = Object.values(p.items).reduce((a, b) => a + b, 0);
      expect(items, p.name).toBeCloseTo(services, 3);
    }
  });

  it('gives every target its figure and mark', () => {
    const lines = targetLines(figures);
    expect(lines).toHaveLength(TARGETS.length);
    for (const line of lines) expect(doc).toContain(`- ${line}`);
  });
});

describe('the targets', () => {
  const withTypical = (total: number): CostFigures => ({
    ...figures,
    profiles: [{ name: 'typical', plan: 'premium', perService: { Bedrock: total * 0.75, Polly: total * 0.25 }, items: { 'Bedrock: record_answer': total * 0.75, Polly: total * 0.25 } }],
  });

  it('are met at or under their figure, missed over it, and not measured when the run left the profile out', () => {
    const typical = TARGETS.find((t) => t.label === 'typical student')!;
    expect(targetLines(withTypical(typical.max))[0]).toMatch(/ met$/);
    expect(targetLines(withTypical(typical.max + 0.02))[0]).toMatch(/ MISSED$/);
    expect(targetLines(withTypical(typical.max))[1]).toMatch(/not measured$/);
    expect(totalOf(withTypical(0.8), 'typical')).toBeCloseTo(0.8, 10);
  });
});

describe('the profiles', () => {
  const byName = (name: string): Profile => PROFILES.find((p) => p.name === name)!;
  const quizItems = (p: Profile) => Math.round(p.quizzes * (MCQ_PER_QUIZ + OPEN_PER_QUIZ));

  it('keep the heavy student well under every Premium fair-use ceiling', () => {
    const heavy = byName('heavy');
    const month = {
      question_generation: heavy.questions + heavy.coachMessages,
      summary_generation: heavy.sheets,
      quiz_generation: quizItems(heavy),
      flashcard_generation: heavy.decks,
      podcast_generation: heavy.podcasts,
    };
    for (const [feature, used] of Object.entries(month)) expect(used * 2, feature).toBeLessThanOrEqual(PREMIUM_FAIR_USE_MONTHLY[feature as keyof typeof month]);
    // One scanned page an upload.
    expect(heavy.uploads * 2).toBeLessThanOrEqual(OCR_PAGES_MONTHLY.premium);
  });

  it('keep a Premium month at every fair-use ceiling near what Premium brings in (at most a quarter over)', () => {
    const rows = ceilingEstimate(figures)!;
    const c = PREMIUM_FAIR_USE_MONTHLY;
    expect(rows.map((r) => r.uses).filter(Boolean)).toEqual([c.question_generation, c.summary_generation, c.quiz_generation, c.flashcard_generation, c.podcast_generation, OCR_PAGES_MONTHLY.premium]);
    const total = rows.reduce((sum, r) => sum + r.cost, 0);
    expect(total).toBeGreaterThan(totalOf(figures, 'heavy')!);
    expect(total).toBeLessThanOrEqual(figures.premiumNetUsd * 1.25);
  });

  it('keep the free student at, never past, the free limits', () => {
    const free = byName('free at limits');
    expect(free.questions + free.coachMessages).toBe(FREE_MONTHLY_LIMITS.question_generation);
    expect(free.sheets).toBe(FREE_MONTHLY_LIMITS.summary_generation);
    expect(quizItems(free)).toBe(FREE_MONTHLY_LIMITS.quiz_generation);
    expect(free.decks).toBe(FREE_MONTHLY_LIMITS.flashcard_generation);
    expect(free.podcasts).toBe(FREE_MONTHLY_LIMITS.podcast_generation);
    expect(free.uploads).toBe(FREE_CAPS.max_subjects * FREE_CAPS.max_files_per_subject);
    expect(free.uploads).toBeLessThanOrEqual(OCR_PAGES_MONTHLY.free);
  });
});
