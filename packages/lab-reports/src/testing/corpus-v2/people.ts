/** Fictional labs, patients, physicians and identifiers per region (any resemblance to real ones is accidental). */
import type { Region } from './markers';
import type { Random } from '../corpus/random';

export interface LabV2 {
  name: string;
  address: string;
  phone: string;
  /** Prefix for specimen numbers. */
  code: string;
}

export const LABS_V2: Record<Region, readonly LabV2[]> = {
  us: [
    {
      name: 'Bramblewood Clinical Laboratory',
      address: '2210 Pellham Avenue, Corydon, IN 47112',
      phone: '(555) 013-4410',
      code: 'BW',
    },
    {
      name: 'Silverlake Reference Labs',
      address: '19 Ostrander Blvd, Suite 4, Lakemont, NY 12110',
      phone: '(555) 016-2093',
      code: 'SL',
    },
    {
      name: 'Prairie Sky Diagnostics',
      address: '808 Juniper Road, Harlow, KS 66044',
      phone: '(555) 019-7731',
      code: 'PS',
    },
    {
      name: 'Copperline Medical Laboratories',
      address: '4 Tidewater Plaza, Beaumont Cove, SC 29401',
      phone: '(555) 012-0096',
      code: 'CM',
    },
  ],
  uk: [
    {
      name: 'Fernleigh Pathology Services',
      address: 'Fernleigh General Hospital, Ashby Road, Fernleigh, LE11 4QT, United Kingdom',
      phone: '01509 555 210',
      code: 'FP',
    },
    {
      name: 'Kingsmere Hospitals NHS Trust',
      address: 'Department of Clinical Biochemistry, Kingsmere, KM4 7HD, UK',
      phone: '0161 555 0420',
      code: 'KM',
    },
    {
      name: 'Harrowgate Blood Sciences',
      address: '12 Carrick Lane, Harrowgate, HG2 9PL, United Kingdom',
      phone: '01423 555 117',
      code: 'HB',
    },
  ],
  au: [
    {
      name: 'Wattle Creek Pathology',
      address: '44 Banksia Street, Wattle Creek NSW 2570, Australia',
      phone: '(02) 5550 1840',
      code: 'WC',
    },
    {
      name: 'Southern Cross Diagnostic Laboratories',
      address: '310 Flinders Parade, Port Avalon VIC 3215, Australia',
      phone: '(03) 5550 7721',
      code: 'SX',
    },
    {
      name: 'Coral Bay Pathology',
      address: '7 Esplanade Road, Coral Bay QLD 4870, Australia',
      phone: '(07) 5550 3092',
      code: 'CB',
    },
  ],
  ca: [
    {
      name: 'Maplecrest Medical Laboratories',
      address: '1150 Rue Laval, Trois-Pins, QC G8T 2K4, Canada',
      phone: '(555) 014-8890',
      code: 'MC',
    },
    {
      name: 'Northern Lights Lab Services',
      address: '77 Spruce Avenue, Red Deer Falls, AB T4N 3L2, Canada',
      phone: '(555) 017-2245',
      code: 'NL',
    },
    {
      name: 'Lakeshore Community Laboratory',
      address: '402 Harbour Street, Kingsbay, ON K7L 1C9, Canada',
      phone: '(555) 011-6672',
      code: 'LC',
    },
  ],
  in: [
    {
      name: 'Sahyadri Diagnostics & Research Centre',
      address: 'Plot 14, Baner Road, Pune 411045, Maharashtra, India',
      phone: '+91 20 5550 1122',
      code: 'SD',
    },
    {
      name: 'Lotus Path Labs',
      address: '2nd Floor, Anna Salai, Chennai 600002, Tamil Nadu, India',
      phone: '+91 44 5550 8871',
      code: 'LP',
    },
    {
      name: 'Ganga Healthcare Laboratory',
      address: 'B-22, Sector 18, Noida 201301, Uttar Pradesh, India',
      phone: '+91 120 555 0190',
      code: 'GH',
    },
  ],
};

const NAMES: Record<Region, { female: readonly string[]; male: readonly string[]; last: readonly string[] }> =
  {
    us: {
      female: [
        'Jessica',
        'Latoya',
        'Megan',
        'Rosalind',
        'Carmen',
        'Delphine',
        'Hannah',
        'Marisol',
        'Brianna',
        'Gwendolyn',
      ],
      male: [
        'Marcus',
        'Tyler',
        'Reginald',
        'Cody',
        'Hector',
        'Everett',
        'Darnell',
        'Bradley',
        'Julian',
        'Wesley',
      ],
      last: [
        'Whitaker',
        'Gonzalez',
        'McAllister',
        'Washington',
        'Kowalski',
        'Brennan',
        'Holloway',
        'Stanfield',
        'Ruiz',
        'Okonkwo',
        'DeLuca',
        'Hargrove',
      ],
    },
    uk: {
      female: [
        'Amelia',
        'Imogen',
        'Siobhan',
        'Harriet',
        'Niamh',
        'Poppy',
        'Eleanor',
        'Bethan',
        'Aisha',
        'Rhiannon',
      ],
      male: [
        'Oliver',
        'Callum',
        'Rhys',
        'Alistair',
        'Hamish',
        'Tobias',
        'Declan',
        'Rupert',
        'Imran',
        'Gareth',
      ],
      last: [
        'Whitfield',
        'Pryce',
        'Fairbairn',
        'Hughes',
        'Ashworth',
        'MacLeod',
        'Featherstone',
        'Okoye',
        'Llewellyn',
        'Chaudhry',
        'Blackwood',
        'Thistlethwaite',
      ],
    },
    au: {
      female: [
        'Chloe',
        'Matilda',
        'Sienna',
        'Kylie',
        'Thi Lan',
        'Jacinta',
        'Bronwyn',
        'Ruby',
        'Tahlia',
        'Georgia',
      ],
      male: [
        'Lachlan',
        'Jarrah',
        'Brodie',
        'Cooper',
        'Minh',
        'Fletcher',
        'Darcy',
        'Angus',
        'Kieran',
        'Baxter',
      ],
      last: [
        'Nguyen',
        'Kowalczyk',
        'Fitzgerald',
        'Papadopoulos',
        'Walsh',
        'Tran',
        'Henderson',
        'Costello',
        'Morgan-Reid',
        'Baker',
        'Rossi',
        'Campbell',
      ],
    },
    ca: {
      female: [
        'Genevieve',
        'Chantal',
        'Madison',
        'Aurelie',
        'Priya',
        'Brooke',
        'Isabelle',
        'Mackenzie',
        'Mei',
        'Josee',
      ],
      male: ['Mathieu', 'Liam', 'Etienne', 'Connor', 'Arjun', 'Gabriel', 'Owen', 'Yannick', 'Wei', 'Tristan'],
      last: [
        'Tremblay',
        'Gagnon',
        'Bouchard',
        'MacDonald',
        'Sandhu',
        'Lefebvre',
        'Fraser',
        'Chen',
        'Pelletier',
        'Grewal',
        'Morrison',
        'Leblanc',
      ],
    },
    in: {
      female: [
        'Priya',
        'Ananya',
        'Kavita',
        'Lakshmi',
        'Sneha',
        'Meenakshi',
        'Pooja',
        'Divya',
        'Farah',
        'Shalini',
      ],
      male: [
        'Rahul',
        'Arjun',
        'Venkatesh',
        'Sanjay',
        'Imtiaz',
        'Rohan',
        'Karthik',
        'Suresh',
        'Aditya',
        'Manoj',
      ],
      last: [
        'Sharma',
        'Iyer',
        'Venkataraman',
        'Patil',
        'Deshpande',
        'Khan',
        'Reddy',
        'Banerjee',
        'Nair',
        'Gupta',
        'Kulkarni',
        'Chatterjee',
      ],
    },
  };

const PHYSICIANS: Record<Region, readonly string[]> = {
  us: ['Dr. Alicia Navarro', 'Dr. Graham Pettit', 'Dr. Simone Achebe', 'Dr. Howard Kline'],
  uk: ['Dr S. Pattinson', 'Dr R. Mehta', 'Dr J. Quayle', 'Dr H. Orme'],
  au: ['Dr K. Lindqvist', 'Dr P. Taufa', "Dr M. O'Rourke", 'Dr L. Zhang'],
  ca: ['Dr. Nathalie Roy', 'Dr. Peter Olsen', 'Dr. Harjit Gill', 'Dr. Claire Dubois'],
  in: ['Dr. R. K. Mehrotra', 'Dr. Sunita Joshi', 'Dr. A. Balasubramanian', 'Dr. Vikram Sethi'],
};

export interface PatientV2 {
  first: string;
  last: string;
  /** YYYY-MM-DD */
  dob: string;
  gender: 'male' | 'female';
}

function iso(y: number, m: number, d: number): string {
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function addDaysV2(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function makePatientV2(random: Random, region: Region): PatientV2 {
  const gender = random.chance(0.5) ? 'female' : 'male';
  const pool = NAMES[region];
  const first = random.pick(gender === 'male' ? pool.male : pool.female);
  return {
    first: first.includes(' ') ? (first.split(' ')[0] as string) : first,
    last: random.pick(pool.last),
    dob: iso(random.int(1938, 2006), random.int(1, 12), random.int(1, 28)),
    gender,
  };
}

/** Collection / report dates. With `dayOver12`, the collection day is 13–28 so that DD/MM order is decidable. */
export function makeDatesV2(random: Random, dayOver12: boolean): { collected: string; reported: string } {
  const collected = iso(
    random.int(2023, 2025),
    random.int(1, 12),
    dayOver12 ? random.int(13, 28) : random.int(1, 28),
  );
  return { collected, reported: addDaysV2(collected, random.int(0, 3)) };
}

export function makeSpecimenV2(random: Random, region: Region, lab: LabV2, collected: string): string {
  const yy = collected.slice(2, 4);
  const n = (k: number) => String(random.int(0, 10 ** k - 1)).padStart(k, '0');
  switch (region) {
    case 'us':
      return random.chance(0.5) ? `${n(3)}-${n(3)}-${n(4)}-${random.int(0, 9)}` : `${lab.code}${yy}-${n(7)}`;
    case 'uk':
      return random.chance(0.5)
        ? `${yy}${String.fromCharCode(65 + random.int(0, 25))}${n(7)}`
        : `${lab.code}${n(8)}`;
    case 'au':
      return random.chance(0.5) ? `${yy}-${n(6)}-${random.int(1, 9)}` : `${lab.code}${n(7)}`;
    case 'ca':
      return random.chance(0.5) ? `C${n(8)}` : `${lab.code}-${yy}-${n(6)}`;
    case 'in':
      return random.chance(0.5) ? `${n(10)}` : `${lab.code}/${yy}/${n(6)}`;
  }
}

/** A patient identifier of the region (MRN / NHS number / UR number / health card / UHID): a distractor. */
export function makePatientIdV2(random: Random, region: Region): { label: string; value: string } {
  const n = (k: number) => String(random.int(0, 10 ** k - 1)).padStart(k, '0');
  switch (region) {
    case 'us':
      return { label: 'MRN', value: `${n(8)}` };
    case 'uk':
      return { label: 'NHS No', value: `${n(3)} ${n(3)} ${n(4)}` };
    case 'au':
      return { label: 'UR No', value: `${n(7)}` };
    case 'ca':
      return { label: 'Health Card', value: `${n(4)}-${n(3)}-${n(3)}` };
    case 'in':
      return { label: 'UHID', value: `UH${n(8)}` };
  }
}

export function pickPhysicianV2(random: Random, region: Region): string {
  return random.pick(PHYSICIANS[region]);
}
