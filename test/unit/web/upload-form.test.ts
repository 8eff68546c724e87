// The upload form's decisions (web/src/components/upload/upload-form-state.ts), without a browser:
// only PDFs under the size limit join the list, a file picked twice is listed once, two files never
// share a display name, what stops a submit before anything is sent, what each file's line shows
// while it is sent, and what the API is told of a file (photo mode's page texts included).
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../functions/core/files.js';
import {
  isEditable,
  labelOf,
  newEntry,
  pendingEntries,
  percentOf,
  progressWords,
  removeEntry,
  showsProgress,
  sortPicked,
  submitProblem,
  updateEntry,
  uploadAnnouncement,
  withFiles,
  type Entry,
  type PickedFile,
} from '../../../web/src/components/upload/upload-form-state.js';

const file = (name: string, size = 1000, type = name.endsWith('.pdf') ? 'application/pdf' : 'text/plain', lastModified = 1): PickedFile => ({ name, size, type, lastModified });
let n = 0;
const key = () => `k${(n += 1)}`;
const listOf = (...files: PickedFile[]) => withFiles<PickedFile>([], files, key);

describe('the upload form', () => {
  it('keeps only the PDFs and says what it left out', () => {
    expect(sortPicked([file('notes.txt'), file('photo.png', 10, 'image/png')])).toEqual({ kind: 'noPdf' });
    const big = file('gros.pdf', MAX_FILE_BYTES + 1);
    const sorted = sortPicked([file('cours.pdf'), file('notes.txt'), big, file('TD.PDF', 10, '')]);
    expect(sorted).toEqual({ kind: 'files', accepted: [file('cours.pdf'), file('TD.PDF', 10, '')], ignored: 1, tooLarge: ['gros.pdf'] });
    // Exactly at the limit is still accepted.
    expect(sortPicked([file('juste.pdf', MAX_FILE_BYTES)])).toMatchObject({ accepted: [{ name: 'juste.pdf' }], tooLarge: [] });
  });

  it('lists a file picked twice once, and never gives two files the same name', () => {
    const first = listOf(file('cours.pdf'));
    expect(first.map((e) => e.displayName)).toEqual(['cours']);
    const again = withFiles(first, [file('cours.pdf')], key);
    expect(again).toHaveLength(1);
    // Same name, another file (another size): listed, with its own display name.
    const twins = withFiles(again, [file('cours.pdf', 2000), file('cours.pdf', 3000)], key);
    expect(twins.map((e) => e.displayName)).toEqual(['cours', 'cours (2)', 'cours (3)']);
    expect(new Set(twins.map((e) => e.key)).size).toBe(3);
    expect(twins.every((e) => e.state === 'ready' && e.loaded === 0 && e.error === null)).toBe(true);
  });

  it('adds a photo-mode PDF with its pages and the text read on them', () => {
    const list = listOf(file('scan.pdf'));
    const photo = newEntry(file('scan.pdf', 5000), list, 'p1', { pages: 2, textContent: ['page un', 'page deux'] });
    expect(photo).toMatchObject({ displayName: 'scan (2)', photoPages: 2, textContent: ['page un', 'page deux'], state: 'ready' });
    expect(uploadAnnouncement(photo)).toEqual({
      file_name: 'scan.pdf',
      size: 5000,
      content_type: 'application/pdf',
      display_name: 'scan (2)',
      text_pages: ['page un', 'page deux'],
    });
    // Nothing read, or a count that does not match the pages: the server reads the PDF itself.
    expect(uploadAnnouncement({ ...photo, textContent: [' ', ''] })).not.toHaveProperty('text_pages');
    expect(uploadAnnouncement({ ...photo, textContent: ['une seule'] })).not.toHaveProperty('text_pages');
  });

  it('sends the file name as display name when the student emptied it', () => {
    const [entry] = listOf(file('Chapitre 3.pdf'));
    expect(uploadAnnouncement({ ...entry, displayName: '  Révisions  ' }).display_name).toBe('Révisions');
    expect(uploadAnnouncement({ ...entry, displayName: '   ' }).display_name).toBe('Chapitre 3');
    expect(labelOf({ ...entry, displayName: '' })).toBe('Chapitre 3.pdf');
  });

  it('asks for what is missing before sending anything', () => {
    expect(submitProblem(0, true, '')).toBe('upload.missing');
    expect(submitProblem(0, true, 'Histoire')).toBe('upload.missingFiles');
    expect(submitProblem(0, false, '')).toBe('upload.missingFiles');
    expect(submitProblem(2, true, '')).toBe('upload.missingName');
    // On a subject's own page (or once the subject exists) no name is asked for.
    expect(submitProblem(2, false, '')).toBeNull();
    expect(submitProblem(1, true, 'Histoire')).toBeNull();
  });

  it('sends again only the files not uploaded yet, and lets those be renamed or removed', () => {
    let list = listOf(file('a.pdf'), file('b.pdf'), file('c.pdf'));
    const [a, b, c] = list;
    list = updateEntry(list, a.key, { state: 'done', loaded: 1000 });
    list = updateEntry(list, b.key, { state: 'error', error: 'Échec' });
    expect(pendingEntries(list).map((e) => e.file.name)).toEqual(['b.pdf', 'c.pdf']);
    expect(list.map((e) => isEditable(e, false))).toEqual([false, true, true]);
    expect(list.map((e) => isEditable(e, true))).toEqual([false, false, false]);
    expect(removeEntry(list, c.key).map((e) => e.file.name)).toEqual(['a.pdf', 'b.pdf']);
  });

  it('shows each file\'s progress while the form sends', () => {
    const [entry] = listOf(file('cours.pdf', 2000));
    expect(showsProgress(entry, false)).toBe(false);
    // Waiting its turn while another file is sent.
    expect(showsProgress(entry, true)).toBe(true);
    expect(progressWords(entry.state)).toBe('upload.stateWaiting');
    const sending: Entry<PickedFile> = { ...entry, state: 'uploading', loaded: 500 };
    expect(percentOf(sending)).toBe(25);
    expect(progressWords(sending.state)).toBe('upload.stateUploading');
    expect(progressWords('finishing')).toBe('upload.stateFinishing');
    expect(percentOf({ ...entry, state: 'done', loaded: 2000 })).toBe(100);
    expect(progressWords('done')).toBe('upload.stateDone');
    // A failure before any byte went shows its error alone; after some, the bar stays.
    expect(showsProgress({ ...entry, state: 'error', loaded: 0 }, true)).toBe(false);
    expect(showsProgress({ ...entry, state: 'error', loaded: 300 }, false)).toBe(true);
    expect(progressWords('error')).toBeNull();
    // An empty file is complete once done.
    const empty = { ...entry, file: file('vide.pdf', 0) };
    expect(percentOf(empty)).toBe(0);
    expect(percentOf({ ...empty, state: 'done' })).toBe(100);
  });
});
