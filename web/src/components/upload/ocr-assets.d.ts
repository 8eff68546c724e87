// Written by the build (web/vite.config.ts, ocrAssets): where the app serves the OCR engine.
declare module 'virtual:ocr-assets' {
  /** The folder, on the app's own origin, holding tesseract.js's worker, its cores and the models; ends with '/'. */
  export const ocrBase: string;
}
