// Something a page reads from the server when it opens (a subject's files, its saved sheets…):
// null until known, whether the last reading failed, and a way to read it again.
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';

export interface Loaded<T> {
  /** null until known; what was read last stays while a new reading fails. */
  value: T | null;
  /** The last reading failed. */
  error: boolean;
  reload(): Promise<void>;
  /** The page's own changes (an item saved or deleted). */
  update: Dispatch<SetStateAction<T | null>>;
}

/** `read` is a stable function (defined once, outside the page); `key` says what to read. */
export function useLoaded<K, T>(key: K, read: (key: K) => Promise<T>): Loaded<T> {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState(false);

  const reload = useCallback(async () => {
    setError(false);
    try {
      setValue(await read(key));
    } catch {
      setError(true);
    }
  }, [key, read]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { value, error, reload, update: setValue };
}
