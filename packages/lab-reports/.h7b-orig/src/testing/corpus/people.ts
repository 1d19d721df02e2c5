/** Fictional labs, patients and physicians (any resemblance to real ones is accidental). */
import type { Lab, Patient } from './layouts';
import type { Random } from './random';

export const LABS: readonly Lab[] = [
  {
    name: 'Ambervale Clinical Laboratories',
    code: 'AV',
    address: '4120 Tamsin Parkway, Dorrance, OH 43210',
    phone: '(555) 014-2231',
    director: 'Miriam Costa, MD',
  },
  {
    name: 'Corvane Diagnostics',
    code: 'CD',
    address: '88 Wexley Road, Suite 300, Palmerton, TX 75001',
    phone: '(555) 017-9080',
    director: 'Julian Okoro, MD, PhD',
  },
  {
    name: 'Halloway Reference Lab',
    code: 'HR',
    address: '2 Quarry Hill Drive, Eastbrook, MA 01701',
    phone: '(555) 010-4477',
    director: 'Ruth Adeyemi, MD',
  },
  {
    name: 'Tessel Medical Laboratory',
    code: 'TM',
    address: '1550 Larkspur Avenue, Fenmore, CA 94016',
    phone: '(555) 012-6610',
    director: 'Graham Whitcombe, MD',
  },
  {
    name: 'Oakmere Pathology Group',
    code: 'OP',
    address: '307 Cinder Lane, Millbridge, WI 53703',
    phone: '(555) 019-3348',
    director: 'Sunita Rao, MD',
  },
  {
    name: 'Wrenfield Lab Services',
    code: 'WL',
    address: '940 Harrow Street, Kestrel Falls, CO 80202',
    phone: '(555) 015-7702',
    director: 'Elliot Brandt, DO',
  },
  {
    name: 'Kestrel Point Diagnostics',
    code: 'KP',
    address: '71 Marlow Court, Aspen Ridge, GA 30301',
    phone: '(555) 011-5924',
    director: 'Nadia Ferreira, MD',
  },
  {
    name: 'Lumen Ridge Laboratories',
    code: 'LR',
    address: '6600 Old Mill Road, Thornbury, NC 27601',
    phone: '(555) 018-0415',
    director: 'Howard Liang, MD',
  },
];

const FIRST_FEMALE = [
  'Maren',
  'Elise',
  'Priya',
  'Keiko',
  'Harriet',
  'Noor',
  'Ingrid',
  'Yolanda',
  'Beatrix',
  'Odessa',
  'Linnea',
  'Tamsin',
];
const FIRST_MALE = [
  'Tobias',
  'Rowan',
  'Dmitri',
  'Alonzo',
  'Silas',
  'Wendell',
  'Casimir',
  'Fenwick',
  'Anselm',
  'Jasper',
  'Osric',
  'Leland',
];
const LAST = [
  'Calloway',
  'Brightwater',
  'Okafor',
  'Lindqvist',
  'Ashdown',
  'Pemberton',
  'Vasquez',
  'Thornquist',
  'Marchetti',
  'Abernathy',
  'Delacroix',
  'Fairweather',
  'Kowalczyk',
  'Nakamura',
  'Oyelaran',
  'Sundqvist',
];
const PHYSICIANS = [
  'Dr. Imogen Thale',
  'Dr. Caspar Wynne',
  'Dr. Lucia Ferrand',
  'Dr. Theo Marsh',
  'Dr. Amara Quint',
  'Dr. Victor Hale',
];

function isoDate(y: number, m: number, d: number): string {
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function makePatient(random: Random, gender?: Patient['gender']): Patient {
  const g = gender ?? (random.chance(0.5) ? 'female' : 'male');
  const first = random.pick(g === 'male' ? FIRST_MALE : FIRST_FEMALE);
  // Day ≤ 12 in half of the cases: US month/day order matters for those.
  return {
    first,
    last: random.pick(LAST),
    dob: isoDate(random.int(1941, 2004), random.int(1, 12), random.int(1, 28)),
    gender: g,
  };
}

export function makeDates(random: Random): { collected: string; received: string; reported: string } {
  const collected = isoDate(random.int(2023, 2025), random.int(1, 12), random.int(1, 28));
  const received = addDays(collected, random.int(0, 1));
  return { collected, received, reported: addDays(received, random.int(1, 3)) };
}

export function makeSpecimen(random: Random, lab: Lab, collected: string): string {
  const yy = collected.slice(2, 4);
  const n = String(random.int(1, 9_999_999)).padStart(7, '0');
  switch (random.int(0, 2)) {
    case 0:
      return `${lab.code}${yy}-${n}`;
    case 1:
      return `${n.slice(0, 3)}-${n.slice(3)}-${random.int(10, 99)}`;
    default:
      return `${lab.code}${n}${String.fromCharCode(65 + random.int(0, 25))}`;
  }
}

export function pickPhysician(random: Random): string {
  return random.pick(PHYSICIANS);
}
