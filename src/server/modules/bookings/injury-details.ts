/**
 * The booking form's 'injuries or conditions' text is a health answer (docs/product.md §13): stored sealed with
 * the server's key (secret-box.ts, like the health forms), opened only for her screens and the
 * client's own link. `has_injuries` stays plain: it says nothing about what.
 */
import { openStored, type SecretBox } from '../../secret-box';

export const sealInjuryDetails = (box: SecretBox, text: string | null): string | null =>
  text === null ? null : box.seal(text);

/**
 * The stored details as written. A value sealed with a key this server no longer has reads as none
 * (the booking still says she has injuries), never as an error; one not sealed yet (stored before
 * they were, and not yet sealed at start) reads as it is.
 */
export const openInjuryDetails = (box: SecretBox, stored: string | null): string | null => openStored(box, stored);
