import type { TestProject } from 'vitest/node';
import { clearFigures, figuresTable, readFigures } from './figures.ts';

/**
 * Global setup of a server project (one per database): starts its figures afresh and prints their
 * table once every file of the project has run.
 */
export default function setup(project: TestProject): () => void {
  const database = String(project.config.env?.TEST_DB ?? 'pglite');
  clearFigures(database);
  return () => {
    const figures = readFigures(database);
    if (figures.size) console.log(`\n${figuresTable(database, figures)}\n`);
  };
}
