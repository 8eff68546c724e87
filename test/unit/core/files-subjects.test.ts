import { describe, expect, it } from 'vitest';
import {
  countWords,
  defaultDisplayName,
  effectiveStatus,
  isPdfName,
  looksLikePdf,
  newFileId,
  parseStoragePath,
  PROCESSING_TIMEOUT_MS,
  sanitizeFileName,
  storagePath,
  SUPPLIED_TEXT_LIMITS,
  suppliedTextFits,
  UPLOAD_ABANDONED_AFTER_MS,
} from '../../../functions/core/files.js';
import { colorTheme, normalizeSubjectName, subjectNameError } from '../../../functions/core/subjects.js';

describe('file names and paths', () => {
  it('replaces everything but letters, digits, dot and hyphen with underscores', () => {
    expect(sanitizeFileName('Cours n°1 (été).pdf')).toBe('Cours_n_1__ete_.pdf');
    expect(sanitizeFileName('../../etc/passwd.pdf')).toBe('.._.._etc_passwd.pdf');
    expect(sanitizeFileName('TD-2_maths.PDF')).toBe('TD-2_maths.PDF');
  });

  it('shows the file name without its extension by default', () => {
    expect(defaultDisplayName('Chapitre 3 - Thermodynamique.pdf')).toBe('Chapitre 3 - Thermodynamique');
    expect(defaultDisplayName('archive.tar.pdf')).toBe('archive.tar');
    expect(defaultDisplayName('C:\\cours\\notes.pdf')).toBe('notes');
  });

  it('builds the spec path and reads it back', () => {
    const id = newFileId(new Date('2026-11-21T10:00:00Z'), 'a1b2c3d4');
    const key = storagePath('user-1', 'subj-9', id, 'Mon cours.pdf');
    expect(key).toBe(`user-1/subj-9/${Date.parse('2026-11-21T10:00:00Z')}-a1b2c3d4-Mon_cours.pdf`);
    expect(parseStoragePath(key)).toEqual({ userId: 'user-1', subjectId: 'subj-9', fileId: id });
    expect(parseStoragePath('user-1/notes.pdf')).toBeNull();
  });

  it('recognises a PDF by its bytes, not its name', () => {
    expect(looksLikePdf(new TextEncoder().encode('%PDF-1.7\n...'))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('\uFEFF  %PDF-1.4'))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('PK\u0003\u0004'))).toBe(false);
    expect(looksLikePdf(new Uint8Array())).toBe(false);
    expect(isPdfName('cours.PDF')).toBe(true);
    expect(isPdfName('cours.pdf.exe')).toBe(false);
  });

  it('counts words in French and English', () => {
    expect(countWords("L'énergie cinétique — Ec = ½ m v²")).toBe(7);
    expect(countWords('  12 ')).toBe(1);
    expect(countWords('')).toBe(0);
  });
});

describe('text supplied with an upload', () => {
  it('fits within 500 pages of 20,000 characters and 200,000 bytes of UTF-8 in all', () => {
    expect(suppliedTextFits([])).toBe(true);
    expect(suppliedTextFits(['La cellule', ''])).toBe(true);
    expect(suppliedTextFits(Array.from({ length: SUPPLIED_TEXT_LIMITS.pages }, () => 'mot'))).toBe(true);
    expect(suppliedTextFits(Array.from({ length: SUPPLIED_TEXT_LIMITS.pages + 1 }, () => 'mot'))).toBe(false);
    expect(suppliedTextFits(['a'.repeat(SUPPLIED_TEXT_LIMITS.charsPerPage)])).toBe(true);
    expect(suppliedTextFits(['a'.repeat(SUPPLIED_TEXT_LIMITS.charsPerPage + 1)])).toBe(false);
    // Bytes, not characters: 'é' is two bytes in UTF-8.
    expect(suppliedTextFits(Array.from({ length: 10 }, () => 'a'.repeat(20_000)))).toBe(true);
    expect(suppliedTextFits(Array.from({ length: 10 }, () => 'é'.repeat(10_001)))).toBe(false);
  });
});

describe('file status over time', () => {
  const created = '2026-11-21T10:00:00.000Z';
  const at = (ms: number) => new Date(Date.parse(created) + ms);

  it('abandons an upload never completed past its window', () => {
    expect(effectiveStatus({ status: 'uploading', created_at: created }, at(60_000))).toBe('uploading');
    expect(effectiveStatus({ status: 'uploading', created_at: created }, at(UPLOAD_ABANDONED_AFTER_MS + 1))).toBeNull();
  });

  it('fails a file stuck in processing past the time-out', () => {
    const f = { status: 'processing' as const, created_at: created, processing_started_at: created };
    expect(effectiveStatus(f, at(PROCESSING_TIMEOUT_MS - 1))).toBe('processing');
    expect(effectiveStatus(f, at(PROCESSING_TIMEOUT_MS + 1))).toBe('failed');
    expect(effectiveStatus({ status: 'ready', created_at: created }, at(10 * PROCESSING_TIMEOUT_MS))).toBe('ready');
  });
});

/** The stored form of a name the rule accepts (and a failure when it refuses it). */
const acceptedName = (raw: string): string => {
  expect(subjectNameError(raw), JSON.stringify(raw)).toBeNull();
  return normalizeSubjectName(raw);
};

describe('subjects', () => {
  it('are trimmed, spaces folded and upper-cased', () => {
    expect(normalizeSubjectName('  histoire   géographie ')).toBe('HISTOIRE GÉOGRAPHIE');
    expect(subjectNameError('   ')).toBe('subject_name_invalid');
    expect(subjectNameError('x'.repeat(81))).toBe('subject_name_too_long');
    expect(subjectNameError('x'.repeat(80))).toBeNull();
  });

  it('must show a letter or a digit, without invisible, control or bidirectional characters', () => {
    for (const name of ['\u200b', '\u0000', '\u202e', '\u200b\u200b', ' \u2800 ', '\u3164', '\ufeff', '...', '\u0301']) {
      expect(subjectNameError(name), JSON.stringify(name)).toBe('subject_name_invalid');
    }
    // A visible name carrying a hidden character is refused as well (a reversed or padded lookalike).
    for (const name of ['Maths\u202egnp.exe', 'Bio\u200blogie', 'Chimie\u0007', 'Histoire\u2066']) {
      expect(subjectNameError(name), JSON.stringify(name)).toBe('subject_name_invalid');
    }
    expect(acceptedName('  Économie 2 ')).toBe('ÉCONOMIE 2');
    expect(acceptedName('日本語')).toBe('日本語');
    expect(acceptedName('Emoji 👩\u200d🔬')).toBe('EMOJI 👩\u200d🔬');
  });

  it('are NFC-normalised, so that a decomposed accent names the same subject', () => {
    const decomposed = 'Ge\u0301ographie';
    expect(acceptedName(decomposed)).toBe('GÉOGRAPHIE');
    expect(acceptedName(decomposed)).toBe(acceptedName('Géographie'));
  });

  it('cycle through ten colour themes', () => {
    expect([0, 9, 10, 23, -1].map(colorTheme)).toEqual([0, 9, 0, 3, 9]);
    expect(colorTheme(undefined)).toBe(0);
  });
});
