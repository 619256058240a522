/**
 * The label of any value of a status column: its own label, or `other` for a value
 * the list does not know (the specs word such statuses as one of the known ones).
 */
export const labelOrOther =
  (labels: Readonly<Record<string, string>>, other: string) =>
  (value: string): string =>
    labels[value] ?? other;
