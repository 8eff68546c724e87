// The PDF viewer (spec §2 files page): a modal that shows one page at a time with pdf.js, and can
// open at a given page (citations link to `?view={fileId}&page=N`). The worker, character maps,
// standard fonts and image decoders are served by the app itself, never by a CDN.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import Dialog from '../Dialog';
import { Icon } from '../ContentParts';
import { subjectsApi, type FileView } from '../../api/subjects';
import { useI18n } from '../../i18n';
import '../../styles/subjects.css';

/** Where the build puts pdf.js's data files (see web/vite.config.ts). */
const PDFJS_ASSETS = `${import.meta.env.BASE_URL}pdfjs/`;
const MAX_SCALE = 2.5;
/** Room the modal takes around the page (its padding, title bar, the backdrop's margins). */
const CHROME_HEIGHT = 200;
/** Below this width a whole page is too small to read: fit the width and scroll instead. */
const MIN_FIT_PAGE_WIDTH = 420;

/** pdf.js and its worker's URL, loaded the first time a PDF is opened. */
async function loadPdfjs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

interface PdfViewerProps {
  subjectId: string;
  file: FileView;
  /** 1-based; clamped to the document. */
  page: number;
  onPageChange(page: number): void;
  onClose(): void;
}

export default function PdfViewer({ subjectId, file, page, onPageChange, onClose }: PdfViewerProps) {
  const { t } = useI18n();
  const ids = useId();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState(false);
  const [rendering, setRendering] = useState(false);
  const [width, setWidth] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(() => window.innerHeight);
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  const total = doc?.numPages ?? 0;
  const current = total ? Math.min(Math.max(1, Math.trunc(page) || 1), total) : Math.max(1, Math.trunc(page) || 1);

  // Load the document from a short-lived download link.
  useEffect(() => {
    let cancelled = false;
    let task: { destroy(): Promise<void> } | null = null;
    setDoc(null);
    setError(false);
    (async () => {
      try {
        const [{ url }, pdfjs] = await Promise.all([subjectsApi.download(subjectId, file.id), loadPdfjs()]);
        if (cancelled) return;
        const loading = pdfjs.getDocument({
          url,
          cMapUrl: `${PDFJS_ASSETS}cmaps/`,
          cMapPacked: true,
          standardFontDataUrl: `${PDFJS_ASSETS}standard_fonts/`,
          wasmUrl: `${PDFJS_ASSETS}wasm/`,
          iccUrl: `${PDFJS_ASSETS}iccs/`,
          isEvalSupported: false,
        });
        task = loading;
        const loaded = await loading.promise;
        if (cancelled) {
          void loaded.destroy();
          return;
        }
        setDoc(loaded);
      } catch {
        if (!cancelled) setError(true);
      }
    })();
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [subjectId, file.id]);

  // The page fills the stage's width.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const measure = () => {
      setWidth(stage.clientWidth);
      setViewportHeight(window.innerHeight);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  // Render the current page.
  useEffect(() => {
    if (!doc || !width || !canvasRef.current) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    const canvas = canvasRef.current;
    setRendering(true);
    (async () => {
      try {
        const pdfPage = await doc.getPage(current);
        if (cancelled) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        // The whole page when it stays readable, else the page's width (and the stage scrolls).
        const fitWidth = (width - 26) / natural.width;
        const fitPage = Math.min(fitWidth, (viewportHeight - CHROME_HEIGHT) / natural.height);
        const scale = Math.min(MAX_SCALE, Math.max(0.25, natural.width * fitPage >= MIN_FIT_PAGE_WIDTH ? fitPage : fitWidth));
        const viewport = pdfPage.getViewport({ scale });
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        task = pdfPage.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        await task.promise;
        if (!cancelled) {
          canvas.dataset.renderedPage = String(current);
          setRendering(false);
        }
      } catch (err) {
        if (cancelled || (err instanceof Error && err.name === 'RenderingCancelledException')) return;
        setError(true);
        setRendering(false);
      }
    })();
    return () => {
      cancelled = true;
      delete canvas.dataset.renderedPage;
      task?.cancel();
    };
  }, [doc, current, width, viewportHeight]);

  useEffect(() => () => void doc?.destroy(), [doc]);

  const go = useCallback(
    (target: number) => {
      if (!total) return;
      const next = Math.min(Math.max(1, target), total);
      if (next !== current) onPageChange(next);
    },
    [current, total, onPageChange],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') go(current + 1);
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp') go(current - 1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [go, current]);

  return (
    <Dialog labelledBy={`${ids}-title`} closeLabel={t('viewer.close')} onClose={onClose} className="modal-viewer">
      <div className="viewer-head">
        <h2 id={`${ids}-title`} className="viewer-title">
          {file.display_name}
        </h2>
        <div className="viewer-nav" role="group" aria-label={t('viewer.pages')}>
          <button type="button" className="icon-btn icon-btn-sm" aria-label={t('viewer.prev')} disabled={!total || current <= 1} onClick={() => go(current - 1)}>
            <Icon name="chevron" className="chevron-left" />
          </button>
          <span className="viewer-indicator" data-testid="viewer-page" aria-live="polite">
            {total ? t('viewer.page', { page: current, total }) : '…'}
          </span>
          <button type="button" className="icon-btn icon-btn-sm" aria-label={t('viewer.next')} disabled={!total || current >= total} onClick={() => go(current + 1)}>
            <Icon name="chevron" className="chevron-right" />
          </button>
        </div>
      </div>
      <div ref={stageRef} className="viewer-stage" aria-busy={!doc || rendering}>
        {error ? (
          <div className="alert alert-error" role="alert">
            {t('viewer.error')}
          </div>
        ) : (
          <>
            {(!doc || rendering) && (
              <div className="viewer-loading" role="status">
                <div className="spinner" aria-hidden="true" />
                <span className="visually-hidden">{t('viewer.loading')}</span>
              </div>
            )}
            <canvas ref={canvasRef} className="viewer-canvas" role="img" aria-label={t('viewer.canvas', { page: current, name: file.display_name })} hidden={!doc} />
          </>
        )}
      </div>
    </Dialog>
  );
}
