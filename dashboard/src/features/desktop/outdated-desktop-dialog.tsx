// Placeholder: filled in by the dashboard work in progress.
export function OutdatedDesktopDialog() {
  return null;
}
