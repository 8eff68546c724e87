// A student's whole account as one zip ("Télécharger mes données"): what the archive holds and how
// it is named, its README in the student's language, the limits (one export at a time, a few a
// day, the download open for a day) and what the page is shown of an export. Pure rules: the job
// that writes the zip (platform/data-export.ts) and the routes (api/exports.ts) share them, so the
// README always describes the files the archive really holds.
import { PRODUCT_TIME_ZONE } from './limits.js';
import type { Lang } from './errors.js';

/** Exports a student may start in one day (Paris calendar): the zip reads every file again. */
export const EXPORT_DAILY_LIMIT = 3;
/** How long a finished export can be downloaded. */
export const EXPORT_DOWNLOAD_HOURS = 24;
/** The signed storage link one download request gets (the export's own day stays the limit). */
export const EXPORT_LINK_SECONDS = 15 * 60;
/** A run that has not finished by then (the job's time-out and a margin) is failed; the next export may start. */
export const EXPORT_RUN_LEASE_SECONDS = 16 * 60;
/** How long the record of an export (and a day's count) is kept. */
export const EXPORT_RECORD_DAYS = 3;

export type ExportStatus = 'queued' | 'running' | 'ready' | 'failed';

/** The JSON files of the archive, in the order they are written, each described in the README. */
export const EXPORT_JSON_FILES = [
  'profile.json',
  'payments.json',
  'usage.json',
  'referrals.json',
  'subjects.json',
  'files.json',
  'pages.json',
  'conversations.json',
  'sheets.json',
  'quizzes.json',
  'cards.json',
  'reviews.json',
  'podcasts.json',
  'plans.json',
  'tasks.json',
  'goals.json',
  'statistics.json',
  'exams.json',
  'cases.json',
] as const;
export type ExportJsonFile = (typeof EXPORT_JSON_FILES)[number];

const descriptions: Record<Lang, Record<ExportJsonFile | 'files/' | 'podcasts/', string>> = {
  fr: {
    'profile.json': 'ton profil : langue, niveau, spécialité, établissement, série de connexions, code de parrainage, rappels',
    'payments.json': "ton abonnement tel que Révise le connaît : statut, essai, codes promo utilisés, période en cours, marque et 4 derniers chiffres de la carte (Révise ne reçoit jamais le numéro d'une carte), récompenses de parrainage",
    'usage.json': 'tes compteurs mensuels (questions, fiches, quiz, cartes, podcasts)',
    'referrals.json': "les personnes que tu as parrainées et l'état de chaque parrainage",
    'subjects.json': 'tes matières',
    'files.json': 'tes fichiers de cours (nom, taille, statut, langue, nombre de pages, plan du cours) et leur chemin dans cette archive',
    'pages.json': 'le texte de chaque page de tes fichiers, tel que Révise l\'a lu (et si la page a été lue par OCR)',
    'conversations.json': 'tes conversations : questions, mode et réponses avec leurs citations',
    'sheets.json': 'tes fiches de révision',
    'quizzes.json': 'tes sessions de quiz : questions, tes réponses et leur évaluation',
    'cards.json': 'tes cartes mémoire et leur planification (FSRS)',
    'reviews.json': 'chaque révision de carte : date, carte, note donnée',
    'podcasts.json': 'tes podcasts : choix, script complet et chemin de leur audio dans cette archive',
    'plans.json': "tes réglages d'examen (date, jours d'étude) et le planning de chaque matière au jour de l'export",
    'tasks.json': 'tes tâches de révision',
    'goals.json': 'tes objectifs (heures par semaine, notes, score de quiz)',
    'statistics.json': "l'historique de tes statistiques : temps d'étude par jour, chaque réponse de quiz, bilans mensuels, pages étudiées",
    'exams.json': "tes examens blancs : questions, réponses et résultats",
    'cases.json': 'tes cas pratiques et tes réponses',
    'files/': 'tes fichiers PDF eux-mêmes, rangés par matière',
    'podcasts/': "l'audio (MP3) de tes podcasts",
  },
  en: {
    'profile.json': 'your profile: language, level, specialisation, school, login streak, referral code, reminders',
    'payments.json': 'your subscription as Révise knows it: status, trial, promo codes used, current period, card brand and last 4 digits (Révise never receives a card number), referral rewards',
    'usage.json': 'your monthly counters (questions, sheets, quizzes, cards, podcasts)',
    'referrals.json': 'the people you referred and the state of each referral',
    'subjects.json': 'your subjects',
    'files.json': 'your course files (name, size, status, language, page count, outline) and their path in this archive',
    'pages.json': 'the text of every page of your files, as Révise read it (and whether OCR read the page)',
    'conversations.json': 'your conversations: questions, mode and answers with their citations',
    'sheets.json': 'your revision sheets',
    'quizzes.json': 'your quiz sessions: questions, your answers and their evaluation',
    'cards.json': 'your flashcards and their schedule (FSRS)',
    'reviews.json': 'every card review: date, card, rating given',
    'podcasts.json': 'your podcasts: choices, whole script and the path of their audio in this archive',
    'plans.json': 'your exam settings (date, study days) and each subject\'s plan as of the export\'s day',
    'tasks.json': 'your revision tasks',
    'goals.json': 'your goals (hours a week, grades, quiz score)',
    'statistics.json': 'your statistics history: study time per day, every quiz answer, monthly summaries, pages studied',
    'exams.json': 'your mock exams: questions, answers and results',
    'cases.json': 'your practical cases and your answers',
    'files/': 'your PDF files themselves, one folder per subject',
    'podcasts/': "your podcasts' audio (MP3)",
  },
};

/** The archive's README: what each file holds, in the student's language. */
export function exportReadme(lang: Lang, at: Date): string {
  const d = descriptions[lang];
  const title =
    lang === 'fr'
      ? `Révise — tes données (export du ${at.toISOString().slice(0, 10)})\n\nChaque fichier .json est du JSON en UTF-8 ; une liste vide veut dire que tu n'as rien de ce type.\nLes dates sont en UTC (ISO 8601) ; les nombres « *_at » et « expires_at » sont des secondes depuis 1970.\n`
      : `Révise — your data (exported on ${at.toISOString().slice(0, 10)})\n\nEach .json file is UTF-8 JSON; an empty list means you have nothing of that kind.\nDates are UTC (ISO 8601); numbers named "*_at" and "expires_at" are seconds since 1970.\n`;
  const lines = [...EXPORT_JSON_FILES, 'files/', 'podcasts/'].map((name) => `- ${name}: ${d[name as keyof typeof d]}`);
  return `${title}\n${lines.join('\n')}\n`;
}

/** A name safe in a zip on every system: letters, digits, dot, hyphen, underscore and spaces kept. */
export function safeZipName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}. _-]+/gu, '_')
    .replace(/^[. ]+|[. ]+$/g, '')
    .slice(0, 100);
  return cleaned || fallback;
}

/** Gives each path once: a second `a.pdf` in a folder becomes `a (2).pdf`. */
export function uniquePaths(): (path: string) => string {
  const seen = new Set<string>();
  return (path) => {
    let candidate = path;
    const dot = path.lastIndexOf('.');
    const [stem, ext] = dot > path.lastIndexOf('/') ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  };
}

/**
 * A stored item as the student reads it: string attributes holding JSON (`turns_json`…) parsed
 * under their name without `_json`, sets as sorted lists, the storage keys of the tables left out.
 */
export function readableItem(item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (key === 'user_id' || key === 'owner') continue;
    if (key.endsWith('_json') && typeof value === 'string') {
      try {
        out[key.slice(0, -5)] = JSON.parse(value) as unknown;
        continue;
      } catch {
        // Kept as written.
      }
    }
    out[key] = value instanceof Set ? [...(value as Set<unknown>)].sort() : value;
  }
  return out;
}

/** The day an export counts against (the product's calendar). */
export function exportDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PRODUCT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** What the job records of its progress: work units done of the total (a JSON file is one, a stored file one per MiB). */
export interface ExportProgress {
  done: number;
  total: number;
}

export const unitsOfBytes = (bytes: number): number => Math.max(1, Math.ceil(bytes / (1024 * 1024)));

export interface ExportRecordView {
  id: string;
  status: ExportStatus;
  created_at: string;
  finished_at?: string | null;
  progress?: ExportProgress | null;
  size?: number | null;
  download_until?: number | null;
  run_until?: number | null;
  error?: string | null;
}

/** What the page shows of an export at `now`: a run past its lease is failed, a download past its day expired. */
export function exportView(record: ExportRecordView, now: Date) {
  const nowS = now.getTime() / 1000;
  const stale = (record.status === 'queued' || record.status === 'running') && typeof record.run_until === 'number' && record.run_until < nowS;
  const status: ExportStatus | 'expired' = stale ? 'failed' : record.status === 'ready' && (record.download_until ?? 0) <= nowS ? 'expired' : record.status;
  const p = record.progress;
  const percent = status === 'ready' ? 100 : p && p.total > 0 ? Math.min(99, Math.floor((p.done * 100) / p.total)) : 0;
  return {
    id: record.id,
    status,
    percent,
    created_at: record.created_at,
    finished_at: record.finished_at ?? null,
    size: status === 'ready' ? (record.size ?? null) : null,
    download_until: status === 'ready' && record.download_until ? new Date(record.download_until * 1000).toISOString() : null,
  };
}

export type ExportView = ReturnType<typeof exportView>;
