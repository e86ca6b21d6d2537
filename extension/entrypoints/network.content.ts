export default defineContentScript({
  matches: ['<all_urls>'],
  registration: 'runtime',
  main() {
    // The network adapter's side of the task loop (src/content/).
  },
});
