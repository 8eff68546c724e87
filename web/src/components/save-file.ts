// Saving what the app made as a file the browser downloads (a calendar, a deck of cards): an object
// URL clicked through a link, revoked once the download has started.

/** Saves a blob under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a text of the given type under `name`. */
export const saveText = (text: string, name: string, type: string): void => saveBlob(new Blob([text], { type }), name);
