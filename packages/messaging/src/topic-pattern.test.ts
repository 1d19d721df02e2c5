import { matchesTopicPattern } from './topic-pattern';

describe('matchesTopicPattern', () => {
  it.each([
    ['parser.job.requested', 'parser.job.requested', true],
    ['parser.job.requested', 'parser.job.cancelled', false],
    ['parser.job.requested', 'parser.job.requested.extra', false],
    ['scheduler.task.#', 'scheduler.task', true],
    ['scheduler.task.#', 'scheduler.task.purge', true],
    ['scheduler.task.#', 'scheduler.task.purge.deletion', true],
    ['scheduler.task.#', 'scheduler.tasks', false],
    ['event.#', 'eventual', false],
    ['*.created', 'user.created', true],
    ['*.created', 'created', false],
    ['*.created', 'a.user.created', false],
    ['#', '', true],
    ['#', 'a.b.c', true],
    ['a.#.z', 'a.z', true],
    ['a.#.z', 'a.b.c.z', true],
    ['a.#.z', 'a.b.c', false],
    ['#.*', 'a', true],
    ['#.*', '', false],
  ])('%s against %s -> %s', (pattern, key, expected) => {
    expect(matchesTopicPattern(pattern, key)).toBe(expected);
  });
});
