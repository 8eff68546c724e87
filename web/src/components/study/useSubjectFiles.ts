// The subject's files as the study pages read them: the list (null until it is known), the files
// ready to be studied, whether one is still on its way, and whether the list could not be read.
import { subjectsApi, type FileView } from '../../api/subjects';
import { useLoaded } from '../useLoaded';

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
