// An accessible modal dialog: focus moves inside on open (first field, else the first focusable
// element), Tab cycles inside, Escape closes, focus returns where it was on close. The listeners
// are set while the dialog is committed (layout effects), so a key pressed as soon as it shows works.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  labelledBy: string;
  describedBy?: string;
  onClose(): void;
  closeLabel: string;
  children: ReactNode;
  /** Changing this moves focus to the first field again (a new step of the same dialog). */
  focusKey?: string;
  className?: string;
}

export function focusFirstField(root: HTMLElement | null): void {
  if (!root) return;
  const fields = Array.from(
    root.querySelectorAll<HTMLInputElement>('input:not([disabled]):not([type="hidden"]):not([readonly]), select:not([disabled]), textarea:not([disabled])'),
  );
  // The first field still to fill (an e-mail already known leaves the focus on the password).
  const target = fields.find((f) => !f.value) ?? fields[0] ?? root.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
}

export default function Dialog({ labelledBy, describedBy, onClose, closeLabel, children, focusKey, className }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Remember and restore the focus, and keep the page behind from scrolling.
  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  useLayoutEffect(() => {
    focusFirstField(ref.current);
  }, [focusKey]);

  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab' || !ref.current) return;
      const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !ref.current.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !ref.current.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <div ref={ref} className={`modal ${className ?? ''}`} role="dialog" aria-modal="true" aria-labelledby={labelledBy} aria-describedby={describedBy}>
        <button type="button" className="modal-close" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
          ×
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
