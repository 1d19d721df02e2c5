/**
 * HL7 v2 text values: the escape sequences of HL7 v2.5.1 §2.7 for the standard delimiters, and the
 * builder that turns plain values into delimited field text. @medplum/core's model keeps field text raw
 * (it splits on delimiters but neither escapes nor unescapes), so every value we write goes through
 * `escapeHl7` and every text value we read through `unescapeHl7`.
 */
import { randomBytes } from 'node:crypto';

/** The delimiters this package writes (MSH-1/MSH-2 `|^~\&`); messages we read may declare others. */
export interface Hl7Delimiters {
  field: string;
  component: string;
  repetition: string;
  escape: string;
  subcomponent: string;
}

export const STANDARD_DELIMITERS: Hl7Delimiters = {
  field: '|',
  component: '^',
  repetition: '~',
  escape: '\\',
  subcomponent: '&',
};

/** A new MSH-10: 20 characters (the v2.5.1 length of MSH-10), 80 random bits in hex. */
export function newMessageControlId(): string {
  return randomBytes(10).toString('hex');
}

/** Escapes the delimiters and line breaks of a plain value (line breaks become `\.br\`). */
export function escapeHl7(value: string, d: Hl7Delimiters = STANDARD_DELIMITERS): string {
  let out = '';
  for (const ch of value) {
    if (ch === d.escape) out += `${d.escape}E${d.escape}`;
    else if (ch === d.field) out += `${d.escape}F${d.escape}`;
    else if (ch === d.component) out += `${d.escape}S${d.escape}`;
    else if (ch === d.subcomponent) out += `${d.escape}T${d.escape}`;
    else if (ch === d.repetition) out += `${d.escape}R${d.escape}`;
    else if (ch === '\r') continue;
    else if (ch === '\n') out += `${d.escape}.br${d.escape}`;
    else out += ch;
  }
  return out;
}

/**
 * Reverses `escapeHl7` and reads the hexadecimal (`\Xhh..\`) and line-break (`\.br\`) sequences. Other
 * formatting sequences (`\H\`, `\N\`, `\.sp\` ...) carry no text and are dropped; an unterminated escape is kept
 * as written.
 */
export function unescapeHl7(value: string, d: Hl7Delimiters = STANDARD_DELIMITERS): string {
  if (!value.includes(d.escape)) return value;
  let out = '';
  let i = 0;
  while (i < value.length) {
    const ch = value[i]!;
    if (ch !== d.escape) {
      out += ch;
      i += 1;
      continue;
    }
    const end = value.indexOf(d.escape, i + 1);
    if (end === -1) {
      out += value.slice(i);
      break;
    }
    out += expandEscape(value.slice(i + 1, end), d);
    i = end + 1;
  }
  return out;
}

function expandEscape(sequence: string, d: Hl7Delimiters): string {
  switch (sequence) {
    case 'F':
      return d.field;
    case 'S':
      return d.component;
    case 'T':
      return d.subcomponent;
    case 'R':
      return d.repetition;
    case 'E':
      return d.escape;
    case '.br':
      return '\n';
    default:
      break;
  }
  if (/^X([0-9A-Fa-f]{2})+$/.test(sequence)) {
    return Buffer.from(sequence.slice(1), 'hex').toString('latin1');
  }
  return '';
}

/** A component's value: plain text, or subcomponents (joined with `&`, each escaped). */
export type Hl7ComponentValue = string | number | null | undefined | readonly (string | null | undefined)[];

/** The text of one field repetition built from its components, each escaped; trailing empties dropped. */
export function hl7Components(...components: Hl7ComponentValue[]): string {
  const parts = components.map((c) => {
    if (c === null || c === undefined) return '';
    if (typeof c === 'number') return String(c);
    if (typeof c === 'string') return escapeHl7(c);
    return c.map((s) => escapeHl7(s ?? '')).join(STANDARD_DELIMITERS.subcomponent);
  });
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts.join(STANDARD_DELIMITERS.component);
}

/** The text of a repeating field from its repetitions' texts (each built with `hl7Components`). */
export function hl7Repetitions(repetitions: readonly string[]): string {
  return repetitions.join(STANDARD_DELIMITERS.repetition);
}

/**
 * The field texts of a non-MSH segment from a map of 1-based field index to field text (already built with
 * `hl7Components`); fields not given are empty.
 */
export function segmentFields(name: string, fields: Readonly<Record<number, string>>): string[] {
  const indexes = Object.keys(fields).map(Number);
  const last = indexes.length === 0 ? 0 : Math.max(...indexes);
  const out = [name];
  for (let i = 1; i <= last; i += 1) out.push(fields[i] ?? '');
  return out;
}
