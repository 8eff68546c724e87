// The podcast Map's items: each segment's own line goes through the state machine (so a segment's
// task never reads the script), well under Step Functions' 256 KB state payload for the longest
// episode, and a script near the schema's bounds falls back to indexes only.
import { describe, expect, it } from 'vitest';
import { PODCAST_RANGES } from '../../../functions/core/podcasts.js';
import { buildPodcastScript } from '../../../functions/engine/local/podcast.js';
import { PODCAST_ITEMS_MAX_BYTES, segmentItems } from '../../../functions/pipelines/podcast-machine.js';
import { largeCourse } from '../../support/courses.js';

const STATE_PAYLOAD_LIMIT = 256 * 1024;
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('the podcast Map’s items', () => {
  it('carry each line of a 15-minute episode, far below the state payload limit', () => {
    // 15 minutes at 200 words a minute: more than any voice here speaks in the longest choice.
    const script = buildPodcastScript({
      course: largeCourse(30, 'fr'),
      style: 'host',
      targetWords: (PODCAST_RANGES.long.max / 60) * 200,
      speakers: ['Léa', 'Rémi'],
      level: null,
    });
    const items = segmentItems(script.segments);
    expect(items).toEqual(script.segments.map((line, index) => ({ index, speaker: line.speaker, text: line.text })));
    const state = { user_id: 'u'.repeat(36), podcast_id: 'p'.repeat(26), language: 'fr', segments: items };
    expect(bytes(state)).toBeLessThan(STATE_PAYLOAD_LIMIT / 4);
  });

  it('fall back to indexes only when the lines would weigh more than the bound', () => {
    const longest = Array.from({ length: 400 }, (_, i) => ({ speaker: (i % 2) as 0 | 1, text: 'é'.repeat(1_500) }));
    const items = segmentItems(longest);
    expect(items).toEqual(longest.map((_, index) => ({ index })));
    expect(bytes(items)).toBeLessThan(PODCAST_ITEMS_MAX_BYTES);
    const justUnder = longest.slice(0, 40);
    expect(segmentItems(justUnder)[39]).toEqual({ index: 39, speaker: 1, text: 'é'.repeat(1_500) });
  });
});
