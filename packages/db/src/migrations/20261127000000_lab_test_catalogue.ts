import type { Knex } from 'knex';

/**
 * Lab testing catalogue (issue 13, api-shapes §6.4): the labs and their marker compendium (platform reference
 * data, the same for every team), and each team environment's lab tests built from those markers.
 *
 * The compendium below is the local lab simulator's: marker names and LOINC codes are the lab-report parser's
 * catalogue entries (packages/lab-reports/src/loinc; lab-tests.catalogue.int.test.ts checks they stay so);
 * `provider_id` is the simulator's order code for the marker (`<lab code>-<n>`), not a real lab's code. It is
 * written out here, frozen, like any migration; a later compendium change is a new migration.
 */

interface LabRow {
  id: number;
  slug: string;
  name: string;
  code: string;
  methods: string[];
  samples: string[];
  tat: [number, number];
}

const LABS: LabRow[] = [
  {
    id: 1,
    slug: 'quest',
    name: 'Quest Diagnostics',
    code: 'QST',
    methods: ['at_home_phlebotomy', 'walk_in_test', 'on_site_collection'],
    samples: ['serum', 'urine'],
    tat: [3, 7],
  },
  {
    id: 2,
    slug: 'labcorp',
    name: 'Labcorp',
    code: 'LBC',
    methods: ['at_home_phlebotomy', 'walk_in_test', 'on_site_collection', 'testkit'],
    samples: ['serum', 'urine', 'dried_blood_spot', 'saliva'],
    tat: [3, 7],
  },
  {
    id: 3,
    slug: 'bioreference',
    name: 'BioReference',
    code: 'BRL',
    methods: ['at_home_phlebotomy', 'on_site_collection', 'testkit'],
    samples: ['serum', 'urine', 'dried_blood_spot', 'arm_collector'],
    tat: [4, 10],
  },
  {
    id: 4,
    slug: 'sonora_quest',
    name: 'Sonora Quest Laboratories',
    code: 'SQL',
    methods: ['at_home_phlebotomy', 'walk_in_test', 'on_site_collection'],
    samples: ['serum', 'urine'],
    tat: [3, 7],
  },
];

/** [n, name, slug, LOINC, unit, price in USD]: offered by every lab above. */
const MARKERS: [number, string, string, string, string | null, number][] = [
  [1, 'Total cholesterol', 'total-cholesterol', '2093-3', 'mg/dL', 6],
  [2, 'HDL cholesterol', 'hdl-cholesterol', '2085-9', 'mg/dL', 6],
  [3, 'LDL cholesterol (calculated)', 'ldl-cholesterol-calculated', '13457-7', 'mg/dL', 4],
  [4, 'Triglycerides', 'triglycerides', '2571-8', 'mg/dL', 6],
  [5, 'Glucose', 'glucose', '2345-7', 'mg/dL', 4],
  [6, 'BUN', 'bun', '3094-0', 'mg/dL', 4],
  [7, 'Creatinine', 'creatinine', '2160-0', 'mg/dL', 4],
  [8, 'Sodium', 'sodium', '2951-2', 'mmol/L', 3],
  [9, 'Potassium', 'potassium', '2823-3', 'mmol/L', 3],
  [10, 'Chloride', 'chloride', '2075-0', 'mmol/L', 3],
  [11, 'Carbon dioxide', 'carbon-dioxide', '2028-9', 'mmol/L', 3],
  [12, 'Calcium', 'calcium', '17861-6', 'mg/dL', 3],
  [13, 'Total protein', 'total-protein', '2885-2', 'g/dL', 3],
  [14, 'Albumin', 'albumin', '1751-7', 'g/dL', 3],
  [15, 'Total bilirubin', 'total-bilirubin', '1975-2', 'mg/dL', 3],
  [16, 'Alkaline phosphatase', 'alkaline-phosphatase', '6768-6', 'U/L', 3],
  [17, 'ALT', 'alt', '1742-6', 'U/L', 3],
  [18, 'AST', 'ast', '1920-8', 'U/L', 3],
  [19, 'eGFR', 'egfr', '98979-8', 'mL/min/1.73m2', 2],
  [20, 'Hemoglobin A1c', 'hemoglobin-a1c', '4548-4', '%', 12],
  [21, 'TSH', 'tsh', '3016-3', 'uIU/mL', 14],
  [22, 'Free T4', 'free-t4', '3024-7', 'ng/dL', 14],
  [23, 'Free T3', 'free-t3', '3051-0', 'pg/mL', 16],
  [24, 'White blood cell count', 'white-blood-cell-count', '6690-2', 'x10E3/uL', 3],
  [25, 'Red blood cell count', 'red-blood-cell-count', '789-8', 'x10E6/uL', 3],
  [26, 'Hemoglobin', 'hemoglobin', '718-7', 'g/dL', 3],
  [27, 'Hematocrit', 'hematocrit', '4544-3', '%', 3],
  [28, 'Platelet count', 'platelet-count', '777-3', 'x10E3/uL', 3],
  [29, 'Vitamin D, 25-hydroxy', 'vitamin-d-25-hydroxy', '62292-8', 'ng/mL', 25],
  [30, 'Ferritin', 'ferritin', '2276-4', 'ng/mL', 12],
  [31, 'Iron', 'iron', '2498-4', 'ug/dL', 8],
  [32, 'Vitamin B12', 'vitamin-b12', '2132-9', 'pg/mL', 15],
  [33, 'Folate', 'folate', '2284-8', 'ng/mL', 15],
  [34, 'hs-CRP', 'hs-crp', '30522-7', 'mg/L', 14],
  [35, 'Testosterone', 'testosterone', '2986-8', 'ng/dL', 20],
  [36, 'PSA', 'psa', '2857-1', 'ng/mL', 18],
  [37, 'Magnesium', 'magnesium', '19123-9', 'mg/dL', 6],
];

const METHODS = `'testkit','walk_in_test','at_home_phlebotomy','on_site_collection'`;
const SAMPLE_TYPES = `'dried_blood_spot','arm_collector','serum','saliva','urine'`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table labs (
      id integer primary key check (id > 0),
      slug text not null unique check (slug ~ '^[a-z0-9_]{1,64}$'),
      name text not null check (char_length(name) between 1 and 200),
      code text not null unique check (code ~ '^[A-Z0-9]{2,8}$'),
      collection_methods text[] not null check (collection_methods <@ array[${METHODS}]),
      sample_types text[] not null check (sample_types <@ array[${SAMPLE_TYPES}]),
      common_tat_days integer not null check (common_tat_days between 0 and 365),
      worst_case_tat_days integer not null check (worst_case_tat_days between 0 and 365),
      created_at timestamptz not null default now(),
      check (worst_case_tat_days >= common_tat_days)
    );
    comment on table labs is 'Labs that fulfil lab-test orders (platform reference data): methods, sample types, turnaround.';

    create table lab_markers (
      id integer primary key check (id > 0),
      lab_id integer not null references labs(id) on delete cascade,
      name text not null check (char_length(name) between 1 and 200),
      slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 200),
      provider_id text not null check (char_length(provider_id) between 1 and 64),
      loinc text check (loinc ~ '^[0-9]{1,7}-[0-9]$'),
      unit text check (char_length(unit) <= 64),
      price numeric(10, 2) not null default 0 check (price >= 0),
      created_at timestamptz not null default now(),
      unique (lab_id, provider_id),
      unique (lab_id, slug)
    );
    create index lab_markers_loinc_idx on lab_markers(loinc) where loinc is not null;
    comment on table lab_markers is
      'Each lab''s orderable markers (its compendium): the lab''s order code (provider_id), LOINC, unit, list price.';

    create table lab_tests (
      id uuid primary key,
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production', 'sandbox')),
      slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 220),
      name text not null check (char_length(name) between 1 and 200),
      method text not null check (method in (${METHODS})),
      sample_type text not null check (sample_type in (${SAMPLE_TYPES})),
      lab_id integer references labs(id),
      price numeric(12, 2) not null check (price >= 0),
      status text not null default 'active' check (status in ('active', 'pending_approval', 'inactive')),
      fasting boolean not null default false,
      is_delegated boolean not null default false,
      auto_generated boolean not null default false,
      has_collection_instructions boolean not null default true,
      common_tat_days integer check (common_tat_days between 0 and 365),
      worst_case_tat_days integer check (worst_case_tat_days between 0 and 365),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (team_id, environment, slug),
      -- Target of tenant-consistent foreign keys (orders reference a lab test of their own team environment).
      unique (id, team_id, environment)
    );
    create index lab_tests_page_idx on lab_tests(team_id, environment, created_at, id);
    comment on table lab_tests is
      'Lab tests of a team environment: a method, sample type and the markers of one lab; price is the markers'' sum.';

    create table lab_test_markers (
      lab_test_id uuid not null references lab_tests(id) on delete cascade,
      marker_id integer not null references lab_markers(id),
      position smallint not null check (position >= 0),
      primary key (lab_test_id, marker_id)
    );
    create index lab_test_markers_marker_idx on lab_test_markers(marker_id);
    comment on table lab_test_markers is 'The markers of a lab test, in the order they were given.';

    create table lab_test_catalogue_seeds (
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production', 'sandbox')),
      version integer not null check (version > 0),
      seeded_at timestamptz not null default now(),
      primary key (team_id, environment)
    );
    comment on table lab_test_catalogue_seeds is
      'Team environments whose starter catalogue was seeded (sandbox, on first catalogue use); never seeded twice.';
  `);

  await knex('labs').insert(
    LABS.map((l) => ({
      id: l.id,
      slug: l.slug,
      name: l.name,
      code: l.code,
      collection_methods: l.methods,
      sample_types: l.samples,
      common_tat_days: l.tat[0],
      worst_case_tat_days: l.tat[1],
    })),
  );
  await knex('lab_markers').insert(
    LABS.flatMap((l) =>
      MARKERS.map(([n, name, slug, loinc, unit, price]) => ({
        id: l.id * 1000 + n,
        lab_id: l.id,
        name,
        slug,
        provider_id: `${l.code}-${String(n).padStart(3, '0')}`,
        loinc,
        unit,
        price,
      })),
    ),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop table if exists lab_test_catalogue_seeds, lab_test_markers, lab_tests, lab_markers, labs cascade',
  );
}
