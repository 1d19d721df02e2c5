/**
 * The hosted lab report review page: markup, stylesheet and script, kept as strings so the compiled service
 * needs no asset files. The script builds every element with textContent (never innerHTML), so report text
 * cannot become markup. The management key is typed into the page and lives only in a variable of the script:
 * never in the URL, storage or a cookie; reloading the page signs out.
 */

export const REVIEW_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Lab report review</title>
<link rel="icon" href="/review/lab-reports/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/review/lab-reports/app.css">
<script src="/review/lab-reports/app.js" defer></script>
</head>
<body>
<header><h1>Lab report review</h1><p id="who" hidden></p></header>
<main>
<p id="status" role="status" aria-live="polite"></p>
<section id="signin" aria-labelledby="signin-h">
  <h2 id="signin-h">Sign in</h2>
  <form id="signin-form" autocomplete="off" novalidate>
    <label>Organization id <input id="org" name="org" required spellcheck="false"></label>
    <label>Team id <input id="team" name="team" required spellcheck="false"></label>
    <label>Environment
      <select id="env" name="env"><option value="production">production</option><option value="sandbox">sandbox</option></select>
    </label>
    <label>Management key <input id="key" name="key" type="password" required autocomplete="off" spellcheck="false"></label>
    <p class="hint">The key stays in this page's memory only; reloading the page signs you out.</p>
    <button type="submit">Sign in</button>
  </form>
</section>
<section id="queue" hidden aria-labelledby="queue-h">
  <h2 id="queue-h" tabindex="-1">Reports awaiting review</h2>
  <p><button type="button" id="refresh">Refresh</button> <button type="button" id="signout">Sign out</button></p>
  <table id="jobs"><thead><tr><th scope="col">Job</th><th scope="col">Uploaded</th><th scope="col">Results</th><th scope="col"><span class="sr">Action</span></th></tr></thead><tbody></tbody></table>
  <p><button type="button" id="more" hidden>More</button></p>
</section>
<section id="job" hidden aria-labelledby="job-h">
  <h2 id="job-h" tabindex="-1">Report</h2>
  <p><button type="button" id="back">Back to the list</button></p>
  <div class="split">
    <div id="pages" class="pages" aria-label="Pages of the uploaded report"></div>
    <form id="review-form" novalidate>
      <fieldset><legend>Report details</legend><div id="metadata" class="grid"></div></fieldset>
      <fieldset><legend>Results</legend>
        <table id="results"><thead><tr>
          <th scope="col">Test</th><th scope="col">Value</th><th scope="col">Units</th><th scope="col">Min</th>
          <th scope="col">Max</th><th scope="col">Type</th><th scope="col">Interpretation</th><th scope="col"><span class="sr">Remove</span></th>
        </tr></thead><tbody></tbody></table>
        <p><button type="button" id="add-row">Add a result</button></p>
      </fieldset>
      <p><button type="submit" id="submit">Submit review</button></p>
      <fieldset><legend>Reject the report</legend>
        <label>Reason <select id="reject-reason">
          <option value="invalid_input">Not a lab report</option>
          <option value="low_quality">Unreadable</option>
          <option value="not_english">Not in English</option>
        </select></label>
        <label>Note (kept with the job, at most 1000 characters) <textarea id="reject-note" maxlength="1000" rows="2"></textarea></label>
        <button type="button" id="reject">Reject report</button>
      </fieldset>
    </form>
  </div>
</section>
</main>
</body>
</html>
`;

export const REVIEW_PAGE_CSS = `
body { font: 15px/1.4 system-ui, sans-serif; margin: 0; color: #1b1b1f; background: #fafafa; }
header { padding: .6rem 1.2rem; background: #1f3a5f; color: #fff; display: flex; gap: 1rem; align-items: baseline; }
header h1 { font-size: 1.2rem; margin: 0; }
main { padding: 1rem 1.2rem; }
label { display: block; margin: .4rem 0; }
input, select, textarea { font: inherit; padding: .2rem .3rem; max-width: 100%; }
button { font: inherit; padding: .3rem .8rem; cursor: pointer; }
:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { border: 1px solid #ccc; padding: .25rem .35rem; text-align: left; vertical-align: top; }
#results input { width: 100%; box-sizing: border-box; min-width: 4rem; }
.split { display: flex; gap: 1rem; align-items: flex-start; }
.pages { flex: 1 1 45%; max-height: 85vh; overflow: auto; border: 1px solid #ccc; background: #fff; }
.pages img { display: block; width: 100%; height: auto; border-bottom: 1px solid #ddd; }
#review-form { flex: 1 1 55%; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: .2rem 1rem; }
.hint { color: #555; font-size: .9rem; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
#status:empty { display: none; }
#status { padding: .4rem .6rem; background: #eef4fb; border-left: 4px solid #1f3a5f; }
#status.error { background: #fdecec; border-color: #b00020; }
@media (max-width: 900px) { .split { flex-direction: column; } }
`;

export const REVIEW_PAGE_JS = `'use strict';
(function () {
  var session = null; // { org, team, env, key } in memory only
  var current = null; // the job being reviewed
  var nextCursor = null;
  var pageUrls = [];
  var $ = function (id) { return document.getElementById(id); };
  var TYPES = ['numeric', 'range', 'comment', 'boolean', 'duration', 'percentage', 'ratio'];
  var INTERPRETATIONS = ['normal', 'abnormal', 'critical', 'unknown'];
  var META = [
    ['patient_first_name', 'Patient first name', 'text'], ['patient_last_name', 'Patient last name', 'text'],
    ['dob', 'Date of birth', 'date'], ['gender', 'Gender', 'gender'], ['lab_name', 'Lab', 'text'],
    ['date_reported', 'Date reported', 'date'], ['date_collected', 'Date collected', 'date'],
    ['specimen_number', 'Specimen number', 'text']
  ];

  function say(text, isError) {
    var s = $('status'); s.textContent = text; s.className = isError ? 'error' : '';
  }
  function el(tag, props, children) {
    var e = document.createElement(tag);
    Object.keys(props || {}).forEach(function (k) {
      if (k === 'text') e.textContent = props[k]; else if (k in e) e[k] = props[k]; else e.setAttribute(k, props[k]);
    });
    (children || []).forEach(function (c) { e.appendChild(c); });
    return e;
  }
  function base() {
    return '/v1/org/' + encodeURIComponent(session.org) + '/team/' + encodeURIComponent(session.team) + '/' +
      encodeURIComponent(session.env) + '/lab_report_review';
  }
  function call(path, opts) {
    opts = opts || {};
    var headers = { 'X-Management-Key': session.key, accept: opts.accept || 'application/json' };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(base() + path, {
      method: opts.method || 'GET', headers: headers, credentials: 'omit', cache: 'no-store',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body)
    }).then(function (res) {
      if (opts.blob && res.ok) return res.blob();
      return res.text().then(function (t) {
        var body = null; try { body = t ? JSON.parse(t) : null; } catch (e) { body = null; }
        if (!res.ok) { var err = new Error(describe(res.status, body)); err.status = res.status; throw err; }
        return body;
      });
    });
  }
  function describe(status, body) {
    var d = body && body.detail;
    if (Array.isArray(d)) return 'Please check: ' + d.map(function (i) { return (i.loc || []).slice(1).join('.') + ': ' + i.msg; }).join('; ');
    if (d && d.error_type === 'invalid_state') return 'This report is no longer awaiting review (status ' + d.status + ').';
    if (d && d.error_message) return d.error_message;
    return 'The request failed (' + status + ').';
  }
  function show(section) {
    ['signin', 'queue', 'job'].forEach(function (s) { $(s).hidden = s !== section; });
  }
  function clearPages() {
    pageUrls.forEach(function (u) { URL.revokeObjectURL(u); }); pageUrls = [];
    $('pages').textContent = '';
  }

  /** notice: a message about what just happened, kept in front of the queue's own status. */
  function loadQueue(append, notice) {
    return call(append && nextCursor ? '?next_cursor=' + encodeURIComponent(nextCursor) : '').then(function (page) {
      var body = $('jobs').tBodies[0];
      if (!append) body.textContent = '';
      page.data.forEach(function (j) {
        var open = el('button', { type: 'button', text: 'Review', 'aria-label': 'Review job ' + j.job_id });
        open.addEventListener('click', function () { openJob(j.job_id); });
        body.appendChild(el('tr', { 'data-job-id': j.job_id }, [
          el('td', { text: j.job_id }), el('td', { text: new Date(j.created_at).toLocaleString() }),
          el('td', { text: String(j.result_count) }), el('td', {}, [open])
        ]));
      });
      nextCursor = page.next_cursor; $('more').hidden = !nextCursor;
      var empty = !append && page.data.length === 0;
      if (empty || notice) say([notice, empty ? 'No reports are awaiting review.' : ''].filter(Boolean).join(' '));
    });
  }

  function input(props) { return el('input', props); }
  function selectOf(options, value, label) {
    var s = el('select', { 'aria-label': label });
    options.forEach(function (o) { s.appendChild(el('option', { value: o, text: o })); });
    s.value = value; return s;
  }
  function numText(v) { return v === null || v === undefined ? '' : String(v); }

  function resultRow(r, index) {
    var n = index + 1;
    var remove = el('button', { type: 'button', text: 'Remove', 'aria-label': 'Remove result ' + n });
    var tr = el('tr', {}, [
      el('td', {}, [input({ name: 'test_name', value: r.test_name, 'aria-label': 'Test name, row ' + n })]),
      el('td', {}, [input({ name: 'value', value: r.value, 'aria-label': 'Value, row ' + n })]),
      el('td', {}, [input({ name: 'units', value: r.units || '', 'aria-label': 'Units, row ' + n })]),
      el('td', {}, [input({ name: 'min', value: numText(r.min_reference_range), inputMode: 'decimal', 'aria-label': 'Reference minimum, row ' + n })]),
      el('td', {}, [input({ name: 'max', value: numText(r.max_reference_range), inputMode: 'decimal', 'aria-label': 'Reference maximum, row ' + n })]),
      el('td', {}, [selectOf(TYPES, r.type, 'Type, row ' + n)]),
      el('td', {}, [selectOf(INTERPRETATIONS, r.interpretation, 'Interpretation, row ' + n)]),
      el('td', {}, [remove])
    ]);
    tr.original = r;
    tr.querySelectorAll('select')[0].name = 'type';
    tr.querySelectorAll('select')[1].name = 'interpretation';
    remove.addEventListener('click', function () {
      var next = tr.nextElementSibling || tr.previousElementSibling;
      tr.remove();
      (next ? next.querySelector('input') : $('add-row')).focus();
    });
    return tr;
  }

  function blankResult() {
    return { test_name: '', value: '', type: 'numeric', units: null, min_reference_range: null, max_reference_range: null,
      interpretation: 'unknown', is_above_max_range: null, is_below_min_range: null, loinc_matches: [],
      source_panel_name: null, sample_type: 'unknown', measurement_kind: 'unknown', sensitivity: 'unknown',
      loinc_match_status: 'no_match' };
  }

  function renderJob(job) {
    current = job;
    $('job-h').textContent = 'Report ' + job.job_id;
    var meta = $('metadata'); meta.textContent = '';
    var data = job.parsed_data || { metadata: {}, results: [] };
    META.forEach(function (m) {
      var value = data.metadata[m[0]];
      var field = m[2] === 'gender' ? selectOf(['male', 'female', 'other'], value || 'other', m[1])
        : input({ type: m[2], value: value || '' });
      field.id = 'meta-' + m[0]; field.name = m[0];
      meta.appendChild(el('label', { text: m[1] + ' ' }, [field]));
    });
    var body = $('results').tBodies[0]; body.textContent = '';
    data.results.forEach(function (r, i) { body.appendChild(resultRow(r, i)); });
    var locked = !job.awaiting_review;
    Array.prototype.forEach.call($('review-form').elements, function (e) { e.disabled = locked; });
    clearPages();
    job.pages.forEach(function (p) {
      call('/' + encodeURIComponent(job.job_id) + '/page/' + p.number, { blob: true, accept: p.media_type }).then(function (blob) {
        var url = URL.createObjectURL(blob); pageUrls.push(url);
        var img = el('img', { src: url, alt: 'Page ' + p.number + ' of the uploaded report' });
        img.setAttribute('data-page', String(p.number));
        var slot = $('pages').querySelector('[data-slot="' + p.number + '"]');
        if (slot) slot.appendChild(img);
      }).catch(function (e) { say('Page ' + p.number + ' could not be shown: ' + e.message, true); });
      $('pages').appendChild(el('div', { 'data-slot': String(p.number) }));
    });
    if (job.pages.length === 0) $('pages').appendChild(el('p', { text: 'The upload is no longer stored.' }));
    show('job');
    $('job-h').focus();
    if (locked) say('This report is not awaiting review (status ' + job.status + ').');
  }

  function openJob(jobId) {
    say('Loading the report…');
    return call('/' + encodeURIComponent(jobId)).then(function (job) { say(''); renderJob(job); })
      .catch(function (e) { say(e.message, true); });
  }

  function num(text) {
    var t = text.trim(); if (t === '') return null;
    var n = Number(t); return Number.isFinite(n) ? n : NaN;
  }

  function collect() {
    var metadata = {};
    META.forEach(function (m) {
      var v = $('meta-' + m[0]).value.trim();
      metadata[m[0]] = m[2] === 'gender' ? v : (v === '' ? null : v);
    });
    var problems = [];
    var results = Array.prototype.map.call($('results').tBodies[0].rows, function (tr, i) {
      var r = Object.assign({}, tr.original || blankResult());
      var get = function (name) { return tr.querySelector('[name="' + name + '"]').value; };
      r.test_name = get('test_name').trim(); r.value = get('value').trim();
      var units = get('units').trim(); r.units = units === '' ? null : units;
      r.min_reference_range = num(get('min')); r.max_reference_range = num(get('max'));
      r.type = get('type'); r.interpretation = get('interpretation');
      if (!r.test_name) problems.push('row ' + (i + 1) + ' needs a test name');
      if (Number.isNaN(r.min_reference_range) || Number.isNaN(r.max_reference_range)) problems.push('row ' + (i + 1) + ' has a reference range that is not a number');
      return r;
    });
    return { body: { metadata: metadata, results: results }, problems: problems };
  }

  function finished(verb) {
    return function (job) {
      var notice = 'Report ' + job.job_id + ' ' + verb + ' (status ' + job.status + ').';
      say(notice);
      clearPages(); current = null; show('queue');
      return loadQueue(false, notice).then(function () { $('queue-h').focus(); });
    };
  }

  document.addEventListener('DOMContentLoaded', function () {
    var params = new URLSearchParams(location.search);
    if (params.get('org_id')) $('org').value = params.get('org_id');
    if (params.get('team_id')) $('team').value = params.get('team_id');
    if (params.get('environment')) $('env').value = params.get('environment');
    $('signin-form').addEventListener('submit', function (ev) {
      ev.preventDefault();
      var key = $('key').value.trim();
      session = { org: $('org').value.trim(), team: $('team').value.trim(), env: $('env').value, key: key };
      $('key').value = '';
      loadQueue(false).then(function () {
        show('queue'); $('queue-h').focus();
      }).catch(function (e) { session = null; say(e.message, true); $('key').focus(); });
    });
    $('refresh').addEventListener('click', function () { say(''); loadQueue(false).catch(function (e) { say(e.message, true); }); });
    $('more').addEventListener('click', function () { loadQueue(true).catch(function (e) { say(e.message, true); }); });
    $('signout').addEventListener('click', function () { session = null; clearPages(); say('Signed out.'); show('signin'); $('key').focus(); });
    $('back').addEventListener('click', function () { clearPages(); current = null; show('queue'); $('queue-h').focus(); });
    $('add-row').addEventListener('click', function () {
      var body = $('results').tBodies[0];
      var tr = resultRow(blankResult(), body.rows.length); body.appendChild(tr); tr.querySelector('input').focus();
    });
    $('review-form').addEventListener('submit', function (ev) {
      ev.preventDefault();
      if (!current) return;
      var c = collect();
      if (c.problems.length) { say('Please check: ' + c.problems.join('; '), true); return; }
      say('Submitting…');
      call('/' + encodeURIComponent(current.job_id) + '/complete', { method: 'POST', body: c.body })
        .then(finished('completed')).catch(function (e) { say(e.message, true); });
    });
    $('reject').addEventListener('click', function () {
      if (!current) return;
      var note = $('reject-note').value.trim();
      say('Rejecting…');
      call('/' + encodeURIComponent(current.job_id) + '/reject', { method: 'POST',
        body: { failure_reason: $('reject-reason').value, note: note === '' ? null : note } })
        .then(finished('rejected')).catch(function (e) { say(e.message, true); });
    });
  });
})();
`;

/** The page's icon (served, so the browser does not ask the API for /favicon.ico, which needs a key). */
export const REVIEW_PAGE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1f3a5f"/>' +
  '<path d="M4 8.5l2.5 2.5L12 5.5" stroke="#fff" stroke-width="2" fill="none"/></svg>';
