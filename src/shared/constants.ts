/** Business constants shared by server and client (docs/product-rules.md lists the rules they serve). */
export const PASSWORD_MIN_LENGTH = 8;
// Long passphrases are welcome; the cap only stops multi-megabyte bodies from reaching argon2.
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const T_SHIRT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;

export const SESSION_CHECK_RETRY_MS = 1000;
export const USER_QUERY_RETRIES = 5;
export const USER_QUERY_BACKOFF_BASE_MS = 1000;
export const USER_QUERY_BACKOFF_CAP_MS = 10_000;
export const USER_QUERY_FRESH_MS = 120_000;

/** The community dashboard's announcement previews, in characters. */
export const ANNOUNCEMENT_PREVIEW_LENGTH = 150;

export const TOAST_DURATION_MS = 5000;
export const THEME_STORAGE_KEY = 'harambee-theme';
export const UPLOAD_URL_PATTERN = /^\/uploads\/[a-z0-9]{16,64}\.webp$/;

// Categories are a short list a leader picks from, returned whole (not paged); the cap keeps it short.
export const CATEGORIES_PER_COMMUNITY = 100;

/**
 * A deleted account keeps its row (the books name it) under this name, stored in English: the
 * client shows it in the reader's language (lib/person-name.ts).
 */
export const FORMER_MEMBER = { firstName: 'Former', lastName: 'member' } as const;
export const FORMER_MEMBER_NAME = `${FORMER_MEMBER.firstName} ${FORMER_MEMBER.lastName}`;
/** An announcement's `postedBy` for the viewer's own (the REST contract's word). */
export const POSTED_BY_YOU = 'You';
