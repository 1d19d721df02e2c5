import type { LabReportMediaType } from '@meridian/domain';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** PDF readers accept a header anywhere in the first 1 KiB (ISO 32000-1 §7.5.2 implementation note). */
const PDF_HEADER_WINDOW = 1024;

/** The media type the bytes really are, from their magic numbers; null when none of PDF, JPEG, PNG. */
export function sniffMediaType(bytes: Buffer): LabReportMediaType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, PDF_HEADER_WINDOW).indexOf('%PDF-', 0, 'latin1') !== -1) return 'application/pdf';
  return null;
}

const ALIASES: Record<string, LabReportMediaType> = {
  'application/pdf': 'application/pdf',
  'application/x-pdf': 'application/pdf',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/x-png': 'image/png',
};

/** Types that declare nothing about the content: the bytes decide. */
const UNDECLARED = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

export type DeclaredType =
  { kind: 'supported'; type: LabReportMediaType } | { kind: 'undeclared' } | { kind: 'other'; type: string };

/** Classifies a declared content type (parameters and case ignored). */
export function classifyDeclaredType(declared: string): DeclaredType {
  const type = (declared.split(';')[0] ?? '').trim().toLowerCase();
  const supported = ALIASES[type];
  if (supported) return { kind: 'supported', type: supported };
  if (UNDECLARED.has(type)) return { kind: 'undeclared' };
  return { kind: 'other', type };
}
