import { z } from 'zod';

export const MESSAGES_TEXT = {
  /** Postgres cannot store U+0000 in text: refused here rather than as a database error. */
  nulByte: 'Caractère non autorisé (octet nul)',
} as const;

/** "Au plus 100 caractères": the French message of a length cap. */
export const tooLong = (max: number) => `Au plus ${max} caractères`;

const noNul = (value: string) => !value.includes('\u0000');

/**
 * The string schema of every text field: a string without NUL bytes (a NUL in
 * any text is a database error otherwise). Chain trim/min/max as with z.string().
 */
export function text(params?: { error?: string }) {
  return z.string(params).refine(noNul, { error: MESSAGES_TEXT.nulByte });
}
