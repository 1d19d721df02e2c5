import { createPscPartner, PscPartnerError, type PscPartner } from './psc-partner';
import { startPscEmulators, type RunningPscEmulators } from './psc-emulator';

/** The PSC adapter against the lab emulator over real HTTP: directory, slots, booking, faults. */

const patient = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  dob: '1990-01-02',
  gender: 'female' as const,
  phone_number: '+12125550100',
  email: 'ada@example.com',
};

describe('PSC partner adapter', () => {
  let labs: RunningPscEmulators;
  let quest: PscPartner;
  let now: Date;

  beforeAll(async () => {
    labs = await startPscEmulators();
    quest = createPscPartner('quest', { ...labs.config.quest, timeoutMs: 10_000 });
  });
  afterAll(() => labs.close());
  beforeEach(() => {
    now = new Date();
    labs.emulators.quest.emulator.setNow(() => now);
  });
  afterEach(() => labs.emulators.quest.emulator.faults.clear());

  const code = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      expect(err).toBeInstanceOf(PscPartnerError);
      return (err as PscPartnerError).code;
    }
    throw new Error('expected a failure');
  };
  const firstSlot = async (site = 'QNY001') => {
    const [avail] = await quest.availability([site], now.toISOString().slice(0, 10), 7);
    return avail!.days.flatMap((d) => d.slots).find((s) => s.remaining > 0)!;
  };

  it('lists sites nearest first within the radius, with distances', async () => {
    const near = await quest.sites({ zipCode: '10001', radiusMiles: 10 });
    expect(near.map((s) => s.code)).toEqual(['QNY001', 'QNY002', 'QBK001']);
    expect(near[0]!.distanceMiles).toBe(0);
    expect(near[0]!.address).toMatchObject({ first_line: '5 W 34th St', zip_code: '10001' });
    expect(await quest.sites({ zipCode: '99999', radiusMiles: 100 })).toEqual([]);
    expect((await quest.sites({ siteCodes: ['QCH001'], radiusMiles: 25 }))[0]!.distanceMiles).toBeNull();
  });

  it('books idempotently, refuses taken and expired slots, reschedules and cancels', async () => {
    const slot = await firstSlot();
    const input = { slotId: slot.slotId, patient, orderRef: 'order-1', notes: null, idempotencyKey: 'k-1' };
    const booked = await quest.book(input);
    expect(booked).toMatchObject({ status: 'confirmed', partnerStatus: 'booked', siteCode: 'QNY001' });
    expect((await quest.book(input)).externalId).toBe(booked.externalId);
    expect(await code(quest.book({ ...input, idempotencyKey: 'k-2' }))).toBe('slot_unavailable');
    const later = await firstSlot('QNY002');
    now = new Date(later.expiresAtMs + 1);
    expect(await code(quest.reschedule(booked.externalId, later.slotId))).toBe('slot_expired');
    now = new Date();
    const fresh = await firstSlot('QNY002');
    const moved = await quest.reschedule(booked.externalId, fresh.slotId);
    expect(moved).toMatchObject({ siteCode: 'QNY002', startMs: fresh.startMs });
    expect(moved.updatedAtMs).toBeGreaterThan(booked.updatedAtMs);
    expect((await quest.cancel(booked.externalId, 'patient_requested', null)).status).toBe('cancelled');
    expect(await code(quest.reschedule(booked.externalId, (await firstSlot()).slotId))).toBe('invalid_state');
    expect(await code(quest.get('psc_unknown'))).toBe('not_found');
    expect(await code(quest.book({ ...input, slotId: 'slot_unknown', idempotencyKey: 'k-3' }))).toBe(
      'slot_invalid',
    );
  });

  it.each([
    [{ serverError: 502 }, 'unavailable'],
    [{ malformed: true }, 'bad_response'],
    [{ wrongShape: true }, 'bad_response'],
    [{ rateLimit: { retryAfterSeconds: 7 } }, 'rate_limited'],
  ])('types the fault %j as %s', async (fault, expected) => {
    labs.emulators.quest.emulator.faults.set(fault);
    expect(await code(quest.sites({ zipCode: '10001', radiusMiles: 25 }))).toBe(expected);
  });

  it('reports refused credentials and a timeout', async () => {
    const wrong = createPscPartner('quest', { ...labs.config.quest, apiKey: 'nope' });
    expect(await code(wrong.sites({ zipCode: '10001', radiusMiles: 25 }))).toBe('auth_failed');
    labs.emulators.quest.emulator.faults.set({ delayMs: 2000 });
    const impatient = createPscPartner('quest', { ...labs.config.quest, timeoutMs: 200 });
    expect(await code(impatient.sites({ zipCode: '10001', radiusMiles: 25 }))).toBe('unavailable');
  });
});
