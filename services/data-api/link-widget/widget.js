// @ts-check
/**
 * Meridian link widget: lets a person connect a health-data provider to the integrator's app.
 * Plain script, no build step. Talks only to the data API on this origin (contract: link-contract.md).
 * The link token arrives in the URL once; it is moved to sessionStorage so it survives the trip to the
 * provider's consent page and back (`/link/return`), and never stays in the address bar.
 */
(function () {
  'use strict';

  /**
   * @typedef {{ name: string, slug: string, auth_type: string | null, logo?: string, regions?: string[] }} LinkSource
   * @typedef {{ method: string, hint: string }} ProviderMfa
   * @typedef {{ status: string, provider: string | null, error_type: string | null, error: string | null,
   *   provider_mfa: ProviderMfa | null, connected_providers?: string[] }} LinkState
   * @typedef {{ company_name?: string, brand_color?: string | null }} BrandInformation
   * @typedef {{ team: { name: string, brand_information: BrandInformation | null, logo_url: string | null },
   *   environment: string, providers: LinkSource[], provider: string | null, redirect_url: string | null,
   *   on_error: string | null, on_close: string | null, state: LinkState }} LinkStart
   * @typedef {{ state: string, error_type: string | null, error: string | null, provider_mfa: ProviderMfa | null,
   *   provider: string, connected: boolean }} ProviderLinkResponse
   * @typedef {{ ok: boolean, status: number, body: any }} ApiResult
   */

  const STORAGE_KEY = 'meridian.link';
  const TOKEN_HEADER = 'x-service-link-token';
  const SEARCH_THRESHOLD = 6;
  const REDIRECT_DELAY_MS = 3000;
  const DEFAULT_ACCENT = '#2f55d4';

  const baseMeta = /** @type {HTMLMetaElement | null} */ (
    document.querySelector('meta[name="meridian-link-base"]')
  );
  const BASE = baseMeta ? baseMeta.content : '/link';
  const screen = /** @type {HTMLElement} */ (document.getElementById('screen'));
  const live = /** @type {HTMLElement} */ (document.getElementById('live'));
  const closeButton = /** @type {HTMLButtonElement} */ (document.getElementById('close'));

  /** @type {{ token: string | null, start: LinkStart | null }} */
  const session = { token: null, start: null };
  let redirectTimer = 0;
  /** The second factor the provider asked for last (a wrong code keeps it pending: the form comes back). */
  /** @type {ProviderMfa | null} */
  let pendingMfa = null;

  const ERROR_TEXT = {
    invalid_token: 'This link is not valid. Please open the link again from {company}.',
    token_expired: 'This link has expired. Please ask {company} for a new link.',
    token_consumed: 'This link has already been used to connect an account.',
    token_not_validated: 'This link could not be checked. Please open it again from {company}.',
    provider_credential_error: '{provider} did not accept the sign-in details. Check them and try again.',
    provider_password_expired:
      'Your {provider} password has expired. Change it at {provider}, then try again.',
    provider_api_error: '{provider} is not responding right now. Please try again in a few minutes.',
    unsupported_region: '{provider} is not available in this region.',
    duplicate_connection: 'This {provider} account is already connected to another user.',
    required_scopes_not_granted:
      '{company} needs every permission that was asked for. Please try again and allow all of them.',
    incorrect_mfa_code: 'That code was not correct. Check it and try again.',
    user_cancelled: 'The connection to {provider} was cancelled.',
    network_error: 'This page could not reach the server. Check your internet connection and try again.',
  };

  // ---------------------------------------------------------------- helpers

  /**
   * Creates an element. `attrs` keys are properties or attributes; children are nodes or text.
   * @param {string} tag
   * @param {Record<string, any>} [attrs]
   * @param {Array<Node | string | null | undefined | false>} [children]
   * @returns {HTMLElement}
   */
  function h(tag, attrs, children) {
    const el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      const value = /** @type {Record<string, any>} */ (attrs)[key];
      if (value === null || value === undefined || value === false) return;
      if (key === 'class') el.className = value;
      else if (key === 'text') el.textContent = value;
      else if (key.slice(0, 2) === 'on') el.addEventListener(key.slice(2), value);
      else el.setAttribute(key, value === true ? '' : String(value));
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined || child === false) return;
      el.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return el;
  }

  /** @param {string} message */
  function announce(message) {
    live.textContent = '';
    // A fresh text node after a tick makes screen readers announce a repeated message too.
    window.setTimeout(function () {
      live.textContent = message;
    }, 50);
  }

  /**
   * Replaces the screen and moves focus to its heading, so keyboard and screen reader users start there.
   * @param {Array<Node | null | false>} nodes
   * @param {HTMLElement | null} [focusTarget]
   */
  function show(nodes, focusTarget) {
    window.clearTimeout(redirectTimer);
    screen.replaceChildren();
    nodes.forEach(function (node) {
      if (node) screen.appendChild(node);
    });
    const heading = screen.querySelector('h1');
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      document.title = heading.textContent + ' – ' + companyName();
    }
    (focusTarget || heading || screen).focus();
  }

  /** @param {string} text */
  function heading(text) {
    return h('h1', { text: text });
  }

  function companyName() {
    const team = session.start && session.start.team;
    if (!team) return 'the app that sent it';
    return (team.brand_information && team.brand_information.company_name) || team.name;
  }

  /** @param {string} slug */
  function providerBySlug(slug) {
    const list = (session.start && session.start.providers) || [];
    for (var i = 0; i < list.length; i += 1) if (list[i].slug === slug) return list[i];
    return null;
  }

  /** @param {string | null} slug */
  function providerName(slug) {
    const provider = slug ? providerBySlug(slug) : null;
    return provider ? provider.name : slug || 'the provider';
  }

  /** @param {string} slug */
  function logoUrl(slug) {
    return BASE + '/assets/logos/' + encodeURIComponent(slug) + '.svg';
  }

  /**
   * @param {string | null | undefined} errorType
   * @param {string | null} slug
   */
  function errorText(errorType, slug) {
    const template =
      (errorType && /** @type {Record<string, string>} */ (ERROR_TEXT)[errorType]) ||
      'Something went wrong while connecting {provider}. Please try again.';
    return template.replace(/\{provider\}/g, providerName(slug)).replace(/\{company\}/g, companyName());
  }

  /** Only http(s) URLs are followed: a `javascript:` redirect must never run here. */
  /** @param {string} value */
  function safeUrl(value) {
    try {
      const url = new URL(value, window.location.href);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
    } catch (_e) {
      return null;
    }
  }

  /** @param {string} value */
  function isSameOriginOrDataImage(value) {
    if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value)) return true;
    const url = safeUrl(value);
    return url !== null && url.origin === window.location.origin;
  }

  // ---------------------------------------------------------------- session + API

  function saveSession() {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    } catch (_e) {
      // Storage can be disabled (private modes); the widget still works until the provider round trip.
    }
  }

  function loadSession() {
    try {
      const raw = window.sessionStorage.getItem(STORAGE_KEY);
      if (raw) {
        const saved = JSON.parse(raw);
        session.token = typeof saved.token === 'string' ? saved.token : null;
        session.start = saved.start || null;
      }
    } catch (_e) {
      session.token = null;
    }
  }

  function clearSession() {
    try {
      window.sessionStorage.removeItem(STORAGE_KEY);
    } catch (_e) {
      // nothing to clear
    }
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<ApiResult>}
   */
  function api(method, path, body) {
    /** @type {Record<string, string>} */
    const headers = { accept: 'application/json' };
    headers[TOKEN_HEADER] = session.token || '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    return window
      .fetch(path, {
        method: method,
        headers: headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      })
      .then(function (res) {
        return res
          .json()
          .catch(function () {
            return null;
          })
          .then(function (json) {
            return { ok: res.ok, status: res.status, body: json };
          });
      })
      .catch(function () {
        return { ok: false, status: 0, body: null };
      });
  }

  /** @param {ApiResult} result */
  function errorTypeOf(result) {
    const detail = result.body && result.body.detail;
    if (detail && typeof detail === 'object' && typeof detail.error_type === 'string')
      return detail.error_type;
    if (result.status === 0) return 'network_error';
    return result.status === 401 ? 'invalid_token' : 'provider_api_error';
  }

  // ---------------------------------------------------------------- brand

  /** @param {string} hex */
  function luminance(hex) {
    const channels = [1, 3, 5].map(function (i) {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
  }

  /** Black or white text on the accent, whichever contrasts more (WCAG relative luminance). */
  /** @param {string} hex */
  function textOn(hex) {
    const l = luminance(hex);
    return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
  }

  /** @param {string} name */
  function initials(name) {
    const words = name.split(/\s+/).filter(Boolean);
    return (
      words
        .slice(0, 2)
        .map(function (w) {
          return w.charAt(0).toUpperCase();
        })
        .join('') || '?'
    );
  }

  function applyBrand() {
    const start = session.start;
    if (!start) return;
    const brand = start.team.brand_information;
    const color =
      brand && brand.brand_color && /^#[0-9a-f]{6}$/i.test(brand.brand_color)
        ? brand.brand_color
        : DEFAULT_ACCENT;
    // The CSP forbids style attributes in markup; setting a custom property through the CSSOM is allowed.
    document.documentElement.style.setProperty('--accent', color);
    document.documentElement.style.setProperty('--on-accent', textOn(color));
    // A pale accent would leave buttons without a visible edge on the white card (WCAG 1.4.11: 3:1).
    const edge = 1.05 / (luminance(color) + 0.05) < 3 ? '#6b7280' : color;
    document.documentElement.style.setProperty('--accent-edge', edge);
    const company = companyName();
    /** @type {HTMLElement} */ (document.getElementById('brand-name')).textContent = company;
    const mark = /** @type {HTMLElement} */ (document.getElementById('brand-mark'));
    mark.replaceChildren();
    const logo = start.team.logo_url;
    if (logo && isSameOriginOrDataImage(logo)) {
      mark.appendChild(h('img', { src: logo, alt: '' }));
    } else {
      mark.textContent = initials(company);
    }
    /** @type {HTMLElement} */ (document.getElementById('environment')).hidden =
      start.environment !== 'sandbox';
    closeButton.hidden = false;
    /** @type {HTMLElement} */ (document.getElementById('brand')).hidden = false;
  }

  // ---------------------------------------------------------------- final redirect

  /** @param {Record<string, string>} params */
  function integratorUrl(params) {
    const start = session.start;
    const url = start && start.redirect_url ? safeUrl(start.redirect_url) : null;
    if (!url) return null;
    Object.keys(params).forEach(function (key) {
      /** @type {URL} */ (url).searchParams.set(key, params[key]);
    });
    return url.toString();
  }

  /** @param {string} url */
  function goTo(url) {
    window.clearTimeout(redirectTimer);
    announce('Leaving this page…');
    window.location.assign(url);
  }

  /**
   * A "Continue" button that returns to the integrator (pressed for the person after a short pause: see
   * `scheduleReturn`).
   * @param {string} url
   */
  function continueButton(url) {
    const button = h('button', {
      type: 'button',
      class: 'button',
      id: 'continue',
      text: 'Continue to ' + companyName(),
    });
    button.addEventListener('click', function () {
      goTo(url);
    });
    return button;
  }

  /**
   * Returns to the integrator after a pause long enough to read the result; any new screen cancels it.
   * @param {string | null} url
   */
  function scheduleReturn(url) {
    if (!url) return;
    redirectTimer = window.setTimeout(function () {
      goTo(url);
    }, REDIRECT_DELAY_MS);
  }

  // ---------------------------------------------------------------- screens

  /** @param {string} text */
  function showLoading(text) {
    show([heading(text)]);
  }

  /** @param {string} errorType */
  function showInvalidToken(errorType) {
    clearSession();
    const titles = /** @type {Record<string, string>} */ ({
      token_expired: 'This link has expired',
      token_consumed: 'This link has already been used',
    });
    const title = titles[errorType] || 'This link is not valid';
    const next =
      errorType === 'token_consumed'
        ? 'Your account is connected. To connect another one, ask ' + companyName() + ' for a new link.'
        : 'Please open the link again from ' + companyName() + ', or ask for a new one.';
    show([
      heading(title),
      h('p', { id: 'error-message', class: 'lead', text: next }),
      h('p', { text: 'For your security, each link works for a limited time and only once.' }),
    ]);
    announce(title + '. ' + next);
  }

  function showProviderList() {
    const start = /** @type {LinkStart} */ (session.start);
    const providers = start.providers.filter(isConnectable);
    const list = h('ul', { class: 'providers', id: 'providers', 'aria-labelledby': 'providers-heading' });
    const empty = h('p', { class: 'empty', text: 'No provider matches your search.', hidden: true });

    providers.forEach(function (provider) {
      const button = h('button', { type: 'button', class: 'provider', 'data-provider': provider.slug }, [
        h('img', { src: logoUrl(provider.slug), alt: '', width: 40, height: 40 }),
        h('span', { class: 'provider-name', text: provider.name }),
        h('span', { class: 'provider-go', 'aria-hidden': 'true', text: '›' }),
      ]);
      button.addEventListener('click', function () {
        chooseProvider(provider, /** @type {HTMLButtonElement} */ (button));
      });
      list.appendChild(h('li', { 'data-name': provider.name.toLowerCase() }, [button]));
    });

    let search = null;
    if (providers.length > SEARCH_THRESHOLD) {
      const input = /** @type {HTMLInputElement} */ (
        h('input', { id: 'provider-search', type: 'search', autocomplete: 'off', spellcheck: 'false' })
      );
      input.addEventListener('input', function () {
        const query = input.value.trim().toLowerCase();
        let shown = 0;
        Array.prototype.forEach.call(list.children, function (/** @type {HTMLElement} */ item) {
          const match = !query || (item.getAttribute('data-name') || '').indexOf(query) !== -1;
          item.hidden = !match;
          if (match) shown += 1;
        });
        empty.hidden = shown > 0;
        announce(shown === 1 ? '1 provider shown' : shown + ' providers shown');
      });
      search = h('div', { class: 'field search' }, [
        h('label', { for: 'provider-search', text: 'Search providers' }),
        input,
      ]);
    }

    show([
      h('h1', { id: 'providers-heading', text: 'Connect your health data' }),
      h('p', {
        class: 'lead',
        text: 'Choose the service you use. ' + companyName() + ' will be able to read your data from it.',
      }),
      search,
      providers.length ? list : h('p', { class: 'empty', text: 'No providers are available for this link.' }),
      empty,
    ]);
  }

  /** @param {LinkSource} provider */
  function isConnectable(provider) {
    return isOAuth(provider) || provider.auth_type === 'password' || provider.auth_type === 'email';
  }

  /** @param {LinkSource} provider */
  function isOAuth(provider) {
    return provider.auth_type === 'oauth' || provider.auth_type === 'team_oauth';
  }

  /**
   * @param {LinkSource} provider
   * @param {HTMLButtonElement} [button]
   */
  function chooseProvider(provider, button) {
    if (isOAuth(provider)) {
      startOAuth(provider, button);
      return;
    }
    showProvider(provider);
  }

  /** The first screen for a provider (also the landing screen when the link preselects one). */
  /** @param {LinkSource} provider */
  function showProvider(provider) {
    if (isOAuth(provider)) showOAuthIntro(provider);
    else if (provider.auth_type === 'password') showPasswordForm(provider, '');
    else if (provider.auth_type === 'email') showEmailForm(provider);
    else showUnsupported(provider);
  }

  function backToList() {
    const start = session.start;
    if (!start || start.provider) return null;
    return h('p', { class: 'back' }, [
      h('button', {
        type: 'button',
        class: 'link-button',
        id: 'back',
        text: '‹ All providers',
        onclick: showProviderList,
      }),
    ]);
  }

  /**
   * @param {LinkSource} provider
   * @param {string} title
   */
  function providerHeading(provider, title) {
    return h('div', { class: 'provider-heading' }, [
      h('img', { class: 'provider-logo', src: logoUrl(provider.slug), alt: '', width: 40, height: 40 }),
      heading(title),
    ]);
  }

  /** @param {LinkSource} provider */
  function showOAuthIntro(provider) {
    const button = /** @type {HTMLButtonElement} */ (
      h('button', { type: 'button', class: 'button', id: 'connect', text: 'Continue to ' + provider.name })
    );
    button.addEventListener('click', function () {
      startOAuth(provider, button);
    });
    show([
      backToList(),
      providerHeading(provider, 'Connect ' + provider.name),
      h('p', {
        class: 'lead',
        text: 'You will sign in at ' + provider.name + ' and allow ' + companyName() + ' to read your data.',
      }),
      button,
    ]);
  }

  /** @param {LinkSource} provider */
  function showUnsupported(provider) {
    show([
      backToList(),
      providerHeading(provider, provider.name),
      h('p', {
        text: provider.name + ' is connected from the ' + companyName() + ' mobile app, not from this page.',
      }),
    ]);
  }

  /**
   * @param {HTMLButtonElement | undefined} button
   * @param {boolean} busy
   */
  function setBusy(button, busy) {
    if (!button) return;
    button.disabled = busy;
    button.setAttribute('aria-busy', busy ? 'true' : 'false');
  }

  /**
   * @param {LinkSource} provider
   * @param {HTMLButtonElement} [button]
   */
  function startOAuth(provider, button) {
    setBusy(button, true);
    announce('Opening ' + provider.name + '…');
    api('POST', '/v2/link/auth', { provider: provider.slug }).then(function (result) {
      const target =
        result.ok && result.body && typeof result.body.oauth_url === 'string'
          ? safeUrl(result.body.oauth_url)
          : null;
      if (!target) {
        setBusy(button, false);
        handleFailure(result, provider.slug);
        return;
      }
      saveSession();
      window.location.assign(target.toString());
    });
  }

  /**
   * @param {string} id
   * @param {string} label
   * @param {Record<string, any>} attrs
   * @param {string} [hint]
   */
  function field(id, label, attrs, hint) {
    const hintId = hint ? id + '-hint' : null;
    const input = h(
      'input',
      Object.assign({ id: id, name: id, required: true, 'aria-describedby': hintId }, attrs),
    );
    return h('div', { class: 'field' }, [
      h('label', { for: id, text: label }),
      hint ? h('p', { class: 'hint', id: hintId, text: hint }) : null,
      input,
    ]);
  }

  /** @param {LinkSource} provider */
  function regionField(provider) {
    const regions = Array.isArray(provider.regions) ? provider.regions : [];
    if (!regions.length) return null;
    const select = h(
      'select',
      { id: 'region', name: 'region', required: true },
      regions.map(function (region) {
        return h('option', { value: region, text: region.toUpperCase() });
      }),
    );
    return h('div', { class: 'field' }, [h('label', { for: 'region', text: 'Region' }), select]);
  }

  /**
   * A form handled by script only (the CSP's form-action 'none' stops a native submit).
   * @param {string} id
   * @param {Array<Node | null>} fields
   * @param {string} submitText
   * @param {(form: HTMLFormElement, button: HTMLButtonElement) => void} onSubmit
   */
  function form(id, fields, submitText, onSubmit) {
    const button = /** @type {HTMLButtonElement} */ (
      h('button', { type: 'submit', class: 'button', text: submitText })
    );
    const el = /** @type {HTMLFormElement} */ (
      h('form', { id: id, method: 'post' }, fields.concat([button]))
    );
    el.addEventListener('submit', function (event) {
      event.preventDefault();
      if (button.disabled) return;
      onSubmit(el, button);
    });
    return el;
  }

  /**
   * @param {HTMLFormElement} el
   * @param {string} name
   */
  function valueOf(el, name) {
    const control = /** @type {HTMLInputElement | null} */ (el.elements.namedItem(name));
    return control ? control.value.trim() : '';
  }

  /**
   * @param {LinkSource} provider
   * @param {string} username
   */
  function showPasswordForm(provider, username) {
    const passwordForm = form(
      'password-form',
      [
        field('username', 'Username or e-mail', { type: 'text', autocomplete: 'username', value: username }),
        field('password', 'Password', { type: 'password', autocomplete: 'current-password' }),
        regionField(provider),
      ],
      'Connect ' + provider.name,
      function (el, button) {
        const body = /** @type {Record<string, string>} */ ({
          username: valueOf(el, 'username'),
          password: valueOf(el, 'password'),
        });
        const region = valueOf(el, 'region');
        if (region) body.region = region;
        setBusy(button, true);
        announce('Connecting ' + provider.name + '…');
        api('POST', '/v2/link/provider/password/' + encodeURIComponent(provider.slug), body).then(
          function (result) {
            setBusy(button, false);
            handleProviderResponse(result, provider);
          },
        );
      },
    );
    show([
      backToList(),
      providerHeading(provider, 'Sign in to ' + provider.name),
      h('p', {
        class: 'lead',
        text:
          'Use your ' +
          provider.name +
          ' account. Your password goes to ' +
          provider.name +
          ' only to connect it.',
      }),
      passwordForm,
    ]);
  }

  /**
   * @param {LinkSource} provider
   * @param {ProviderMfa | null} mfa
   */
  function showMfaForm(provider, mfa) {
    pendingMfa = mfa;
    const where = mfa && mfa.hint ? mfa.hint : mfa && mfa.method === 'email' ? 'your e-mail' : 'your phone';
    const mfaForm = form(
      'mfa-form',
      [
        field(
          'mfa_code',
          'Verification code',
          { type: 'text', inputmode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9A-Za-z]*' },
          'We sent a code to ' + where + '.',
        ),
      ],
      'Verify',
      function (el, button) {
        setBusy(button, true);
        announce('Checking the code…');
        api('POST', '/v2/link/provider/password/' + encodeURIComponent(provider.slug) + '/complete_mfa', {
          mfa_code: valueOf(el, 'mfa_code'),
        }).then(function (result) {
          setBusy(button, false);
          handleProviderResponse(result, provider);
        });
      },
    );
    show([providerHeading(provider, 'Enter the verification code'), mfaForm]);
    announce(provider.name + ' sent a verification code to ' + where + '.');
  }

  /** @param {LinkSource} provider */
  function showEmailForm(provider) {
    const emailForm = form(
      'email-form',
      [
        field(
          'email',
          'E-mail address',
          { type: 'email', autocomplete: 'email' },
          'The address of your ' + provider.name + ' account.',
        ),
        regionField(provider),
      ],
      'Send invitation',
      function (el, button) {
        const body = /** @type {Record<string, string>} */ ({
          provider: provider.slug,
          email: valueOf(el, 'email'),
        });
        const region = valueOf(el, 'region');
        if (region) body.region = region;
        setBusy(button, true);
        announce('Sending the invitation…');
        api('POST', '/v2/link/auth/email', body).then(function (result) {
          setBusy(button, false);
          handleProviderResponse(result, provider);
        });
      },
    );
    show([
      backToList(),
      providerHeading(provider, 'Connect ' + provider.name),
      h('p', {
        class: 'lead',
        text: provider.name + ' will send you an invitation to share your data with ' + companyName() + '.',
      }),
      emailForm,
    ]);
  }

  /**
   * @param {ApiResult} result
   * @param {LinkSource} provider
   */
  function handleProviderResponse(result, provider) {
    /** @type {ProviderLinkResponse | null} */
    const response = result.ok ? result.body : null;
    if (!response) {
      handleFailure(result, provider.slug);
      return;
    }
    if (response.state === 'pending_provider_mfa') showMfaForm(provider, response.provider_mfa);
    else if (response.state === 'success') showSuccess(provider.slug, response.connected === false);
    else showError(provider.slug, response.error_type, response.error);
  }

  /**
   * @param {ApiResult} result
   * @param {string | null} slug
   */
  function handleFailure(result, slug) {
    const type = errorTypeOf(result);
    if (result.status === 401) showInvalidToken(type);
    else showError(slug, type, null);
  }

  /**
   * @param {string} slug
   * @param {boolean} invitationPending
   */
  function showSuccess(slug, invitationPending) {
    const name = providerName(slug);
    const back = integratorUrl({ state: 'success', provider: slug });
    clearSession();
    // Nothing left to cancel.
    closeButton.hidden = true;
    show([
      h('span', { class: 'result-icon ok', 'aria-hidden': 'true', text: '✓' }),
      heading(invitationPending ? 'Invitation sent' : 'Connected to ' + name),
      h('p', {
        id: 'result-message',
        class: 'lead',
        text: invitationPending
          ? 'Accept the invitation from ' +
            name +
            ' in your e-mail to finish sharing your data with ' +
            companyName() +
            '.'
          : companyName() + ' can now read your ' + name + ' data.',
      }),
      back
        ? h('p', { text: 'Taking you back to ' + companyName() + '…' })
        : h('p', { text: 'You can close this window now.' }),
      back ? continueButton(back) : null,
    ]);
    announce(invitationPending ? 'Invitation sent.' : 'Connected to ' + name + '.');
    scheduleReturn(back);
  }

  /**
   * @param {string | null} slug
   * @param {string | null | undefined} errorType
   * @param {string | null | undefined} detail
   */
  function showError(slug, errorType, detail) {
    const start = session.start;
    const message = errorText(errorType, slug);
    // A mistyped code is not the end of the flow (the provider keeps the step open): no return for it.
    const back =
      start && start.on_error === 'redirect' && errorType !== 'incorrect_mfa_code'
        ? integratorUrl({
            state: 'error',
            provider: slug || '',
            error_type: errorType || 'provider_api_error',
          })
        : null;
    let retry = null;
    if (!back) {
      retry = h('button', { type: 'button', class: 'button', id: 'try-again', text: 'Try again' });
      retry.addEventListener('click', function () {
        tryAgain(slug, errorType);
      });
    }
    if (back) clearSession();
    show([
      h('span', { class: 'result-icon fail', 'aria-hidden': 'true', text: '!' }),
      heading(slug ? 'Could not connect ' + providerName(slug) : 'Something went wrong'),
      h('p', { id: 'error-message', class: 'error-text', text: message }),
      detail && detail !== message ? h('p', { class: 'lead', text: detail }) : null,
      back ? h('p', { text: 'Taking you back to ' + companyName() + '…' }) : null,
      back ? continueButton(back) : retry,
    ]);
    announce(message);
    scheduleReturn(back);
  }

  /**
   * @param {string | null} slug
   * @param {string | null | undefined} errorType
   */
  function tryAgain(slug, errorType) {
    const start = session.start;
    const provider = slug ? providerBySlug(slug) : null;
    if (!start) {
      window.location.reload();
      return;
    }
    if (provider && errorType === 'incorrect_mfa_code') showMfaForm(provider, pendingMfa);
    else if (provider && (start.provider || !isOAuth(provider))) showProvider(provider);
    else showProviderList();
  }

  function showClosed() {
    clearSession();
    closeButton.hidden = true;
    show([
      heading('You can close this window'),
      h('p', { class: 'lead', text: 'No account was connected.' }),
    ]);
    window.close();
  }

  closeButton.addEventListener('click', function () {
    const start = session.start;
    const back =
      start && start.on_close === 'redirect'
        ? integratorUrl({ state: 'error', error_type: 'user_cancelled' })
        : null;
    if (back) {
      clearSession();
      goTo(back);
    } else showClosed();
  });

  // ---------------------------------------------------------------- start

  /** After the provider's consent page: the data API redirected here with the outcome. */
  /** @param {URLSearchParams} params */
  function handleReturn(params) {
    const slug = params.get('provider');
    const status = params.get('status');
    if (status === 'success' && slug) {
      // The token is spent once a connection succeeds; the state call only confirms while it is not.
      api('GET', '/v2/link/state').then(function (result) {
        const state = result.ok ? result.body : null;
        if (state && state.status === 'error') showError(slug, state.error_type, state.error);
        else showSuccess(/** @type {string} */ (slug), false);
      });
      return;
    }
    showError(slug, params.get('error_type') || 'provider_api_error', null);
  }

  function begin() {
    const start = /** @type {LinkStart} */ (session.start);
    applyBrand();
    const state = start.state;
    if (state && state.status === 'connected') {
      showInvalidToken('token_consumed');
      return;
    }
    const pending =
      state && state.status === 'pending_provider_mfa' && state.provider
        ? providerBySlug(state.provider)
        : null;
    if (pending) {
      showMfaForm(pending, state.provider_mfa);
      return;
    }
    const preselected = start.provider ? providerBySlug(start.provider) : null;
    if (preselected) showProvider(preselected);
    else showProviderList();
  }

  function init() {
    const params = new URLSearchParams(window.location.search);
    const isReturn = /\/return\/?$/.test(window.location.pathname);
    loadSession();
    const fresh = params.get('token');
    if (fresh) {
      if (fresh !== session.token) session.start = null;
      session.token = fresh;
      saveSession();
      // Off the address bar (and out of history, bookmarks and screenshots).
      params.delete('token');
      const rest = params.toString();
      window.history.replaceState(null, '', window.location.pathname + (rest ? '?' + rest : ''));
    }
    if (!session.token) {
      showInvalidToken('invalid_token');
      return;
    }
    if (isReturn && session.start) {
      applyBrand();
      handleReturn(params);
      return;
    }
    showLoading('Loading…');
    api('POST', '/v2/link/start', {}).then(function (result) {
      if (!result.ok || !result.body || !result.body.team) {
        if (isReturn && result.status === 401) handleReturn(params);
        else if (result.status === 401) showInvalidToken(errorTypeOf(result));
        else showError(null, errorTypeOf(result), null);
        return;
      }
      session.start = result.body;
      saveSession();
      if (isReturn) {
        applyBrand();
        handleReturn(params);
      } else begin();
    });
  }

  init();
})();
