/**
 * client_user_id must not carry personal data (spec). We refuse values that contain an e-mail address
 * or look like a phone number; plain numeric ids and uuids stay allowed.
 */
const EMAIL_RE = /[^\s@<>()[\]]+@[^\s@<>()[\]]+\.[a-z]{2,}/i;
const PHONE_CHARS_RE = /^(?:tel:)?\+?[\d\s().\-/]+$/i;
const UUID_LIKE_RE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export type ClientUserIdViolation = 'email_address' | 'phone_number';

export function clientUserIdViolation(value: string): ClientUserIdViolation | null {
  const trimmed = value.trim();
  if (EMAIL_RE.test(trimmed) || /^mailto:/i.test(trimmed)) return 'email_address';
  if (UUID_LIKE_RE.test(trimmed)) return null;
  if (PHONE_CHARS_RE.test(trimmed)) {
    const digits = trimmed.replace(/\D/g, '').length;
    const isPlainNumber = /^\d+$/.test(trimmed);
    const phoneShaped = trimmed.startsWith('+') || /^tel:/i.test(trimmed) || /[\s().\-/]/.test(trimmed);
    if (!isPlainNumber && phoneShaped && digits >= 7 && digits <= 15) return 'phone_number';
  }
  return null;
}

export const CLIENT_USER_ID_RULE =
  'client_user_id must not contain personal data such as an e-mail address or a phone number; use an opaque id (for example a uuid or your internal numeric id).';
