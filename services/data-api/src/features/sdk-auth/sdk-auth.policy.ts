/** Lifetimes of decision 0009 "Device authentication". */
export const SIGN_IN_TOKEN_TTL_MS = 10 * 60_000;
export const ACCESS_TOKEN_TTL_MS = 3600_000;
/** Refresh tokens expire after 90 days without a refresh (each rotation restarts the count). */
export const REFRESH_TOKEN_TTL_MS = 90 * 86_400_000;
/** How long a replaced refresh token still answers with the pair that replaced it. */
export const ROTATION_GRACE_MS = 60_000;
