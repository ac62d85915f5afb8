/**
 * The short code of a gate pass, typed at the gate when the QR code cannot be read. Its own module,
 * without schemas, so that a screen showing a code loads no form checks with it.
 */

/** The short code's alphabet: no 0/O, 1/I/L, so that it is read and typed without doubt. */
export const GATE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GATE_CODE_LENGTH = 8;

/** A typed code as a guard may type it (any case, with spaces or dashes) in the form it is stored. */
export const normaliseGateCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]+/g, '');

/** A code as people read it, everywhere it is shown: in groups of four ("5MFA YK92"). */
export const formatGateCode = (code: string): string =>
  normaliseGateCode(code).replace(/(.{4})(?=.)/g, '$1 ');
