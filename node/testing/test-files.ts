// Finds and parses the files of `drop-in-page-agent test`: files as given, folders searched for
// *.test.md (node_modules and dot folders skipped). Syntax errors of all files are collected.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { NodeRunError } from '../errors.js';
import { parseTestFile, TestFileSyntaxError, type ParseOptions, type TestCase } from './test-file.js';

/** The file name ending searched for in folders. */
export const TEST_FILE_SUFFIX = '.test.md';

function walk(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') return [];
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.isFile() && entry.name.endsWith(TEST_FILE_SUFFIX) ? [path] : [];
    });
}

/** The test files `args` name (files, or folders searched for *.test.md), as paths relative to `cwd`; the current folder when none is given. */
export function findTestFiles(args: readonly string[], cwd: string): string[] {
  const files: string[] = [];
  for (const arg of args.length > 0 ? args : ['.']) {
    const path = resolve(cwd, arg);
    let stats;
    try {
      stats = statSync(path);
    } catch {
      throw new NodeRunError('usage', `test: ${arg} does not exist.`);
    }
    const found = stats.isDirectory() ? walk(path) : [path];
    if (stats.isDirectory() && found.length === 0) throw new NodeRunError('usage', `test: no *${TEST_FILE_SUFFIX} files in ${arg}.`);
    for (const file of found) {
      const shown = relative(cwd, file) || file;
      if (!files.includes(shown)) files.push(shown);
    }
  }
  return files;
}

/** Parses `files`; resolves to the tests, or the syntax errors of every file that has one. */
export function loadTests(files: readonly string[], cwd: string, options: ParseOptions): { tests: TestCase[]; errors: TestFileSyntaxError[] } {
  const tests: TestCase[] = [];
  const errors: TestFileSyntaxError[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(resolve(cwd, file), 'utf8');
    } catch (error) {
      throw new NodeRunError('usage', `test: ${file} could not be read: ${(error as Error).message}`);
    }
    try {
      tests.push(...parseTestFile(text, file, options));
    } catch (error) {
      if (!(error instanceof TestFileSyntaxError)) throw error;
      errors.push(error);
    }
  }
  return { tests, errors };
}
