/**
 * The window's inner size, read once at start-up and again on each resize, not in a render: a
 * read of `window.innerWidth` or `innerHeight` while the page has changes not laid out yet makes
 * the browser lay the whole page out on the spot.
 */
let size = { width: 0, height: 0 };
let listening = false;

function read(): void {
  size = { width: window.innerWidth, height: window.innerHeight };
}

/** The window's inner width and height in CSS pixels, as of start-up or the last resize. */
export function viewportSize(): { width: number; height: number } {
  if (!listening) {
    listening = true;
    read();
    window.addEventListener('resize', read, { passive: true });
  }
  return size;
}
