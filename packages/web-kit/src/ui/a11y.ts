import { PALETTE } from '../theme';

/** Styles of a text read by screen readers only (a status, a chart's summary). */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * The keyboard focus ring of a frame whose inner element takes the focus without showing it (a
 * chart's keyboard proxy, drawn with `outline: none`): the frame shows it instead (WCAG 2.4.7).
 */
export const focusRingWithin = {
  borderRadius: '4px',
  '&:has(:focus-visible)': { outline: `2px solid ${PALETTE.primary.main}`, outlineOffset: '2px' },
} as const;
