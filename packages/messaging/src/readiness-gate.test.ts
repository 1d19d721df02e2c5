import { ReadinessGate } from './readiness-gate';

describe('ReadinessGate', () => {
  it('releases waiters when it opens', async () => {
    const gate = new ReadinessGate();
    const waiting = gate.wait(1_000);
    gate.open();
    await expect(waiting).resolves.toBeUndefined();
    expect(gate.isOpen()).toBe(true);
  });

  it('rejects a waiter after the timeout', async () => {
    const gate = new ReadinessGate();
    await expect(gate.wait(20)).rejects.toThrow('not connected to the message broker after waiting 20 ms');
  });

  it('rejects current and future waiters once failed, and stays shut', async () => {
    const gate = new ReadinessGate();
    const waiting = gate.wait(1_000);
    gate.fail(new Error('transport is closed'));
    gate.open();
    await expect(waiting).rejects.toThrow('transport is closed');
    await expect(gate.wait(1_000)).rejects.toThrow('transport is closed');
    expect(gate.isOpen()).toBe(false);
  });
});
