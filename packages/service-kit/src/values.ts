/** An optional text a form left empty is stored as NULL, not as '' (so two empty codes never collide). */
export const blankToNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v === '' ? null : v);
