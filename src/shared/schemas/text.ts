/**
 * Text a person types is stored and shown to others (her screens, e-mails, calendar entries, CSV): it refuses the
 * characters that change how text around it reads (docs/security.md "Text fields refuse control
 * characters"). A single-line field (a name, e-mail, phone, address, service name) refuses every control character
 * (tab and line breaks included, U+2028 and U+2029 too) and the bidirectional controls (U+202E turns 'txt.exe' into
 * 'exe.txt'); a multi-line field (notes, a review, a health answer, an alert) allows line breaks and tabs, nothing
 * else of them. Every input schema in src/shared/schemas uses these two checks.
 */

export const CONTROL_CHARACTERS_MESSAGE = 'Remove the special characters from this field';

/** Bidirectional marks, embeddings, overrides and isolates, and the Arabic letter mark. */
const BIDI = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';

const SINGLE_LINE_REFUSED = new RegExp(`[\\p{Cc}\\u2028\\u2029${BIDI}]`, 'u');
const MULTI_LINE_REFUSED = new RegExp(`(?![\\t\\n\\r])[\\p{Cc}${BIDI}]`, 'u');

/** True when one line of text holds no control, line break or bidirectional character. */
export const isSingleLineText = (text: string): boolean => !SINGLE_LINE_REFUSED.test(text);

/** True when text of several lines holds no control character but tab and line breaks, and no bidirectional one. */
export const isMultiLineText = (text: string): boolean => !MULTI_LINE_REFUSED.test(text);

/** The refinement of a single-line field: `z.string().trim().refine(...singleLine)`. */
export const singleLine = [isSingleLineText, CONTROL_CHARACTERS_MESSAGE] as const;

/** The refinement of a multi-line field: `z.string().trim().refine(...multiLine)`. */
export const multiLine = [isMultiLineText, CONTROL_CHARACTERS_MESSAGE] as const;
