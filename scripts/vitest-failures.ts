import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestCase } from 'vitest/node';

/** Marks every line this reporter prints, so `.ci/run`'s failure summary picks them out of a long log. */
const MARK = 'failed now>';
/** An error's lines printed at most: the message and the start of its diff say what went wrong. */
const LINES_PER_ERROR = 24;

/**
 * Prints a failed test's errors the moment it fails, next to the default reporter. Vitest prints them
 * only once the whole run has ended, so a run stopped part-way (CI ends the PostgreSQL lane when the
 * main lane fails first) named its failed tests and never said why: two fault tests of a CI run of
 * 6d74659 stayed unexplained.
 */
export default class FailuresAsTheyCome implements Reporter {
  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    if (result.state !== 'failed') return;
    const lines = [`${testCase.module.moduleId} > ${testCase.fullName}`];
    for (const error of result.errors) {
      const text = [`${error.name ?? 'Error'}: ${error.message}`, ...(error.diff ? [error.diff] : [])].join(
        '\n',
      );
      const where =
        error.stacks?.find((frame) => /\.(test|spec)\.tsx?$/.test(frame.file)) ?? error.stacks?.[0];
      lines.push(
        ...stripVTControlCharacters(text).split('\n').slice(0, LINES_PER_ERROR),
        ...(where ? [`at ${where.file}:${where.line}:${where.column}`] : []),
      );
    }
    process.stderr.write(`${lines.map((line) => `${MARK} ${line}`).join('\n')}\n`);
  }
}
