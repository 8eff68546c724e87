// Sends one file straight to storage with the presigned POST the API handed out: every policy
// field first, the file last (S3 ignores fields after `file`). XMLHttpRequest rather than fetch,
// because only it reports upload progress in bytes.

export class StorageUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageUploadError';
  }
}

/** S3 answers errors in XML: `<Error><Code>…</Code><Message>…</Message></Error>`. */
function storageMessage(xhr: XMLHttpRequest): string {
  const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
  const message = /<Message>([\s\S]*?)<\/Message>/.exec(text)?.[1]?.trim();
  const code = /<Code>([\s\S]*?)<\/Code>/.exec(text)?.[1]?.trim();
  return message || code || `HTTP ${xhr.status}`;
}

export function uploadToStorage(
  upload: { url: string; fields: Record<string, string> },
  file: Blob,
  fileName: string,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', file, fileName);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(e.loaded, file.size), file.size);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size, file.size);
        resolve();
      } else {
        reject(new StorageUploadError(storageMessage(xhr)));
      }
    };
    xhr.onerror = () => reject(new StorageUploadError('network error'));
    xhr.ontimeout = () => reject(new StorageUploadError('timeout'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('Upload aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
