import { BadRequestError } from '@meridian/domain';
import { areaInfo, partnersServing } from './area-info';
import { startPhlebotomyEmulators, type RunningPhlebotomyEmulators } from './emulators';
import { PartnerUnavailableError } from './errors';
import type { PhlebotomyPartner } from './phlebotomy-partner';
import { createPhlebotomyPartners, partnerByProvider } from './phlebotomy-partners';

let running: RunningPhlebotomyEmulators;
let partners: PhlebotomyPartner[];

beforeEach(async () => {
  running = await startPhlebotomyEmulators({ phlebfinders: { assignAfterMs: null } });
  partners = createPhlebotomyPartners({
    getlabs: { ...running.config.getlabs!, timeoutMs: 2000 },
    phlebfinders: { ...running.config.phlebfinders!, timeoutMs: 2000 },
  });
});

afterEach(async () => {
  await running.close();
});

describe('areaInfo', () => {
  it('lists the providers serving a zip code with their service types', async () => {
    const both = await areaInfo('10001', partners);
    expect(both).toMatchObject({
      zip_code: '10001',
      is_served: true,
      timezone: 'America/New_York',
      unreachable: [],
    });
    expect(both.providers).toEqual([
      { name: 'getlabs', service_types: ['appointment-ready'] },
      { name: 'phlebfinders', service_types: ['appointment-request'] },
    ]);
    expect((await areaInfo('94103', partners)).providers).toEqual([
      { name: 'getlabs', service_types: ['appointment-ready'] },
    ]);
    expect((await areaInfo('85004', partners)).providers).toEqual([
      { name: 'phlebfinders', service_types: ['appointment-request'] },
    ]);
    expect(await areaInfo('99999', partners)).toMatchObject({
      is_served: false,
      providers: [],
      timezone: null,
    });
  });

  it('follows the partners’ configured areas and Meridian’s own rules', async () => {
    running.getlabs.emulator.setServedAreas({ '99999': 'Pacific/Honolulu' });
    expect(await areaInfo('99999', partners)).toMatchObject({
      is_served: true,
      timezone: 'Pacific/Honolulu',
      providers: [{ name: 'getlabs', service_types: ['appointment-ready'] }],
    });
    const res = await fetch(`${running.phlebfinders.server.url}/__emulator/areas`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ '99999': 'Pacific/Honolulu' }),
    });
    expect(res.status).toBe(200);
    expect((await areaInfo('99999', partners)).providers.map((p) => p.name)).toEqual([
      'getlabs',
      'phlebfinders',
    ]);
    // Meridian offers the beta partner only where the rules allow it.
    const limited = await areaInfo('99999', partners, { phlebfinders: { only: ['85004'] } });
    expect(limited.providers.map((p) => p.name)).toEqual(['getlabs']);
    const excluded = await areaInfo('99999', partners, { getlabs: { except: ['99999'] } });
    expect(excluded.providers.map((p) => p.name)).toEqual(['phlebfinders']);
    const bad = await fetch(`${running.phlebfinders.server.url}/__emulator/areas`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ '99999': 'EST' }),
    });
    expect(bad.status).toBe(400);
  });

  it('keeps answering when one partner is down, naming it unreachable', async () => {
    running.getlabs.emulator.faults.set({ serverError: 503 });
    const info = await areaInfo('10001', partners);
    expect(info.providers).toEqual([{ name: 'phlebfinders', service_types: ['appointment-request'] }]);
    expect(info.unreachable).toHaveLength(1);
    expect(info.unreachable[0]!.provider).toBe('getlabs');
    expect(info.unreachable[0]!.error).toBeInstanceOf(PartnerUnavailableError);
  });

  it('picks the partners of a tier serving the zip code', async () => {
    const info = await areaInfo('10001', partners);
    expect(partnersServing(info, partners, 'appointment-ready').map((p) => p.provider)).toEqual(['getlabs']);
    expect(partnersServing(info, partners, 'appointment-request').map((p) => p.provider)).toEqual([
      'phlebfinders',
    ]);
    const sf = await areaInfo('94103', partners);
    expect(partnersServing(sf, partners, 'appointment-request')).toEqual([]);
    expect(partnerByProvider(partners, 'phlebfinders')?.serviceType).toBe('appointment-request');
  });

  it('refuses a zip code that is not 5 digits before asking anyone', async () => {
    await expect(areaInfo('1234', partners)).rejects.toBeInstanceOf(BadRequestError);
  });
});
