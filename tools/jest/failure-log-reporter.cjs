// A Jest reporter that keeps each failing test's message in .cache/test-failures/<project>.json.
// `npm test` runs many projects at once and CI shows only the end of its output, where Nx
// names the failed task but not the test; tools/scripts/test.mjs prints these files there.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const FAILURES_DIR = path.join(root, '.cache', 'test-failures');
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** The message without colours and without the stack frames inside Jest and other packages. */
const plain = (message) =>
  message
    .replace(ANSI, '')
    .split('\n')
    .filter((line) => !/^\s+at .*(node_modules|node:internal)/.test(line))
    .join('\n');

class FailureLogReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.entries = [];
  }

  onTestResult(_test, result) {
    const file = path.relative(root, result.testFilePath);
    // A file that could not run, or whose hooks failed outside any test, has only the file's message.
    const failedTests = result.testResults.some((assertion) => assertion.status === 'failed');
    if (result.testExecError || (result.failureMessage && !failedTests)) {
      this.entries.push(
        `${file}: the file failed outside its tests\n${plain(result.failureMessage ?? result.testExecError.message)}`,
      );
    }
    for (const assertion of result.testResults) {
      if (assertion.status !== 'failed') continue;
      this.entries.push(
        `${file} › ${assertion.fullName} (${assertion.duration ?? '?'} ms)\n${plain(assertion.failureMessages.join('\n'))}`,
      );
    }
  }

  onRunComplete() {
    if (this.entries.length === 0) return;
    const name = path.relative(root, this.rootDir).replaceAll(path.sep, '-') || 'root';
    mkdirSync(FAILURES_DIR, { recursive: true });
    writeFileSync(path.join(FAILURES_DIR, `${name}.json`), JSON.stringify(this.entries));
  }
}

module.exports = FailureLogReporter;
module.exports.FAILURES_DIR = FAILURES_DIR;
