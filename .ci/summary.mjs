// Sums the JSON reports of every test run of .ci/run into one closing line: "N passed, N failed".
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest's JSON reporter
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else {
    // Playwright's JSON reporter
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
