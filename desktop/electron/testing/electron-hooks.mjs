/**
 * Node module hooks for shell-build.test.ts: `electron` resolves to electron-stub.mjs, because
 * no Electron binary can be had here and `require('electron')` would throw.
 */
const stub = new URL('./electron-stub.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: stub, shortCircuit: true };
  return next(specifier, context);
}
