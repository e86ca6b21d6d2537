import { installTap } from '../src/content/graphql-tap.ts';

export default defineContentScript({
  // Registered at run time for the network's origin only, in the page's world, before its scripts.
  matches: ['https://www.facebook.com/*'],
  registration: 'runtime',
  world: 'MAIN',
  runAt: 'document_start',
  main() {
    installTap();
  },
});
