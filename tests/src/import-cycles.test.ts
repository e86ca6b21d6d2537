import { parseDependencyTree } from 'dpdm';
import { expect, it } from 'vitest';
import { isProductFile, PRODUCT_DIRS, productFiles, ROOT } from './product-code.ts';

/**
 * Import cycles in product code, each as the files of one strongly connected group (every file in
 * it reaches every other through imports, `import type` and `import()` included). The goal is
 * none: a cycle not listed here fails the test, and so does a listed one that is gone (remove it).
 */
const KNOWN_CYCLES: string[][] = [];

/** The import graph of product code: file → the product files it imports. */
async function importGraph(): Promise<Map<string, string[]>> {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const tree = await parseDependencyTree(productFiles(), {
    context: ROOT,
    cwd: ROOT,
    extensions: ['.ts', '.tsx', '.mjs', '.js'],
    include: new RegExp(`^${literal(ROOT)}/(${PRODUCT_DIRS.map(literal).join('|')})/`),
    exclude: /\/node_modules\/|\.test\.tsx?$/,
    transform: false,
    skipDynamicImports: false,
  });
  const graph = new Map<string, string[]>();
  for (const [file, deps] of Object.entries(tree)) {
    if (!isProductFile(file)) continue;
    graph.set(file, [...new Set((deps ?? []).flatMap((d) => (d.id && isProductFile(d.id) ? [d.id] : [])))]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file, each sorted, the list sorted. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.includes(v)) found.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** One loop through a group, to show where it closes: a → b → … → a. */
function oneLoop(graph: Map<string, string[]>, group: string[]): string {
  const start = group[0] as string;
  const members = new Set(group);
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift() as string;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(previous.get(path[0] as string) as string);
        return [...path, start].join(' → ');
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return group.join(', ');
}

it('product code has no import cycles beyond KNOWN_CYCLES', async () => {
  const graph = await importGraph();
  expect(graph.size, 'the import graph covers the product files').toBeGreaterThan(100);
  const found = cycles(graph);
  console.log(
    `import cycles in product code: ${found.length}${found.map((g) => `\n  ${g.length} files: ${oneLoop(graph, g)}`).join('')}`,
  );
  const key = (group: string[]) => group.join('\n');
  const known = new Set(KNOWN_CYCLES.map((g) => key([...g].sort())));
  const now = new Set(found.map(key));
  const problems = [
    ...found
      .filter((g) => !known.has(key(g)))
      .map(
        (g) =>
          `a cycle not in KNOWN_CYCLES (${g.length} files): ${oneLoop(graph, g)}\n    ${g.join('\n    ')}`,
      ),
    ...KNOWN_CYCLES.filter((g) => !now.has(key([...g].sort()))).map(
      (g) => `no longer a cycle, remove it from KNOWN_CYCLES: ${g.join(', ')}`,
    ),
  ];
  expect(problems, problems.join('\n')).toEqual([]);
}, 120_000);
