import { relayBridge } from '../src/bridge/content.ts';

export default defineContentScript({
  // Registered at run time for the dashboard's origin once the session names the server.
  matches: ['<all_urls>'],
  registration: 'runtime',
  runAt: 'document_start',
  main() {
    relayBridge();
  },
});
