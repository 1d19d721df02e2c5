/**
 * The log scan: no line a process printed may carry a key, a secret, a client_user_id, a name, a date of
 * birth or a lab value the run used, nor a stack trace or SQL text (those belong to an error someone
 * must fix, and they carry values with them).
 */
import { leakFindings } from './response-checks';

export interface LogFinding {
  /** What leaked: the kind of value ("team API key", "date of birth"...) or the marker ("leak_sql"). */
  what: string;
  /** The line with the value masked, shortened. */
  line: string;
  /** The log entry's `message`, when the line is a JSON log entry. */
  message?: string;
}

/** The `message` of a JSON log line (`<process>: {...}`). */
function messageOf(line: string): string | undefined {
  const start = line.indexOf('{');
  if (start < 0) return undefined;
  try {
    const entry = JSON.parse(line.slice(start)) as { message?: unknown };
    return typeof entry.message === 'string' ? entry.message : undefined;
  } catch {
    return undefined;
  }
}

function mask(line: string, value: string): string {
  return line.split(value).join(`<${value.length} chars>`);
}

/**
 * Lines that contain any of the values (matched as written, and as JSON would escape them). A number is
 * matched only as a whole number (not inside a longer one: a lab value 108.24 is not in `108.248`).
 */
export function scanForValues(lines: string[], values: Map<string, string>): LogFinding[] {
  const out: LogFinding[] = [];
  const needles = [...values.entries()].flatMap(([value, kind]) => {
    const escaped = JSON.stringify(value).slice(1, -1);
    const forms = escaped === value ? [value] : [value, escaped];
    return forms.map((form) => {
      const numeric = /^[\d.]+$/.test(form);
      const pattern = numeric ? new RegExp(`(?<![\\d.])${form.replace(/\./g, '\\.')}(?![\\d])`) : undefined;
      return { form, kind, found: (line: string) => (pattern ? pattern.test(line) : line.includes(form)) };
    });
  });
  for (const line of lines) {
    for (const needle of needles) {
      if (needle.found(line))
        out.push({ what: needle.kind, line: shorten(mask(line, needle.form)), message: messageOf(line) });
    }
  }
  return out;
}

/** Lines with a stack trace, a source path or SQL text. */
export function scanForInternals(lines: string[]): LogFinding[] {
  const out: LogFinding[] = [];
  for (const line of lines) {
    // JSON logs escape newlines; unescape so the stack-trace pattern sees frames.
    const text = line.replace(/\\n/g, '\n');
    for (const f of leakFindings(text))
      if (f !== 'html_body') out.push({ what: f, line: shorten(line), message: messageOf(line) });
  }
  return out;
}

function shorten(s: string, max = 400): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** Groups findings for printing: one line per (what, message) with a count. */
export function formatLogFindings(findings: LogFinding[], max = 40): string[] {
  const groups = new Map<string, { n: number; line: string }>();
  for (const f of findings) {
    const message = f.message ?? f.line.slice(0, 80);
    const key = `${f.what} in "${message}"`;
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { n: 1, line: f.line });
  }
  const out = [...groups.entries()].map(([key, g]) => `${key} ×${g.n}: ${g.line}`);
  return out.length > max ? [...out.slice(0, max), `… and ${out.length - max} more`] : out;
}
