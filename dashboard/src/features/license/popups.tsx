// Placeholder: filled in by the dashboard work in progress.
export function Popups() {
  return null;
}
