/* Meridian lab booking page: the patient's view of one at-home blood draw (book, reschedule, cancel, request).
 * Inlined into the page (CSP script hash); talks only to this API with the booking token from the link. */
(function () {
  'use strict';

  var TOKEN_KEY = 'meridian.lab-booking.token';
  var DEFAULT_ACCENT = '#2f55d4';
  var SLOT_GONE = 'That time is no longer available. Please pick another time.';

  var screen = /** @type {HTMLElement} */ (document.getElementById('screen'));
  var live = /** @type {HTMLElement} */ (document.getElementById('live'));

  /** @type {string | null} */
  var token = readToken();
  /** @type {any} BookingPageState */
  var state = null;
  /** 'view' | 'book' | 'reschedule' | 'cancel' */
  var mode = 'view';
  /** @type {{ days: any[], timezone: string | null, startDate: string | null } | null} */
  var times = null;
  var selectedDay = '';
  var errorText = '';
  var noticeText = '';
  var busy = false;

  // ------------------------------------------------------------------ token

  function readToken() {
    var found = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
    var stored = null;
    try {
      if (found) window.sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(found[1]));
      stored = window.sessionStorage.getItem(TOKEN_KEY);
    } catch (e) {
      stored = found ? decodeURIComponent(found[1]) : null;
    }
    // The token leaves the address bar (history, screenshots, shared screens) at once.
    if (found) window.history.replaceState(null, '', window.location.pathname);
    return stored;
  }

  // -------------------------------------------------------------------- api

  /**
   * @param {string} method
   * @param {string} path
   * @param {object} [body]
   */
  function api(method, path, body) {
    /** @type {Record<string, string>} */
    var headers = { accept: 'application/json', 'x-service-booking-token': token || '' };
    if (body) headers['content-type'] = 'application/json';
    return fetch(path, {
      method: method,
      headers: headers,
      body: body ? JSON.stringify(body) : undefined,
      credentials: 'omit',
      cache: 'no-store',
    }).then(
      function (res) {
        return res
          .json()
          .catch(function () {
            return null;
          })
          .then(function (json) {
            if (res.ok) return json;
            var detail = json && json.detail;
            var problem = { status: res.status, type: '', message: '' };
            if (detail && !Array.isArray(detail)) {
              problem.type = String(detail.error_type || '');
              problem.message = String(detail.error_message || '');
            }
            throw problem;
          });
      },
      function () {
        throw { status: 0, type: 'network', message: '' };
      },
    );
  }

  // ------------------------------------------------------------------ brand

  /** @param {string} hex */
  function luminance(hex) {
    var channels = [1, 3, 5].map(function (i) {
      var c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
  }

  /** @param {string} hex Black or white text on the accent, whichever contrasts more. */
  function textOn(hex) {
    var l = luminance(hex);
    return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
  }

  function companyName() {
    var brand = state && state.team.brand_information;
    return (brand && brand.company_name) || (state && state.team.name) || 'your care team';
  }

  function applyBrand() {
    var brand = state.team.brand_information;
    var color =
      brand && brand.brand_color && /^#[0-9a-f]{6}$/i.test(brand.brand_color)
        ? brand.brand_color
        : DEFAULT_ACCENT;
    // The CSP forbids style attributes in markup; custom properties set through the CSSOM are allowed.
    var root = document.documentElement.style;
    root.setProperty('--accent', color);
    root.setProperty('--on-accent', textOn(color));
    // A pale accent would leave buttons without a visible edge on the white card (WCAG 1.4.11: 3:1).
    root.setProperty('--accent-edge', 1.05 / (luminance(color) + 0.05) < 3 ? '#6b7280' : color);
    var name = companyName();
    /** @type {HTMLElement} */ (document.getElementById('brand-name')).textContent = name;
    var words = name.split(/\s+/).filter(Boolean);
    /** @type {HTMLElement} */ (document.getElementById('brand-mark')).textContent =
      words
        .slice(0, 2)
        .map(function (w) {
          return w.charAt(0).toUpperCase();
        })
        .join('') || '?';
    var support = /** @type {HTMLElement} */ (document.getElementById('support'));
    var contacts = brand ? [brand.support_contact, brand.support_email].filter(Boolean) : [];
    support.textContent = contacts.length
      ? 'Questions? Contact ' + name + ': ' + contacts.join(' · ')
      : 'Questions? Contact ' + name + '.';
    support.hidden = false;
  }

  // ------------------------------------------------------------------ dates

  /** @param {string} date YYYY-MM-DD */
  function dayLabel(date) {
    var p = date.split('-').map(Number);
    return new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(p[0], p[1] - 1, p[2])));
  }

  /**
   * @param {string} iso
   * @param {string | null} zone
   */
  function timeLabel(iso, zone) {
    return new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: zone || undefined,
    }).format(new Date(iso));
  }

  /** @param {any} a appointment */
  function whenLabel(a) {
    var zone = a.iana_timezone || undefined;
    var day = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: zone,
    }).format(new Date(a.start_at));
    var zoneName = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short', timeZone: zone })
      .formatToParts(new Date(a.start_at))
      .filter(function (p) {
        return p.type === 'timeZoneName';
      })
      .map(function (p) {
        return p.value;
      })[0];
    return (
      day +
      ', ' +
      timeLabel(a.start_at, zone || null) +
      ' – ' +
      timeLabel(a.end_at, zone || null) +
      (zoneName ? ' ' + zoneName : '')
    );
  }

  /** @param {string} date YYYY-MM-DD */
  function nextDate(date) {
    var p = date.split('-').map(Number);
    return new Date(Date.UTC(p[0], p[1] - 1, p[2] + 1)).toISOString().slice(0, 10);
  }

  // -------------------------------------------------------------------- dom

  /**
   * @param {string} tag
   * @param {Record<string, any>} [attrs]
   * @param {(Node | string | null | undefined | false)[]} [children]
   */
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      var v = /** @type {any} */ (attrs)[k];
      if (v === undefined || v === null || v === false) return;
      if (k === 'text') node.textContent = v;
      else if (k === 'onclick') node.addEventListener('click', v);
      else if (k === 'onsubmit') node.addEventListener('submit', v);
      else if (k === 'onchange') node.addEventListener('change', v);
      else node.setAttribute(k, v === true ? '' : String(v));
    });
    (children || []).forEach(function (c) {
      if (c === null || c === undefined || c === false) return;
      node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return node;
  }

  /**
   * @param {string} heading
   * @param {(Node | string | null | undefined | false)[]} body
   * @param {boolean} [keepFocus]
   */
  function show(heading, body, keepFocus) {
    var h1 = el('h1', { tabindex: '-1', text: heading });
    var problem = errorText
      ? el('p', { id: 'error', class: 'error', role: 'alert', tabindex: '-1', text: errorText })
      : null;
    var notice = noticeText ? el('p', { id: 'notice', class: 'notice', text: noticeText }) : null;
    screen.replaceChildren.apply(screen, [h1, problem, notice].concat(body).filter(Boolean));
    document.title = heading;
    if (!keepFocus) h1.focus();
  }

  /** @param {string} message */
  function announce(message) {
    live.textContent = '';
    window.setTimeout(function () {
      live.textContent = message;
    }, 50);
  }

  /**
   * @param {string} id
   * @param {string} label
   * @param {() => void} action
   * @param {string} [kind] '' | 'secondary' | 'danger'
   */
  function button(id, label, action, kind) {
    return el('button', {
      type: 'button',
      id: id,
      class: 'button' + (kind ? ' ' + kind : ''),
      text: label,
      onclick: function () {
        if (!busy) action();
      },
    });
  }

  function addressLine() {
    var a = state.address;
    return (
      a.first_line +
      (a.second_line ? ', ' + a.second_line : '') +
      ', ' +
      a.city +
      ', ' +
      a.state +
      ' ' +
      a.zip_code
    );
  }

  // ---------------------------------------------------------------- screens

  /** @param {string} problem */
  function showLinkProblem(problem) {
    errorText = '';
    noticeText = '';
    var heading =
      problem === 'token_expired'
        ? 'This link has expired'
        : problem === 'token_revoked'
          ? 'This booking link is no longer valid'
          : 'This link is not valid';
    var why =
      problem === 'token_revoked'
        ? 'The lab order was cancelled or completed, so there is nothing left to book.'
        : 'Please ask ' + (state ? companyName() : 'whoever sent it to you') + ' for a new booking link.';
    show(heading, [el('p', { text: why })]);
  }

  function render() {
    if (mode === 'book' || mode === 'reschedule') return renderPicker();
    if (mode === 'cancel') return renderCancel();
    switch (state.step) {
      case 'manage':
        return renderAppointment();
      case 'book':
        mode = 'book';
        return renderPicker();
      case 'request':
        return show('Request an at-home blood draw', [
          el('p', {
            text:
              'A phlebotomist who visits ' + state.address.zip_code + ' will contact you to agree a time.',
          }),
          el('p', { class: 'muted', text: 'Address: ' + addressLine() }),
          el('div', { class: 'actions' }, [button('request', 'Request an appointment', requestAppointment)]),
        ]);
      case 'not_ready':
        return show('Booking is not open yet', [
          el('p', {
            text: 'Your lab order is still being prepared. Please open this link again a little later.',
          }),
        ]);
      case 'not_served':
        return show('No at-home visits in your area yet', [
          el('p', {
            text: 'Please contact ' + companyName() + ' to arrange another way to give your sample.',
          }),
        ]);
      default:
        return show('Your sample has been collected', [
          el('p', {
            text: 'There is nothing left to book. Your results will follow from ' + companyName() + '.',
          }),
        ]);
    }
  }

  function renderAppointment() {
    var a = state.appointment;
    var body = [];
    var heading;
    if (a.status === 'pending') {
      heading = 'Appointment requested';
      body.push(
        el('p', {
          id: 'status',
          class: 'notice',
          text: 'Pending: a phlebotomist will confirm a time with you.',
        }),
      );
    } else if (a.status === 'in_progress') {
      heading = 'Your blood draw is under way';
    } else {
      heading = 'Your blood draw is booked';
    }
    if (a.start_at && a.end_at) body.push(el('p', { id: 'when', class: 'when', text: whenLabel(a) }));
    body.push(el('p', { text: 'A phlebotomist will come to ' + addressLine() + '.' }));
    var actions = [];
    if (state.can_reschedule)
      actions.push(
        button('reschedule', 'Reschedule', function () {
          startPicking('reschedule');
        }),
      );
    if (state.can_cancel)
      actions.push(
        button(
          'cancel',
          'Cancel appointment',
          function () {
            errorText = '';
            noticeText = '';
            mode = 'cancel';
            render();
          },
          'secondary',
        ),
      );
    if (actions.length) body.push(el('div', { class: 'actions' }, actions));
    show(heading, body);
  }

  /** @param {string} next 'book' | 'reschedule' */
  function startPicking(next) {
    errorText = '';
    noticeText = '';
    mode = next;
    times = null;
    renderPicker();
  }

  /** @param {boolean} [keepFocus] */
  function renderPicker(keepFocus) {
    var rescheduling = mode === 'reschedule';
    var heading = rescheduling ? 'Pick a new time' : 'Book your blood draw';
    var intro = el('p', { text: 'A phlebotomist comes to ' + addressLine() + '.' });
    if (!times) {
      show(
        heading,
        [intro, el('p', { id: 'loading', class: 'muted', text: 'Loading available times…' })],
        keepFocus,
      );
      loadTimes(null);
      return;
    }
    var days = times.days;
    var body = [intro];
    if (days.length === 0) {
      body.push(el('p', { id: 'no-times', text: 'No times are available on these days.' }));
    } else {
      if (
        !days.some(function (d) {
          return d.date === selectedDay;
        })
      )
        selectedDay = days[0].date;
      var day = days.filter(function (d) {
        return d.date === selectedDay;
      })[0];
      var select = el(
        'select',
        {
          id: 'day',
          name: 'day',
          onchange: function (/** @type {Event} */ e) {
            selectedDay = /** @type {HTMLSelectElement} */ (e.target).value;
            renderPicker(true);
            /** @type {HTMLElement} */ (document.getElementById('day')).focus();
          },
        },
        days.map(function (d) {
          return el('option', { value: d.date, selected: d.date === selectedDay, text: dayLabel(d.date) });
        }),
      );
      var slots = el(
        'ul',
        { class: 'slots' },
        day.slots.map(function (/** @type {any} */ s, /** @type {number} */ i) {
          return el('li', { class: 'slot' }, [
            el('input', {
              type: 'radio',
              name: 'slot',
              id: 'slot-' + i,
              value: s.booking_key,
              'data-start': s.start,
            }),
            el('label', {
              for: 'slot-' + i,
              text:
                timeLabel(s.start, times && times.timezone) +
                ' – ' +
                timeLabel(s.end, times && times.timezone),
            }),
          ]);
        }),
      );
      var form = el('form', { id: 'pick-form', novalidate: true, onsubmit: submitSlot }, [
        el('label', { for: 'day', text: 'Day' }),
        select,
        el('fieldset', {}, [el('legend', { text: 'Time' }), slots]),
        el('button', {
          type: 'submit',
          id: 'confirm',
          class: 'button',
          text: rescheduling ? 'Move to this time' : 'Book this time',
        }),
      ]);
      body.push(form);
    }
    var more = [button('later', 'Show later days', showLater, 'secondary')];
    if (rescheduling)
      more.push(
        button(
          'keep',
          'Keep my current time',
          function () {
            errorText = '';
            mode = 'view';
            render();
          },
          'secondary',
        ),
      );
    body.push(el('div', { class: 'actions' }, more));
    show(heading, body, keepFocus);
  }

  /** @param {string | null} startDate */
  function loadTimes(startDate) {
    busy = true;
    var query = startDate ? '?start_date=' + encodeURIComponent(startDate) : '';
    return api('POST', '/v3/booking_page/availability' + query)
      .then(function (answer) {
        var days = (answer.slots || [])
          .map(function (/** @type {any} */ d) {
            return {
              date: d.date,
              slots: d.slots.filter(function (/** @type {any} */ s) {
                return s.booking_key && s.num_appointments_available > 0;
              }),
            };
          })
          .filter(function (/** @type {any} */ d) {
            return d.slots.length > 0;
          });
        times = { days: days, timezone: answer.timezone || null, startDate: startDate };
        busy = false;
        renderPicker(true);
        announce(days.length ? 'Available times loaded.' : 'No times are available on these days.');
      })
      .catch(function (problem) {
        busy = false;
        times = { days: [], timezone: null, startDate: startDate };
        fail(problem);
      });
  }

  function showLater() {
    var days = times ? times.days : [];
    var last = days.length ? days[days.length - 1].date : times && times.startDate;
    errorText = '';
    times = null;
    var heading = mode === 'reschedule' ? 'Pick a new time' : 'Book your blood draw';
    show(heading, [el('p', { id: 'loading', class: 'muted', text: 'Loading available times…' })], true);
    loadTimes(last ? nextDate(last) : null);
  }

  /** @param {Event} event */
  function submitSlot(event) {
    event.preventDefault();
    if (busy) return;
    var chosen = /** @type {HTMLInputElement | null} */ (
      document.querySelector('input[name="slot"]:checked')
    );
    if (!chosen) {
      errorText = 'Choose a time first.';
      renderPicker(true);
      var first = /** @type {HTMLElement | null} */ (document.querySelector('input[name="slot"]'));
      if (first) first.focus();
      return;
    }
    var rescheduling = mode === 'reschedule';
    var submit = /** @type {HTMLElement} */ (document.getElementById('confirm'));
    submit.setAttribute('aria-busy', 'true');
    busy = true;
    var call = rescheduling
      ? api('PATCH', '/v3/booking_page/appointment/reschedule', { booking_key: chosen.value })
      : api('POST', '/v3/booking_page/appointment/book', { booking_key: chosen.value });
    call
      .then(function (next) {
        busy = false;
        state = next;
        mode = 'view';
        times = null;
        errorText = '';
        noticeText = '';
        render();
        announce(rescheduling ? 'Your appointment was moved.' : 'Your appointment is booked.');
      })
      .catch(function (problem) {
        busy = false;
        if (problem.type === 'booking_key_expired' || problem.type === 'slot_unavailable') {
          // The slot went while the patient was choosing: fresh times, same days, and say so.
          errorText = SLOT_GONE;
          var from = times ? times.startDate : null;
          times = null;
          renderPicker(true);
          loadTimes(from).then(function () {
            var box = document.getElementById('error');
            if (box) box.focus();
          });
          announce(SLOT_GONE);
          return;
        }
        fail(problem);
      });
  }

  function renderCancel() {
    var a = state.appointment;
    var reasons = state.cancellation_reasons;
    var form = el('form', { id: 'cancel-form', novalidate: true, onsubmit: submitCancel }, [
      el('label', { for: 'reason', text: 'Why are you cancelling?' }),
      el(
        'select',
        { id: 'reason', name: 'reason', required: true },
        [el('option', { value: '', text: 'Choose a reason' })].concat(
          reasons.map(function (/** @type {any} */ r) {
            return el('option', { value: r.id, text: r.name });
          }),
        ),
      ),
      el('button', {
        type: 'submit',
        id: 'confirm-cancel',
        class: 'button danger',
        text: 'Cancel appointment',
      }),
      button(
        'keep',
        'Keep my appointment',
        function () {
          errorText = '';
          mode = 'view';
          render();
        },
        'secondary',
      ),
    ]);
    show('Cancel your appointment', [
      a.start_at && a.end_at ? el('p', { class: 'when', text: whenLabel(a) }) : null,
      form,
    ]);
  }

  /** @param {Event} event */
  function submitCancel(event) {
    event.preventDefault();
    if (busy) return;
    var reason = /** @type {HTMLSelectElement} */ (document.getElementById('reason'));
    if (!reason.value) {
      errorText = 'Choose a reason for cancelling.';
      renderCancel();
      /** @type {HTMLElement} */ (document.getElementById('reason')).focus();
      return;
    }
    busy = true;
    /** @type {HTMLElement} */ (document.getElementById('confirm-cancel')).setAttribute('aria-busy', 'true');
    api('PATCH', '/v3/booking_page/appointment/cancel', { cancellation_reason_id: reason.value })
      .then(function (next) {
        busy = false;
        state = next;
        mode = 'view';
        times = null;
        errorText = '';
        noticeText = 'Your appointment was cancelled.';
        render();
        announce('Your appointment was cancelled.');
      })
      .catch(fail);
  }

  function requestAppointment() {
    busy = true;
    /** @type {HTMLElement} */ (document.getElementById('request')).setAttribute('aria-busy', 'true');
    api('POST', '/v3/booking_page/appointment/request')
      .then(function (next) {
        busy = false;
        state = next;
        errorText = '';
        noticeText = '';
        render();
        announce('Your appointment was requested.');
      })
      .catch(fail);
  }

  /** @param {any} problem */
  function fail(problem) {
    busy = false;
    if (problem.status === 401) return showLinkProblem(problem.type);
    if (problem.type === 'network')
      errorText = 'We could not reach the booking service. Check your connection and try again.';
    else if (problem.status === 503 || problem.status === 429)
      errorText = 'The booking service is busy right now. Please try again in a moment.';
    else errorText = problem.message || 'Something went wrong. Please try again.';
    announce(errorText);
    // Whatever changed meanwhile (another tab, the phlebotomist): show the order as it is now.
    api('GET', '/v3/booking_page/appointment').then(
      function (next) {
        state = next;
        applyBrand();
        if (mode === 'cancel' && !state.can_cancel) mode = 'view';
        if (mode === 'reschedule' && !state.can_reschedule) mode = 'view';
        if (mode === 'book' && state.step !== 'book') mode = 'view';
        render();
        var box = document.getElementById('error');
        if (box) box.focus();
      },
      function (again) {
        if (again.status === 401) showLinkProblem(again.type);
      },
    );
  }

  // ------------------------------------------------------------------ start

  function start() {
    state = null;
    mode = 'view';
    times = null;
    errorText = '';
    noticeText = '';
    busy = false;
    if (!token) {
      showLinkProblem('invalid_token');
      return;
    }
    api('GET', '/v3/booking_page/appointment').then(
      function (first) {
        state = first;
        applyBrand();
        render();
      },
      function (problem) {
        if (problem.status === 401) return showLinkProblem(problem.type);
        show('Something went wrong', [
          el('p', { text: 'We could not load your appointment. Please reload the page in a moment.' }),
        ]);
      },
    );
  }

  // Another booking link opened while the page is open (same page, new fragment): start over with it.
  window.addEventListener('hashchange', function () {
    if (!/(?:^#|&)token=/.test(window.location.hash)) return;
    token = readToken();
    start();
  });

  start();
})();
