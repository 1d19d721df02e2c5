import type { Knex } from 'knex';

/**
 * Lab-test orders (issue 13, api-shapes §6.2–6.9): orders with their full status history, the idempotency
 * records of POST /v3/order, appointments with their events, and results (biomarker results, missing results,
 * report metadata). Every table carries team_id + environment; child rows reference their parent through
 * (id, team_id, environment) so a row can never belong to another tenant than its order. Everything a user owns
 * goes with the user (`on delete cascade` from users, directly or through the order), and with the team.
 *
 * Patient data (packages/domain/src/lab-testing/README.md): an order keeps what the Order shape returns and
 * what the lab requisition needs, in plain columns (the §6.8 search, filters and sort run in SQL), protected
 * like health data: tenant-scoped reads, the audit trail on /v3/order, erasure with the user. Not kept:
 * household income/size, the physician's signature image, e-mail and licensed states.
 */

const METHODS = `'testkit','walk_in_test','at_home_phlebotomy','on_site_collection'`;
const LOW_STATUSES = `'ordered','requisition_created','requisition_bypassed','transit_customer','out_for_delivery',
  'with_customer','transit_lab','delivered_to_lab','completed','failure_to_deliver_to_lab',
  'failure_to_deliver_to_customer','problem_in_transit_lab','problem_in_transit_customer','sample_error',
  'appointment_scheduled','appointment_cancelled','appointment_pending','draw_completed','cancelled','lost',
  'do_not_process','partial_results','awaiting_registration','registered','redraw_available','corrected',
  'lab_processing_blocked'`;
const TOP_STATUSES = `'received','collecting_sample','sample_with_lab','completed','cancelled','failed'`;
const STATUS_DETAILS = `'fulfillment_error','date_of_collection_unspecified','demographic_information_unspecified',
  'demographic_information_mismatch','sample_quantity_not_sufficient','sample_contaminated',
  'sample_stability_exceeded','sample_hemolyzed','sample_improper_collection'`;
const INTERPRETATIONS = `'normal','abnormal','critical','unknown'`;
const ENVIRONMENT = `environment text not null check (environment in ('production', 'sandbox'))`;
/** A jsonb value of at most `bytes` (as stored). */
const jsonbMax = (column: string, bytes: number) => `check (pg_column_size(${column}) <= ${bytes})`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table lab_orders (
      id uuid primary key,
      team_id uuid not null references teams(id) on delete cascade,
      ${ENVIRONMENT},
      user_id uuid not null references users(id) on delete cascade,
      lab_test_id uuid not null,
      collection_method text not null check (collection_method in (${METHODS})),
      status_top text not null check (status_top in (${TOP_STATUSES})),
      status_low text not null check (status_low in (${LOW_STATUSES})),
      status_detail text check (status_detail in (${STATUS_DETAILS})),
      status_changed_at timestamptz not null,
      details_id uuid not null,
      patient_first_name text not null check (char_length(patient_first_name) between 1 and 100),
      patient_last_name text not null check (char_length(patient_last_name) between 1 and 100),
      patient_dob date not null,
      patient_details jsonb not null ${jsonbMax('patient_details', 16384)},
      patient_address jsonb not null ${jsonbMax('patient_address', 4096)},
      shipping_details jsonb ${jsonbMax('shipping_details', 4096)},
      shipping_recipient_name text check (char_length(shipping_recipient_name) <= 200),
      physician jsonb ${jsonbMax('physician', 2048)},
      consents jsonb not null default '[]'::jsonb ${jsonbMax('consents', 8192)},
      aoe_answers jsonb ${jsonbMax('aoe_answers', 65536)},
      health_insurance jsonb ${jsonbMax('health_insurance', 65536)},
      health_insurance_id uuid,
      icd_codes text[] check (cardinality(icd_codes) <= 50),
      priority boolean not null default false,
      billing_type text not null default 'client_bill'
        check (billing_type in ('client_bill','commercial_insurance','patient_bill_passthrough','patient_bill')),
      activate_by date,
      sample_id text check (char_length(sample_id) between 1 and 64),
      notes text check (char_length(notes) <= 4000),
      clinical_notes text check (char_length(clinical_notes) <= 4000),
      passthrough text check (char_length(passthrough) <= 4000),
      creator_member_id uuid,
      requisition_form_url text check (char_length(requisition_form_url) <= 2048),
      has_abn boolean not null default false,
      interpretation text check (interpretation in (${INTERPRETATIONS})),
      has_missing_results boolean,
      expected_result_by_date date,
      worst_case_result_by_date date,
      origin text check (origin in ('initial','redraw','recreation')),
      shipment jsonb ${jsonbMax('shipment', 4096)},
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      foreign key (lab_test_id, team_id, environment) references lab_tests(id, team_id, environment),
      unique (id, team_id, environment),
      check ((collection_method = 'testkit') or shipment is null)
    );
    create index lab_orders_created_idx on lab_orders(team_id, environment, created_at, id);
    create index lab_orders_updated_idx on lab_orders(team_id, environment, updated_at, id);
    create index lab_orders_status_idx on lab_orders(team_id, environment, status_low, created_at);
    create index lab_orders_user_idx on lab_orders(user_id, created_at);
    create index lab_orders_patient_name_idx
      on lab_orders(team_id, environment, lower(patient_last_name), lower(patient_first_name), id);
    create index lab_orders_interpretation_idx
      on lab_orders(team_id, environment, interpretation, created_at) where interpretation is not null;
    create index lab_orders_activate_by_idx on lab_orders(activate_by) where activate_by is not null;
    create index lab_orders_sample_idx on lab_orders(sample_id) where sample_id is not null;
    create index lab_orders_lab_test_idx on lab_orders(lab_test_id);
    comment on table lab_orders is
      'Lab-test orders; status_top/status_low/status_detail mirror the last lab_order_events row.';
    comment on column lab_orders.details_id is 'Order.details.data.id: the method-specific record of the order.';
    comment on column lab_orders.lab_test_id is
      'The ordered lab test; an order_set is ordered as one lab test generated for it (auto_generated).';
    comment on column lab_orders.patient_details is
      'Order.patient_details as returned (gender, phone, email, medical proxy, demographics); names and dob are columns.';

    create table lab_order_events (
      id bigint generated always as identity primary key,
      order_id uuid not null,
      team_id uuid not null,
      ${ENVIRONMENT},
      status text not null check (char_length(status) <= 96),
      status_detail text check (status_detail in (${STATUS_DETAILS})),
      created_at timestamptz not null default now(),
      foreign key (order_id, team_id, environment)
        references lab_orders(id, team_id, environment) on delete cascade
    );
    create index lab_order_events_order_idx on lab_order_events(order_id, id);
    create index lab_order_events_feed_idx on lab_order_events(team_id, environment, created_at);
    comment on table lab_order_events is
      'Every status an order passed through (Order.events), ascending id; status is <top>.<method>.<low>.';

    create table lab_order_idempotency_keys (
      team_id uuid not null references teams(id) on delete cascade,
      ${ENVIRONMENT},
      key text not null check (char_length(key) between 1 and 255),
      request_hash text not null check (char_length(request_hash) = 64),
      state text not null check (state in ('processing', 'completed')),
      claimed_until timestamptz,
      response_status integer check (response_status between 100 and 599),
      response_body jsonb ${jsonbMax('response_body', 1048576)},
      user_id uuid references users(id) on delete cascade,
      order_id uuid,
      created_at timestamptz not null default now(),
      completed_at timestamptz,
      expires_at timestamptz not null,
      primary key (team_id, environment, key),
      check ((state = 'completed') = (response_status is not null)),
      check (state <> 'processing' or claimed_until is not null)
    );
    create index lab_order_idempotency_expiry_idx on lab_order_idempotency_keys(expires_at);
    comment on table lab_order_idempotency_keys is
      'POST /v3/order by X-Idempotency-Key: SHA-256 of the request, the answer given (replayed until expires_at, '
      '>= 24 h); processing + claimed_until marks a request under way (a duplicate gets 409 idempotency_conflict; '
      'a claim left by a crashed process is taken over after claimed_until).';
    comment on column lab_order_idempotency_keys.user_id is
      'The order''s user when it exists: the stored answer holds patient details and is erased with the user.';

    create table lab_appointments (
      id uuid primary key,
      order_id uuid not null,
      team_id uuid not null,
      ${ENVIRONMENT},
      user_id uuid not null references users(id) on delete cascade,
      type text not null check (type in ('phlebotomy', 'patient_service_center')),
      service_type text not null check (service_type in ('appointment-ready', 'appointment-request')),
      provider text not null check (provider in ('getlabs', 'phlebfinders', 'quest', 'sonora_quest')),
      provider_id text not null check (char_length(provider_id) between 1 and 128),
      external_id text check (char_length(external_id) <= 128),
      status text not null
        check (status in ('pending','reserved','confirmed','in_progress','completed','cancelled')),
      event_status text not null
        check (event_status in ('pending','reserved','scheduled','in_progress','completed','cancelled')),
      address jsonb not null ${jsonbMax('address', 4096)},
      location_lng double precision not null check (location_lng between -180 and 180),
      location_lat double precision not null check (location_lat between -90 and 90),
      start_at timestamptz,
      end_at timestamptz,
      iana_timezone text check (char_length(iana_timezone) <= 64),
      can_reschedule boolean not null default false,
      appointment_notes text check (char_length(appointment_notes) <= 2000),
      event_data jsonb ${jsonbMax('event_data', 8192)},
      cancellation_reason_id uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      foreign key (order_id, team_id, environment)
        references lab_orders(id, team_id, environment) on delete cascade,
      unique (id, team_id, environment),
      check ((start_at is null) = (end_at is null)),
      check (end_at is null or end_at > start_at),
      check (status = 'pending' or start_at is not null or status = 'cancelled')
    );
    -- One active appointment per order (§6.7): a second insert while one is active fails here.
    create unique index lab_appointments_one_active_uq on lab_appointments(order_id)
      where status in ('pending', 'reserved', 'confirmed', 'in_progress');
    create index lab_appointments_order_idx on lab_appointments(order_id, created_at);
    create index lab_appointments_user_idx on lab_appointments(user_id);
    create index lab_appointments_external_idx on lab_appointments(provider, external_id) where external_id is not null;
    comment on table lab_appointments is
      'Phlebotomy and service-center appointments of orders; at most one active per order, older ones kept.';

    create table lab_appointment_events (
      id bigint generated always as identity primary key,
      appointment_id uuid not null,
      team_id uuid not null,
      ${ENVIRONMENT},
      status text not null
        check (status in ('pending','reserved','scheduled','in_progress','completed','cancelled')),
      data jsonb ${jsonbMax('data', 8192)},
      created_at timestamptz not null default now(),
      foreign key (appointment_id, team_id, environment)
        references lab_appointments(id, team_id, environment) on delete cascade
    );
    create index lab_appointment_events_appointment_idx on lab_appointment_events(appointment_id, id);
    comment on table lab_appointment_events is 'Appointment.events: every event status an appointment recorded.';

    create table lab_results (
      order_id uuid primary key,
      team_id uuid not null,
      ${ENVIRONMENT},
      status text not null check (status in ('partial', 'final', 'corrected')),
      metadata jsonb not null ${jsonbMax('metadata', 16384)},
      sample_information jsonb ${jsonbMax('sample_information', 65536)},
      interpretation text check (interpretation in (${INTERPRETATIONS})),
      received_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      foreign key (order_id, team_id, environment)
        references lab_orders(id, team_id, environment) on delete cascade
    );
    comment on table lab_results is
      'An order''s results report: LabResultsMetadata, sample information, overall interpretation, report status.';

    create table lab_biomarker_results (
      id bigint generated always as identity primary key,
      order_id uuid not null references lab_results(order_id) on delete cascade,
      position integer not null check (position >= 0),
      name text not null check (char_length(name) between 1 and 200),
      slug text not null check (char_length(slug) between 1 and 200),
      value double precision,
      result text not null check (char_length(result) <= 4000),
      type text not null check (type in ('numeric', 'range', 'comment', 'coded_value')),
      unit text check (char_length(unit) <= 64),
      observed_at timestamptz,
      notes text check (char_length(notes) <= 4000),
      reference_range text check (char_length(reference_range) <= 200),
      min_range_value double precision,
      max_range_value double precision,
      is_above_max_range boolean,
      is_below_min_range boolean,
      interpretation text not null default 'normal' check (interpretation in (${INTERPRETATIONS})),
      source_interpretation text not null default '' check (char_length(source_interpretation) <= 64),
      loinc text check (loinc ~ '^[0-9]{1,7}-[0-9]$'),
      loinc_slug text check (char_length(loinc_slug) <= 200),
      provider_id text check (char_length(provider_id) <= 64),
      source_markers jsonb ${jsonbMax('source_markers', 8192)},
      performing_laboratory text check (char_length(performing_laboratory) <= 200),
      source_sample_id text check (char_length(source_sample_id) <= 64),
      unique (order_id, position)
    );
    create index lab_biomarker_results_loinc_idx on lab_biomarker_results(loinc) where loinc is not null;
    comment on table lab_biomarker_results is 'BiomarkerResult rows of an order''s results, in report order.';
    comment on column lab_biomarker_results.observed_at is 'BiomarkerResult.timestamp.';

    create table lab_missing_results (
      id bigint generated always as identity primary key,
      order_id uuid not null references lab_results(order_id) on delete cascade,
      position integer not null check (position >= 0),
      name text not null check (char_length(name) between 1 and 200),
      slug text not null check (char_length(slug) between 1 and 200),
      inferred_failure_type text not null check (inferred_failure_type in (
        'quantity_not_sufficient_failure','collection_process_failure','drop_off_failure','internal_lab_failure',
        'order_entry_failure','non_failure','unknown_failure','patient_condition_failure',
        'missing_result_calc_failure','missing_demo_aoe_calc_failure','insufficient_volume')),
      note text check (char_length(note) <= 4000),
      loinc text check (loinc ~ '^[0-9]{1,7}-[0-9]$'),
      loinc_slug text check (char_length(loinc_slug) <= 200),
      provider_id text check (char_length(provider_id) <= 64),
      source_markers jsonb ${jsonbMax('source_markers', 8192)},
      unique (order_id, position)
    );
    comment on table lab_missing_results is 'MissingBiomarkerResult rows: ordered markers the lab did not report, and why.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table if exists lab_missing_results, lab_biomarker_results, lab_results, lab_appointment_events,
      lab_appointments, lab_order_idempotency_keys, lab_order_events, lab_orders cascade;
  `);
}
