// The record a study page shows (a conversation, a sheet, a quiz session) is named in the URL
// (`?conversation=`, `?sheet=`, `?session=`), so a citation's page and Back lead to the same one.
// A record named there is fetched unless it is the one already on screen; when it cannot be
// read, the URL forgets it.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface UrlRecordEvents<T> {
  /** A record named in the URL is being fetched: the page clears what it showed. */
  start(): void;
  loaded(record: T): void;
  failed(err: unknown): void;
}

export interface UrlRecord {
  /** The id in the URL. */
  urlId: string | null;
  /** The record named in the URL is being fetched. */
  opening: boolean;
  /** Names in the URL a record the page already shows (it is not fetched again). */
  show(id: string, extra?: Record<string, string>): void;
  /** Names in the URL a record to fetch and show. */
  open(id: string): void;
  /** The page shows no record any more: the URL names none. */
  clear(): void;
}

export function useUrlRecord<T>(param: string, fetch: (id: string) => Promise<T>, events: UrlRecordEvents<T>): UrlRecord {
  const [params, setParams] = useSearchParams();
  const urlId = params.get(param);
  const [opening, setOpening] = useState(false);
  /** The record on screen (or being fetched), to tell a URL change from the page's own. */
  const shownId = useRef<string | null>(null);

  const load = useEffectEvent((id: string) => fetch(id));
  const start = useEffectEvent(() => events.start());
  const loaded = useEffectEvent((record: T) => events.loaded(record));
  const failed = useEffectEvent((err: unknown) => {
    events.failed(err);
    setParams({}, { replace: true });
  });

  useEffect(() => {
    if (!urlId || urlId === shownId.current) return;
    let cancelled = false;
    let done = false;
    shownId.current = urlId;
    setOpening(true);
    start();
    load(urlId)
      .then(
        (record) => {
          if (!cancelled) loaded(record);
        },
        (err: unknown) => {
          if (cancelled) return;
          shownId.current = null;
          failed(err);
        },
      )
      .finally(() => {
        done = true;
        if (!cancelled) setOpening(false);
      });
    return () => {
      cancelled = true;
      if (!done && shownId.current === urlId) shownId.current = null;
    };
  }, [urlId]);

  return {
    urlId,
    opening,
    show: (id, extra) => {
      shownId.current = id;
      setParams({ [param]: id, ...extra }, { replace: true });
    },
    open: (id) => setParams({ [param]: id }, { replace: true }),
    clear: () => {
      shownId.current = null;
      setParams({}, { replace: true });
    },
  };
}
