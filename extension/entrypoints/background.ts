export default defineBackground(() => {
  // Wired in src/background/ (the task loop).
});
