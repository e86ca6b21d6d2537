/** How long the object URL outlives the click (the browser reads it after the click returns). */
const REVOKE_AFTER_MS = 60_000;

/** Saves a Blob as a file: an object URL and a click on a temporary `<a download>`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
