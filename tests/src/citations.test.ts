import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Code, tests and docs cite the product reference as "spec §N" and the design as "DESIGN.md §N"
 * (or "docs/design.md §N", "design §N"). Both documents live in docs/, and every section cited
 * must be a heading there, so a citation always leads somewhere.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const self = path.relative(root, fileURLToPath(import.meta.url));

type Doc = 'spec' | 'design';
const DOC_FILES: Record<Doc, string> = { spec: 'docs/spec.md', design: 'docs/design.md' };

/** Where citations are looked for: product code, tests and docs (not what is built or installed). */
const SCANNED_DIRS = ['shared', 'server', 'dashboard', 'extension', 'desktop', 'tests', 'docs'];
const SCANNED_ROOT_FILES = ['README.md'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  '.output',
  '.wxt',
  'data',
  'release',
  'releases',
  'coverage',
]);
const SCANNED_EXTENSIONS = /\.(?:[cm]?[jt]sx?|md|html)$/;

/**
 * A document's name, or a section sign with its number. A name that is neither ours (a website, an
 * RFC) makes the sections after it on that line someone else's.
 */
const TOKEN =
  /(docs\/spec\.md|product-spec(?:\.md)?|\bspec\b|docs\/design\.md|\bdesign\.md\b|\bdesign\b|[\w-]+\.(?:org|com|io|net|dev)\b|\bRFC ?\d+)|§ ?(\d+(?:\.\d+)*)/gi;

function docOf(name: string): Doc | 'other' {
  const n = name.toLowerCase();
  if (n === 'spec' || n.endsWith('spec.md') || n === 'product-spec') return 'spec';
  if (n === 'design' || n.endsWith('design.md')) return 'design';
  return 'other';
}

interface Citation {
  file: string;
  line: number;
  doc: Doc;
  section: string;
}

/**
 * The citations of one file. A section belongs to the document named last before it on its line
 * ("spec §3 Lead, §7 Leads; DESIGN.md §3" → spec 3, spec 7, design 3); with no name before it on
 * its line, to ours named last on the line above (a comment that wraps); else to the file's
 * own document (docs/design.md for itself, the spec everywhere else).
 */
function citationsIn(file: string, text: string): Citation[] {
  const fallback: Doc = file === DOC_FILES.design ? 'design' : 'spec';
  const found: Citation[] = [];
  let previousLineDoc: Doc | null = null;
  text.split('\n').forEach((content, index) => {
    let current: Doc | 'other' | null = null;
    for (const m of content.matchAll(TOKEN)) {
      if (m[1] !== undefined) {
        current = docOf(m[1]);
        continue;
      }
      const doc = current ?? previousLineDoc ?? fallback;
      if (doc !== 'other') found.push({ file, line: index + 1, doc, section: m[2] as string });
    }
    previousLineDoc = current === 'other' ? null : current;
  });
  return found;
}

/** Section numbers of a document's headings: "## 3. Entities" → "3", "### 3.1 Users" → "3.1". */
function headingSections(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,6}\s+§?\s*(\d+(?:\.\d+)*)\.?\s/gm)].map((m) => m[1] as string));
}

function scannedFiles(): string[] {
  const files: string[] = [...SCANNED_ROOT_FILES];
  const walk = (dir: string): void => {
    const entries = readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    for (const entry of entries) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(rel);
      } else if (entry.isFile() && SCANNED_EXTENSIONS.test(entry.name) && rel !== self) {
        files.push(rel);
      }
    }
  };
  for (const dir of SCANNED_DIRS) walk(dir);
  return files;
}

describe('citations of the spec and the design', () => {
  it('reads "spec §", "DESIGN.md §", "docs/design.md §" and lists of sections', () => {
    const text = [
      '/** Leads (spec §3 Lead, §7 Leads; DESIGN.md §3 Tenancy). */',
      '// the bridge (docs/design.md §3, §5), the popups (Spec §2)',
      ' * The realtime kinds (spec §3 Realtime message',
      ' * kinds, §7 Realtime); semver.org §11 and RFC 4180 §2 are not ours.',
      "it('Load more follows §5', () => {});",
    ].join('\n');
    const cited = citationsIn('x.ts', text).map((c) => `${c.line} ${c.doc} ${c.section}`);
    expect(cited).toEqual([
      '1 spec 3',
      '1 spec 7',
      '1 design 3',
      '2 design 3',
      '2 design 5',
      '2 spec 2',
      '3 spec 3',
      '4 spec 7',
      '5 spec 5',
    ]);
  });

  it('reads the section numbers of headings', () => {
    expect([
      ...headingSections('# Title\n## 1. One\n### Sub\n## 2. Two\n### 2.1 Two one\n## Notes 3\n'),
    ]).toEqual(['1', '2', '2.1']);
  });

  const sections = {
    spec: headingSections(readFileSync(path.join(root, DOC_FILES.spec), 'utf8')),
    design: headingSections(readFileSync(path.join(root, DOC_FILES.design), 'utf8')),
  };

  it('resolves every cited section to a heading of docs/spec.md or docs/design.md', () => {
    const citations = scannedFiles().flatMap((file) =>
      citationsIn(file, readFileSync(path.join(root, file), 'utf8')),
    );
    const unresolved = citations
      .filter((c) => !sections[c.doc].has(c.section))
      .map((c) => `${c.file}:${c.line}: ${c.doc} §${c.section} is not a heading of ${DOC_FILES[c.doc]}`);
    expect(unresolved).toEqual([]);
    // The scan must see the citations it guards, or it would pass on nothing.
    expect(citations.filter((c) => c.doc === 'spec').length).toBeGreaterThan(100);
    expect(citations.filter((c) => c.doc === 'design').length).toBeGreaterThan(30);
  });

  it('keeps the section numbers the citations were written against', () => {
    expect([...sections.spec]).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect([...sections.design]).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });
});
