import type { TestProject } from 'vitest/node';
import { figuresTable, newFiguresFile, readFigures, removeFigures } from './figures.ts';

/**
 * Global setup of a server project (one per database): gives the run's files a figures file of
 * their own and prints the table once every file of the project has run.
 */
export default function setup(project: TestProject): () => void {
  const database = String(project.config.env?.TEST_DB ?? 'pglite');
  const file = newFiguresFile(database);
  project.provide('figuresFile', file);
  return () => {
    const figures = readFigures(file);
    if (figures.size) console.log(`\n${figuresTable(database, figures)}\n`);
    removeFigures(file);
  };
}
