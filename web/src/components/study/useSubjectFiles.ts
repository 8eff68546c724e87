// The subject's files as the study pages read them: the list (null until it is known), the files
// ready to be studied, whether one is still on its way, and whether the list could not be read.
import { subjectsApi, type FileView } from '../../api/subjects';
import { useEffect, useRef } from 'react';
import { useLoaded } from '../useLoaded';
import { soleFileChoice } from './sole-file';

export interface SubjectFiles {
  /** null until the list is known, and while it cannot be read. */
  files: FileView[] | null;
  /** The files a question, a sheet, a quiz or a deck can draw from ([] until known). */
  ready: FileView[];
  /** A file is uploading or processing. */
  processing: boolean;
  /** The last reading of the list failed. */
  error: boolean;
  /** The list is known, or could not be read: either way, nothing more is coming. */
  settled: boolean;
  reload(): Promise<void>;
}

const readFiles = (subjectId: string) => subjectsApi.files(subjectId).then(({ files }) => files);

export function useSubjectFiles(subjectId: string): SubjectFiles {
  const { value: files, error, reload } = useLoaded(subjectId, readFiles);
  return {
    files,
    ready: files?.filter((f) => f.status === 'ready') ?? [],
    processing: files?.some((f) => f.status === 'processing' || f.status === 'uploading') ?? false,
    error,
    settled: files !== null || error,
    reload,
  };
}

/**
 * Chooses the subject's only ready file once, as soon as the list is known; the student may
 * still change it (or go back to the placeholder) afterwards.
 */
export function usePreselectSoleFile(ready: readonly FileView[], chosen: string, choose: (id: string) => void): void {
  const done = useRef(false);
  const sole = soleFileChoice(ready, chosen);
  useEffect(() => {
    if (done.current || ready.length === 0) return;
    done.current = true;
    if (sole) choose(sole);
  }, [sole, ready.length, choose]);
}
