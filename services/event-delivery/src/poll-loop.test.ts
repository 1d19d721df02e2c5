import { createPollLoop, type PollLoop } from './poll-loop';

/** Resolves after the pending promise callbacks and a timer turn have run. */
const settleTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

/** A gate a test opens by hand: the poll in progress waits on it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('poll loop', () => {
  const loops: PollLoop[] = [];
  afterEach(async () => {
    await Promise.all(loops.splice(0).map((l) => l.stop()));
  });

  function start(options: Parameters<typeof createPollLoop>[0]): PollLoop {
    const loop = createPollLoop(options);
    loops.push(loop);
    loop.start();
    return loop;
  }

  it('polls again at once while a poll says more may be due, then waits pollMs', async () => {
    const answers = [true, true, false];
    let polls = 0;
    start({
      pollMs: 60_000,
      poll: async () => answers[polls++] ?? false,
      onError: () => undefined,
    });
    await settleTurn();
    expect(polls).toBe(3);
    await settleTurn();
    expect(polls).toBe(3);
  });

  it('polls again after pollMs when idle', async () => {
    let polls = 0;
    start({
      pollMs: 20,
      poll: async () => {
        polls += 1;
        return false;
      },
      onError: () => undefined,
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(polls).toBeLessThan(12);
  });

  it('wake ends a wait at once, and a wake during a poll skips the next wait', async () => {
    let polls = 0;
    let hold: ReturnType<typeof gate> | undefined;
    const loop = start({
      pollMs: 60_000,
      poll: async () => {
        polls += 1;
        if (hold) await hold.opened;
        return false;
      },
      onError: () => undefined,
    });
    await settleTurn();
    expect(polls).toBe(1);
    loop.wake();
    await settleTurn();
    expect(polls).toBe(2);

    hold = gate();
    loop.wake();
    await settleTurn();
    expect(polls).toBe(3); // polling, held
    loop.wake(); // remembered: the loop does not wait after this poll
    hold.open();
    hold = undefined;
    await settleTurn();
    expect(polls).toBe(4);
    await settleTurn();
    expect(polls).toBe(4);
  });

  it('nudge ends a wait, but one during a poll is not remembered', async () => {
    let polls = 0;
    let hold: ReturnType<typeof gate> | undefined;
    const loop = start({
      pollMs: 60_000,
      poll: async () => {
        polls += 1;
        if (hold) await hold.opened;
        return false;
      },
      onError: () => undefined,
    });
    await settleTurn();
    loop.nudge();
    await settleTurn();
    expect(polls).toBe(2);

    hold = gate();
    loop.wake();
    await settleTurn();
    expect(polls).toBe(3);
    loop.nudge();
    hold.open();
    hold = undefined;
    await settleTurn();
    expect(polls).toBe(3);
  });

  it('reports a failed poll and goes on polling', async () => {
    const errors: unknown[] = [];
    let polls = 0;
    start({
      pollMs: 10,
      poll: async () => {
        polls += 1;
        if (polls === 1) throw new Error('database gone');
        return false;
      },
      onError: (err) => errors.push(err),
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(errors).toEqual([new Error('database gone')]);
    expect(polls).toBeGreaterThan(1);
  });

  it('stop ends the wait, waits for the poll in progress and for the dispatched work', async () => {
    const poll = gate();
    const work = gate();
    const events: string[] = [];
    const loop = createPollLoop({
      pollMs: 60_000,
      poll: async () => {
        events.push('poll');
        await poll.opened;
        return true;
      },
      onError: () => undefined,
      settle: async () => {
        await work.opened;
        events.push('settled');
      },
    });
    loop.start();
    await settleTurn();
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    poll.open();
    await settleTurn();
    expect(stopped).toBe(false);
    work.open();
    await stopping;
    expect(events).toEqual(['poll', 'settled']);
  });
});
