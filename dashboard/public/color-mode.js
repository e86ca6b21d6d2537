// The stored colour mode on <html> before the first paint, so that a dark-mode user never sees the
// light loading page flash while the app's script loads (next-themes takes over once the app runs).
// A file, not an inline script: the server's CSP allows no inline script. Its storage key is the
// app's COLOR_MODE_STORAGE_KEY (dashboard/src/components/color-mode.tsx; a test checks they match).
(() => {
  try {
    const stored = localStorage.getItem('reachly-color-mode');
    const dark =
      stored === 'dark' || (stored !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.add(dark ? 'dark' : 'light');
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // No storage (a locked-down browser): the app decides once it runs.
  }
})();
