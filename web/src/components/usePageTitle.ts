// Document title of the app's own (non-indexed) pages: "Page — Révise".
import { useEffect } from 'react';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} — Révise` : 'Révise';
  }, [title]);
}
