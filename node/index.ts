// The Node API of drop-in-page-agent (the package's `./node` export): run the
// in-page agent in Chromium from Node. Needs playwright-core (an optional peer dependency).
export { runTask, type NodeExecutionResult, type RunTaskOptions } from './run-task.js';
export { NodeRunError, EXIT, type NodeRunErrorKind } from './errors.js';
export { launchChromium, findChromium, PLAYWRIGHT_INSTALL } from './browser/playwright.js';
export { runCli, type CliIO } from './cli/main.js';
export { runTests, type RunTestsOptions } from './testing/run-tests.js';
export { runTestCase, type TestCaseResult, type TestStatus } from './testing/run-test-case.js';
export { parseTestFile, TestFileSyntaxError, type TestCase, type TestSegment, type TestLine } from './testing/test-file.js';
export { junitReport, jsonReport, tapReport } from './testing/reporters.js';
