// The PDF viewer of the files page: a modal that shows one page at a time with pdf.js, and can
// open at a given page (citations link to `?view={fileId}&page=N`, their quote in the history state). The page fits the
// width by default (on a phone, the screen's whole width) and zooms with the buttons, a pinch
// (touch) or Ctrl + wheel (trackpad pinch); the page's scrolling area takes the keyboard's focus;
// a cited passage is highlighted when the page's text layer holds it. The file's outline stands
// beside the page (a side panel; on a phone, a "Plan" section to unfold), its entries going to
// their page. The worker, character maps, standard fonts and image decoders are served by the app
// itself, never by a CDN.
import { useCallback, useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import Dialog from '../Dialog';
import { Icon } from '../ContentParts';
import { subjectsApi, type FileView } from '../../api/subjects';
import { useI18n } from '../../i18n';
import { quotedItems } from './highlight';
import { OutlineList, useOutline } from './OutlineList';
import '../../styles/subjects.css';

/** Where the build puts pdf.js's data files (see web/vite.config.ts). */
const PDFJS_ASSETS = `${import.meta.env.BASE_URL}pdfjs/`;
/** Zoom relative to the page fitting the stage's width (1). */
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 4;
const ZOOM_STEP = 1.25;
const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

interface Mark {
  left: number;
  top: number;
  width: number;
  height: number;
}

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
  /** The cited passage, highlighted on the page when found. */
  quote?: string;
  onPageChange(page: number): void;
  onClose(): void;
}

export default function PdfViewer({ subjectId, file, page, quote, onPageChange, onClose }: PdfViewerProps) {
  const { t } = useI18n();
  const ids = useId();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState(false);
  const [rendering, setRendering] = useState(false);
  const [width, setWidth] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [marks, setMarks] = useState<Mark[]>([]);
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const { outline } = useOutline(subjectId, file.id, file.status === 'ready');
  const hasOutline = outline !== null && !outline.pending && outline.entries.length > 0;
  const [outlineOpen, setOutlineOpen] = useState(false);

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

  // The page fills the stage's width, inside its padding.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const measure = () => {
      const style = getComputedStyle(stage);
      setWidth(stage.clientWidth - (Number.parseFloat(style.paddingLeft) || 0) - (Number.parseFloat(style.paddingRight) || 0));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, []);

  // Render the current page.
  useEffect(() => {
    if (!doc || !width || !canvasRef.current) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    const canvas = canvasRef.current;
    setRendering(true);
    setMarks([]);
    (async () => {
      try {
        const pdfPage = await doc.getPage(current);
        if (cancelled) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        // Zoom 1 is the page fitting the stage's width (less its padding, and a pixel for
        // rounding); the stage scrolls.
        const fitWidth = (width - 1) / natural.width;
        const scale = Math.max(0.1, fitWidth * zoom);
        const viewport = pdfPage.getViewport({ scale });
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        task = pdfPage.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        await task.promise;
        if (cancelled) return;
        canvas.dataset.renderedPage = String(current);
        canvas.dataset.scale = scale.toFixed(3);
        setRendering(false);
        if (quote) setMarks(await quoteMarks(pdfPage, viewport, quote));
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
  }, [doc, current, width, zoom, quote]);

  // A pinch on the page: the sheet follows the fingers (a CSS scale), then renders at the new zoom.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; ratio: number } | null>(null);
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  const onPointerDown = (e: ReactPointerEvent) => {
    if (e.pointerType !== 'touch') return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: distance(), ratio: 1 };
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const sheet = sheetRef.current;
    if (!pinch.current || pointers.current.size !== 2 || !sheet) return;
    const ratio = clampZoom(zoom * (distance() / pinch.current.distance)) / zoom;
    pinch.current.ratio = ratio;
    sheet.style.transform = `scale(${ratio})`;
  };
  const onPointerEnd = (e: ReactPointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (!pinch.current || pointers.current.size >= 2) return;
    const { ratio } = pinch.current;
    pinch.current = null;
    if (sheetRef.current) sheetRef.current.style.transform = '';
    if (Math.abs(ratio - 1) > 0.02) setZoom((z) => clampZoom(z * ratio));
  };

  // Ctrl + wheel (a trackpad's pinch) zooms too, instead of the whole page.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      setZoom((z) => clampZoom(z * Math.exp(-e.deltaY / 300)));
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, []);

  useEffect(() => () => void doc?.destroy(), [doc]);

  const go = useCallback(
    (target: number) => {
      if (!total) return;
      const next = Math.min(Math.max(1, target), total);
      if (next !== current) onPageChange(next);
    },
    [current, total, onPageChange],
  );

  // An outline entry: its page, even before the document has loaded (it is clamped then).
  const openFromOutline = (target: number) => {
    setOutlineOpen(false);
    const next = Math.max(1, total ? Math.min(target, total) : target);
    if (next !== current) onPageChange(next);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') go(current + 1);
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp') go(current - 1);
      else if (e.key === '+' || e.key === '=') setZoom((z) => clampZoom(z * ZOOM_STEP));
      else if (e.key === '-') setZoom((z) => clampZoom(z / ZOOM_STEP));
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
        <div className="viewer-zoom" role="group" aria-label={t('viewer.zoom')}>
          <button type="button" className="icon-btn icon-btn-sm" aria-label={t('viewer.zoomOut')} disabled={zoom <= MIN_ZOOM} onClick={() => setZoom((z) => clampZoom(z / ZOOM_STEP))}>
            −
          </button>
          <button type="button" className="btn btn-secondary btn-sm viewer-fit" aria-label={`${Math.round(zoom * 100)} % · ${t('viewer.fitWidth')}`} title={t('viewer.fitWidth')} onClick={() => setZoom(1)} data-testid="viewer-zoom">
            {Math.round(zoom * 100)} %
          </button>
          <button type="button" className="icon-btn icon-btn-sm" aria-label={t('viewer.zoomIn')} disabled={zoom >= MAX_ZOOM} onClick={() => setZoom((z) => clampZoom(z * ZOOM_STEP))}>
            +
          </button>
        </div>
        {hasOutline && (
          <button
            type="button"
            className="btn btn-secondary btn-sm viewer-outline-toggle"
            aria-expanded={outlineOpen}
            aria-controls={`${ids}-outline`}
            onClick={() => setOutlineOpen((open) => !open)}
          >
            <Icon name="sheet" />
            {t('outline.toggle')}
            <Icon name="chevron" className={outlineOpen ? 'viewer-outline-chevron open' : 'viewer-outline-chevron'} />
          </button>
        )}
      </div>
      <div className={`viewer-body${hasOutline ? ' has-outline' : ''}`}>
        {hasOutline && (
          <aside id={`${ids}-outline`} className="viewer-outline" data-open={outlineOpen} aria-labelledby={`${ids}-outline-title`} data-testid="viewer-outline">
            <h3 id={`${ids}-outline-title`} className="viewer-outline-title">
              {t('outline.title')}
            </h3>
            <OutlineList outline={outline} currentPage={current} onOpen={openFromOutline} />
          </aside>
        )}
        <div
          ref={stageRef}
          className="viewer-stage"
          role="region"
          tabIndex={0}
          aria-label={t('viewer.stage', { name: file.display_name })}
          aria-busy={!doc || rendering}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
        >
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
              <div ref={sheetRef} className="viewer-sheet" hidden={!doc}>
                <canvas ref={canvasRef} className="viewer-canvas" role="img" aria-label={t('viewer.canvas', { page: current, name: file.display_name })} />
                {marks.map((m, i) => (
                  <span key={i} className="viewer-mark" data-testid="viewer-highlight" aria-hidden="true" style={{ left: m.left, top: m.top, width: m.width, height: m.height }} />
                ))}
              </div>
              {marks.length > 0 && <p className="visually-hidden">{t('viewer.highlighted')}</p>}
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}

type PdfPage = Awaited<ReturnType<PDFDocumentProxy['getPage']>>;
type PageViewport = ReturnType<PdfPage['getViewport']>;

/** Boxes (in CSS pixels over the canvas) of the text items that hold the quote; none if not found. */
async function quoteMarks(pdfPage: PdfPage, viewport: PageViewport, quote: string): Promise<Mark[]> {
  try {
    const content = await pdfPage.getTextContent();
    const items = content.items.filter((item): item is Extract<(typeof content.items)[number], { str: string }> => 'str' in item);
    const { Util } = await import('pdfjs-dist');
    return quotedItems(
      items.map((item) => item.str),
      quote,
    ).map((i) => {
      const item = items[i];
      const tx = Util.transform(viewport.transform, item.transform);
      const height = Math.hypot(tx[2], tx[3]);
      return { left: tx[4], top: tx[5] - height, width: item.width * viewport.scale, height: height * 1.15 };
    });
  } catch {
    return [];
  }
}
