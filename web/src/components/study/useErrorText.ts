// The words a study page shows for a failed call: the server's own message when it sent one,
// else the page's (by default, the network error).
import { useCallback } from 'react';
import { ApiError } from '../../api/client';
import { useI18n, type MessageKey } from '../../i18n';

/** `hideInternalErrors`: a 500's message is not shown, the page's words are. */
export function useErrorText(hideInternalErrors = false): (err: unknown, fallback?: MessageKey) => string {
  const { t } = useI18n();
  return useCallback(
    (err: unknown, fallback: MessageKey = 'study.networkError') =>
      err instanceof ApiError && err.message && !(hideInternalErrors && err.status === 500) ? err.message : t(fallback),
    [t, hideInternalErrors],
  );
}
