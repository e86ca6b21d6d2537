import { BRAND } from '@reachly/shared/constants';

/**
 * What the window shows while the dashboard cannot be loaded (server down, wrong address): a
 * `data:` page saying which address failed and that it is tried again (pure).
 */

export const RETRY_MS = 5_000;

export function unreachablePageUrl(serverUrl: string, reason: string): string {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${BRAND}</title>
<style>body{font:16px system-ui,sans-serif;margin:15vh auto;max-width:34rem;padding:0 1rem;color:#1a202c}
code{background:#edf2f7;padding:0 .25rem}</style></head><body>
<h1>${BRAND} cannot reach its server</h1>
<p>The dashboard at <code>${escapeHtml(serverUrl)}</code> did not load (${escapeHtml(reason)}).</p>
<p>Trying again every ${RETRY_MS / 1000} seconds. Start the server, or set the address with
<code>REACHLY_SERVER_URL</code>.</p></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
