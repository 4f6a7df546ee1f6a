// Prints the vitest JSON report's totals as one plain line: "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.ci/results.json';
if (!existsSync(file)) {
  console.log('0 passed, 1 failed');
  console.error(`no test report at ${file}: the test command did not run to completion`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const failed = report.numFailedTests + (report.numFailedTestSuites ?? 0);
const skipped = report.numPendingTests + (report.numTodoTests ?? 0);
console.log(`${report.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
