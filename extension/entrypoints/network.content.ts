import { listenForSteps } from '../src/content/network-listener.ts';

export default defineContentScript({
  matches: ['<all_urls>'],
  registration: 'runtime',
  main() {
    listenForSteps();
  },
});
