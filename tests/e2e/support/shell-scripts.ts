/**
 * The scripts the page shell (index.html) loads at once: its module script and the scripts it
 * preloads. The module script alone is no longer the page's main script: the build keeps the
 * modules' order of evaluation across chunks (dashboard/vite.config.ts), and its entry is then a
 * stub of a few bytes that runs the chunk holding the app's start (preloaded beside it).
 */
function shellScripts(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const src = /\bsrc="(\/assets\/[^"]+\.js)"/.exec(tag)?.[1];
    if (tag.startsWith('<script') && /type="module"/.test(tag) && src) return [src];
    const href = /\bhref="(\/assets\/[^"]+\.js)"/.exec(tag)?.[1];
    return tag.startsWith('<link') && /rel="modulepreload"/.test(tag) && href ? [href] : [];
  });
}

/** The largest of the shell's scripts (`sizeOf` the bytes of one as sent raw): the page's main script. */
export async function mainScriptOf(
  html: string,
  sizeOf: (script: string) => Promise<number>,
): Promise<string> {
  const scripts = shellScripts(html);
  if (scripts.length === 0) throw new Error('no module script in the page shell');
  const sizes = await Promise.all(scripts.map(sizeOf));
  return scripts[sizes.indexOf(Math.max(...sizes))] as string;
}
