// Photo mode (A4 page, 24 pt margin, JPEG 0.92): photos become one A4 PDF in the browser. HEIC
// photos are turned
// into JPEG first (heic-to, its decoder bundled with the app and loaded only when needed), the
// EXIF orientation is applied (pdf-lib would ignore it), each photo is re-encoded as JPEG at
// quality 0.92 and placed alone on an A4 page, scaled to fit inside 24 pt margins. With a page
// reader, the text of each page is read from that same upright, scaled image, one page after the
// other, and goes with the PDF; the server reads any page left without text itself.
import { MAX_FILE_BYTES } from '@core/files.js';
import type { PageReader } from './page-reader';

export const PHOTO_JPEG_QUALITY = 0.92;
export const PHOTO_PAGE_MARGIN_PT = 24;
/** Longest side kept: A4 at 300 dpi, plenty for OCR; larger photos are scaled down. */
export const PHOTO_MAX_SIDE_PX = 3508;
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,.jpg,.jpeg,.png,.heic,.heif';

export class PhotoPdfTooLargeError extends Error {
  constructor() {
    super('Generated PDF exceeds 100 MB.');
    this.name = 'PhotoPdfTooLargeError';
  }
}

export interface PhotoPdfProgress {
  /** Photos handled so far (read or failed). */
  done: number;
  total: number;
  /** Preparing the photos, reading the text of photo `current` (1-based), saving the PDF. */
  phase: 'reading' | 'ocr' | 'saving';
  current?: number;
}

export interface PhotoPdfResult {
  /** Null when no photo could be read. */
  pdf: Blob | null;
  pageCount: number;
  /** With a page reader: the text read on each page of the PDF, in order ('' where none). */
  pageTexts?: string[];
  /** Names of the photos that could not be read. */
  unreadable: string[];
}

const looksLikeHeicName = (file: File) => /image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);

/** The ISO-BMFF brands of HEIF images, read from the file's first bytes (as heic-to does). */
async function hasHeicBrand(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (head.length < 12) return false;
  const box = String.fromCharCode(...head.subarray(4, 8));
  const brand = String.fromCharCode(...head.subarray(8, 12));
  return box === 'ftyp' && ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand);
}

async function heicToJpeg(file: Blob): Promise<Blob> {
  // The build without eval: the cloud's Content-Security-Policy allows no 'unsafe-eval'.
  const { heicTo } = await import('heic-to/csp');
  return heicTo({ blob: file, type: 'image/jpeg', quality: PHOTO_JPEG_QUALITY });
}

async function decode(file: File): Promise<ImageBitmap> {
  const options: ImageBitmapOptions = { imageOrientation: 'from-image' };
  if (looksLikeHeicName(file)) return createImageBitmap(await heicToJpeg(file), options);
  try {
    return await createImageBitmap(file, options);
  } catch (err) {
    // A HEIC photo with a misleading name or type: browsers other than Safari cannot decode it.
    if (await hasHeicBrand(file)) return createImageBitmap(await heicToJpeg(file), options);
    throw err;
  }
}

/** The photo upright, at most PHOTO_MAX_SIDE_PX on its long side, as JPEG bytes. */
async function toJpeg(bitmap: ImageBitmap): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  const scale = Math.min(1, PHOTO_MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  try {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('Canvas 2D is not available');
    // JPEG has no transparency: a transparent PNG goes on white paper, not black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_JPEG_QUALITY));
    if (!blob) throw new Error('JPEG encoding failed');
    return { bytes: new Uint8Array(await blob.arrayBuffer()), width, height };
  } finally {
    canvas.width = 0;
    canvas.height = 0;
  }
}

/** `Photos 2026-11-21.pdf`, with the local date. */
export function photoPdfName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Photos ${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.pdf`;
}

export async function photosToPdf(
  photos: File[],
  onProgress: (p: PhotoPdfProgress) => void = () => undefined,
  reader?: PageReader,
): Promise<PhotoPdfResult> {
  const { PDFDocument, PageSizes } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setProducer('Révise');
  pdf.setCreator('Révise');
  const unreadable: string[] = [];
  const pageTexts: string[] = [];
  let embeddedBytes = 0;
  let pages = 0;
  const total = photos.length;
  onProgress({ done: 0, total, phase: 'reading' });

  for (const [index, photo] of photos.entries()) {
    let jpeg: Awaited<ReturnType<typeof toJpeg>> | null = null;
    try {
      const bitmap = await decode(photo);
      try {
        jpeg = await toJpeg(bitmap);
      } finally {
        bitmap.close();
      }
    } catch {
      unreadable.push(photo.name);
    }
    if (jpeg) {
      embeddedBytes += jpeg.bytes.byteLength;
      if (embeddedBytes > MAX_FILE_BYTES) throw new PhotoPdfTooLargeError();
      const image = await pdf.embedJpg(jpeg.bytes);
      // A4 in the photo's orientation: a landscape photo on a landscape page stays readable.
      const [short, long] = PageSizes.A4;
      const [pageWidth, pageHeight] = jpeg.width > jpeg.height ? [long, short] : [short, long];
      const boxWidth = pageWidth - 2 * PHOTO_PAGE_MARGIN_PT;
      const boxHeight = pageHeight - 2 * PHOTO_PAGE_MARGIN_PT;
      const scale = Math.min(boxWidth / jpeg.width, boxHeight / jpeg.height);
      const width = jpeg.width * scale;
      const height = jpeg.height * scale;
      const page = pdf.addPage([pageWidth, pageHeight]);
      page.drawImage(image, { x: (pageWidth - width) / 2, y: (pageHeight - height) / 2, width, height });
      pages += 1;
      if (reader) {
        onProgress({ done: index, total, phase: 'ocr', current: index + 1 });
        pageTexts.push(await reader.read(jpeg.bytes));
      }
    }
    onProgress({ done: index + 1, total, phase: 'reading' });
  }

  if (pages === 0) return { pdf: null, pageCount: 0, unreadable, ...(reader ? { pageTexts } : {}) };
  onProgress({ done: total, total, phase: 'saving' });
  const bytes = await pdf.save();
  if (bytes.byteLength > MAX_FILE_BYTES) throw new PhotoPdfTooLargeError();
  return { pdf: new Blob([bytes as BlobPart], { type: 'application/pdf' }), pageCount: pages, unreadable, ...(reader ? { pageTexts } : {}) };
}
