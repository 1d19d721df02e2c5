import { createHash, randomBytes, randomInt } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';
import { createFaults, dataFaults, faultRoutes } from '../core/faults';
import { currentMeasurement, graphData, patientFor, uuidOf, type Patient } from './llu-data';

/**
 * LibreView / LibreLinkUp emulator. LibreLinkUp has no public API reference; the shapes follow the
 * community documentation of the app's traffic (the "LibreLinkUp HTTP dump" gist by khskekec and the
 * nightscout-librelink-up / libre-link-up-api-client projects):
 * - `POST /llu/auth/login` `{email, password}` with the app's `product` / `version` headers →
 *   `{status: 0, data: {user, authTicket: {token, expires, duration}}}`; wrong credentials → HTTP 200
 *   `{status: 2, error: {message}}`; an account of another region → `{status: 0, data: {redirect: true,
 *   region}}`, to be repeated at that region's server (`api-<region>.libreview.io`; here `/<region>`).
 * - `GET /llu/connections` and `GET /llu/connections/{patientId}/graph` with the bearer ticket and the
 *   `account-id` header (sha256 of the user id) → `{status: 0, data, ticket}`; graph `data` holds
 *   `connection` (with the latest `glucoseMeasurement`), `activeSensors` and `graphData` (15-minute history of
 *   the last 12 hours) with `FactoryTimestamp` (UTC) and `Timestamp` (local) as `M/D/YYYY h:mm:ss AM`.
 * Our own modelling, not LibreLinkUp's documented behaviour:
 * - Two-step verification: an account with it switched on answers the login with `{status: 4, data:
 *   {step: {type: "mfa", props: {method, maskedRecipient}}, authTicket}}` (status 4 is how LibreView asks
 *   for a further step, e.g. accepting terms); `POST /llu/auth/continue/mfa` `{code}` with that step ticket
 *   completes the login, a wrong code answers `{status: 2}` and keeps the step open. Codes "sent" are
 *   readable at `GET /__emulator/mfa-codes?email=`.
 * - Practice invitations (the FreeStyle Libre e-mail flow): a practice account (`accountType: "hcp"`)
 *   `POST /llu/practice/invitations` `{email}`; once the person accepts (auto-accept via
 *   `PUT /__emulator/auto-accept`, or `POST /__emulator/invitations/accept`), the patient appears in the
 *   practice's `/llu/connections`. Asking again for the same e-mail answers the invitation's current state.
 */

export const LLU_REGIONS = ['us', 'eu', 'eu2', 'de', 'fr', 'jp', 'ap', 'au', 'ae', 'ca', 'la'] as const;
const SESSION_MS = 180 * 86_400_000;
const STEP_MS = 10 * 60_000;

export interface LluAccount {
  email: string;
  password: string;
  region: string;
  mfa: 'email' | 'sms' | null;
  accountType: 'pat' | 'hcp';
}

export interface LibreViewEmulator extends ProviderEmulator {
  addAccount(account: Partial<LluAccount> & { email: string; password: string }): void;
  setMfa(email: string, method: 'email' | 'sms' | null): void;
  /** Verification codes "sent" to the account, oldest first. */
  sentCodes(email: string): string[];
  setAutoAccept(on: boolean): void;
  acceptInvitation(email: string): boolean;
  /** Ends every session of the account (as a password change would). */
  revokeSessions(email: string): void;
}

interface Ticket {
  email: string;
  kind: 'session' | 'mfa';
  expiresMs: number;
  revoked: boolean;
}

interface Invitation {
  id: string;
  email: string;
  practice: string;
  state: 'pending' | 'accepted';
  created: number;
}

const userIdOf = (email: string) => uuidOf('user', email);
const accountIdHeader = (email: string) => createHash('sha256').update(userIdOf(email)).digest('hex');

function mask(account: LluAccount): string {
  if (account.mfa === 'sms') return '+** *** ***42';
  const [name = '', domain = ''] = account.email.split('@');
  return `${name.charAt(0)}${'*'.repeat(Math.max(1, name.length - 1))}@${domain}`;
}

export function createLluEmulator(
  slug: 'abbott_libreview' | 'freestyle_libre',
  client: ProviderEmulator['client'],
  options: EmulatorOptions = {},
): LibreViewEmulator {
  let now = options.now ?? (() => new Date());
  const faults = createFaults();
  const accounts = new Map<string, LluAccount>();
  const tickets = new Map<string, Ticket>();
  const codes = new Map<string, string[]>();
  const invitations = new Map<string, Invitation>();
  let autoAccept = false;

  function addAccount(a: Partial<LluAccount> & { email: string; password: string }) {
    const email = a.email.toLowerCase();
    accounts.set(email, { region: 'eu', mfa: null, accountType: 'pat', ...a, email });
  }
  addAccount({ email: 'patient@libreview.test', password: 'libre-dev-password' });
  addAccount({ email: 'twofactor@libreview.test', password: 'libre-dev-password', mfa: 'email' });
  addAccount({ email: 'us-patient@libreview.test', password: 'libre-dev-password', region: 'us' });
  addAccount({ email: 'practice@libreview.test', password: 'practice-dev-password', accountType: 'hcp' });

  function issue(email: string, kind: Ticket['kind']) {
    const token = randomBytes(32).toString('base64url');
    const duration = kind === 'session' ? SESSION_MS : STEP_MS;
    const expiresMs = now().getTime() + duration;
    tickets.set(token, { email, kind, expiresMs, revoked: false });
    return { token, expires: Math.floor(expiresMs / 1000), duration };
  }

  function userOf(a: LluAccount) {
    const p = patientFor(a.email);
    return {
      id: userIdOf(a.email),
      firstName: p.firstName,
      lastName: p.lastName,
      email: a.email,
      country: a.region === 'us' ? 'US' : 'DE',
      uiLanguage: 'en-US',
      communicationLanguage: 'en-US',
      accountType: a.accountType,
      uom: '1',
      dateFormat: '2',
      timeFormat: '2',
      emailDay: [1],
      created: 1652399492,
      lastLogin: Math.floor(now().getTime() / 1000),
      programs: {},
      dateOfBirth: 627609600,
      practices: {},
      devices: {},
      consents: { llu: { policyAccept: 1652399485, touAccept: 1652399485 } },
    };
  }

  function loggedIn(res: Response, a: LluAccount) {
    res.json({
      status: 0,
      data: {
        user: userOf(a),
        messages: { unread: 0 },
        notifications: { unresolved: 0 },
        authTicket: issue(a.email, 'session'),
        invitations: null,
        trustedDeviceToken: '',
      },
    });
  }

  /** The region in the path (`/<region>/llu/...`), null on the global server; undefined when unknown. */
  function regionOf(req: Request): string | null | undefined {
    const r = (req.params as Record<string, string | undefined>).region;
    if (r === undefined) return null;
    return (LLU_REGIONS as readonly string[]).includes(r) ? r : undefined;
  }

  function appHeaders(req: Request, res: Response): boolean {
    if (req.get('product') && req.get('version')) return true;
    res
      .status(403)
      .json({ status: 920, data: { minimumVersion: '4.12.0' }, error: { message: 'RequiredHeaderMissing' } });
    return false;
  }

  const router = express.Router({ mergeParams: true });
  const bodyJson = express.json();

  router.post('{/:region}/llu/auth/login', bodyJson, (req, res) => {
    const region = regionOf(req);
    if (region === undefined || !appHeaders(req, res))
      return region === undefined ? void res.status(404).end() : undefined;
    const b = (req.body ?? {}) as { email?: unknown; password?: unknown };
    const account = typeof b.email === 'string' ? accounts.get(b.email.toLowerCase()) : undefined;
    if (!account || account.password !== b.password) {
      res.json({ status: 2, error: { message: 'Bad credentials' } });
      return;
    }
    // The global server serves US accounts; every other server sends an account of elsewhere home.
    if ((region ?? 'us') !== account.region) {
      res.json({ status: 0, data: { redirect: true, region: account.region } });
      return;
    }
    if (account.mfa) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      codes.set(account.email, [...(codes.get(account.email) ?? []), code]);
      res.json({
        status: 4,
        data: {
          step: {
            type: 'mfa',
            componentName: 'MfaVerify',
            props: { method: account.mfa, maskedRecipient: mask(account) },
          },
          authTicket: issue(account.email, 'mfa'),
        },
      });
      return;
    }
    loggedIn(res, account);
  });

  router.post('{/:region}/llu/auth/continue/mfa', bodyJson, (req, res) => {
    if (regionOf(req) === undefined || !appHeaders(req, res)) return;
    const token = /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1] ?? '';
    const step = tickets.get(token);
    if (!step || step.kind !== 'mfa' || step.revoked || step.expiresMs < now().getTime()) {
      res.status(401).json({ message: 'invalid or expired jwt' });
      return;
    }
    const account = accounts.get(step.email)!;
    const code = (req.body as { code?: unknown } | undefined)?.code;
    if (typeof code !== 'string' || code !== codes.get(account.email)?.at(-1)) {
      res.json({ status: 2, error: { message: 'Invalid verification code' } });
      return;
    }
    step.revoked = true;
    loggedIn(res, account);
  });

  /** A live session ticket with the matching `account-id` header; sets `res.locals.account`. */
  function requireSession(req: Request, res: Response, next: NextFunction) {
    if (regionOf(req) === undefined) return void res.status(404).end();
    if (!appHeaders(req, res)) return;
    const token = /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1] ?? '';
    const t = tickets.get(token);
    if (!t || t.kind !== 'session' || t.revoked || faults.get().revoked || t.expiresMs < now().getTime()) {
      res.status(401).json({ message: 'invalid or expired jwt' });
      return;
    }
    if (req.get('account-id') !== accountIdHeader(t.email)) {
      res.status(401).json({ message: 'RequiredHeaderMissing', error: { message: 'account-id' } });
      return;
    }
    res.locals.account = accounts.get(t.email);
    next();
  }

  const accountOf = (res: Response) => res.locals.account as LluAccount;
  const withTicket = (res: Response, data: unknown) =>
    res.json({ status: 0, data, ticket: issue(accountOf(res).email, 'session') });

  function followed(a: LluAccount): Patient[] {
    if (a.accountType === 'pat') return [patientFor(a.email)];
    return [...invitations.values()]
      .filter((i) => i.practice === a.email && i.state === 'accepted')
      .map((i) => patientFor(i.email));
  }

  function connectionOf(follower: LluAccount, p: Patient) {
    const nowMs = now().getTime();
    const current = currentMeasurement(p, nowMs);
    return {
      id: uuidOf('connection', follower.email, p.patientId),
      patientId: p.patientId,
      country: 'DE',
      status: 2,
      firstName: p.firstName,
      lastName: p.lastName,
      targetLow: 70,
      targetHigh: 180,
      uom: 1,
      sensor: {
        deviceId: '',
        sn: p.sensorSerial,
        a: Math.floor((nowMs - 5 * 86_400_000) / 1000),
        w: 60,
        pt: 4,
        s: false,
        lj: false,
      },
      glucoseMeasurement: current,
      glucoseItem: current,
      glucoseAlarm: null,
      patientDevice: {
        did: uuidOf('device', p.patientId),
        dtid: 40068,
        v: '3.3.1',
        ll: 70,
        hl: 250,
        u: Math.floor(nowMs / 1000),
      },
      created: 1652399492,
    };
  }

  const data = express.Router({ mergeParams: true });
  data.get('/connections', (_req, res) => {
    const a = accountOf(res);
    withTicket(
      res,
      followed(a).map((p) => connectionOf(a, p)),
    );
  });
  data.get('/connections/:patientId/graph', (req, res) => {
    const a = accountOf(res);
    const p = followed(a).find((x) => x.patientId === req.params.patientId);
    if (!p) return void res.status(404).json({ status: 404, error: { message: 'connection not found' } });
    const nowMs = now().getTime();
    withTicket(res, {
      connection: connectionOf(a, p),
      activeSensors: [{ sensor: connectionOf(a, p).sensor, device: connectionOf(a, p).patientDevice }],
      graphData: graphData(p, nowMs),
    });
  });
  data.post('/practice/invitations', bodyJson, (req, res) => {
    const a = accountOf(res);
    if (a.accountType !== 'hcp')
      return void res.status(403).json({ status: 403, error: { message: 'not a practice account' } });
    const email = (req.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email))
      return void res.status(400).json({ status: 400, error: { message: 'a valid email is required' } });
    const key = email.toLowerCase();
    let inv = invitations.get(key);
    if (!inv) {
      inv = {
        id: uuidOf('invitation', a.email, key),
        email: key,
        practice: a.email,
        state: autoAccept ? 'accepted' : 'pending',
        created: Math.floor(now().getTime() / 1000),
      };
      invitations.set(key, inv);
    }
    withTicket(res, {
      id: inv.id,
      email: inv.email,
      state: inv.state,
      patientId: inv.state === 'accepted' ? patientFor(inv.email).patientId : null,
      created: inv.created,
    });
  });

  const app = express();
  app.disable('x-powered-by');
  app.use(faultRoutes(faults));
  app.get('/__emulator/mfa-codes', (req, res) => {
    const email = typeof req.query.email === 'string' ? req.query.email.toLowerCase() : '';
    res.json({ codes: codes.get(email) ?? [] });
  });
  app.post('/__emulator/invitations/accept', express.json(), (req, res) => {
    const email = (req.body as { email?: unknown } | undefined)?.email;
    const ok = typeof email === 'string' && acceptInvitation(email);
    res.status(ok ? 200 : 404).json({ accepted: ok });
  });
  app.put('/__emulator/auto-accept', express.json(), (req, res) => {
    autoAccept = (req.body as { on?: unknown } | undefined)?.on === true;
    res.json({ on: autoAccept });
  });
  app.put('/__emulator/accounts', express.json(), (req, res) => {
    const b = req.body as Partial<LluAccount>;
    if (typeof b.email !== 'string' || typeof b.password !== 'string')
      return void res.status(400).json({ error: 'email and password required' });
    addAccount({ ...b, email: b.email, password: b.password });
    res.status(204).end();
  });
  app.use(router);
  app.use('{/:region}/llu', dataFaults(faults), requireSession, data);

  function acceptInvitation(email: string): boolean {
    const inv = invitations.get(email.toLowerCase());
    if (!inv) return false;
    inv.state = 'accepted';
    return true;
  }

  return {
    slug,
    app,
    faults,
    oauth: null,
    client,
    basePaths: { api: '', auth: '' },
    setNow(next) {
      now = next;
    },
    addAccount,
    setMfa(email, method) {
      const a = accounts.get(email.toLowerCase());
      if (a) a.mfa = method;
    },
    sentCodes: (email) => [...(codes.get(email.toLowerCase()) ?? [])],
    setAutoAccept(on) {
      autoAccept = on;
    },
    acceptInvitation,
    revokeSessions(email) {
      for (const t of tickets.values()) if (t.email === email.toLowerCase()) t.revoked = true;
    },
  };
}

/** LibreView account with e-mail and password (slug `abbott_libreview`); no app credentials exist. */
export function createLibreViewEmulator(options: EmulatorOptions = {}): LibreViewEmulator {
  return createLluEmulator(
    'abbott_libreview',
    { clientId: options.clientId ?? '', clientSecret: options.clientSecret ?? '' },
    options,
  );
}

/** FreeStyle Libre by practice invitation (slug `freestyle_libre`): the platform's practice account is the client. */
export function createFreestyleLibreEmulator(options: EmulatorOptions = {}): LibreViewEmulator {
  return createLluEmulator(
    'freestyle_libre',
    {
      clientId: options.clientId ?? 'practice@libreview.test',
      clientSecret: options.clientSecret ?? 'practice-dev-password',
      details: { region: 'eu' },
    },
    options,
  );
}
