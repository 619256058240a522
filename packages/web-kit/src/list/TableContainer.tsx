import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import MuiTableContainer from '@mui/material/TableContainer';
import { useCallback, type ReactNode, type RefCallback } from 'react';

/**
 * Makes an element that scrolls reachable with Tab, so a keyboard can scroll it (WCAG 2.1.1, axe
 * 'scrollable-region-focusable'): a wide table on a phone, a long one under a maximum height. Only
 * while it overflows, so a table that fits adds no stop; with `label`, it is a region of that name.
 */
export function useKeyboardScroll<T extends HTMLElement>(label?: string): RefCallback<T> {
  return useCallback(
    (el: T | null) => {
      if (!el || typeof ResizeObserver === 'undefined') return undefined;
      const update = () => {
        // A pixel of rounding is not an overflow.
        const overflows = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
        if (overflows) {
          el.tabIndex = 0;
          if (label) {
            el.setAttribute('role', 'region');
            el.setAttribute('aria-label', label);
          }
        } else {
          el.removeAttribute('tabindex');
          el.removeAttribute('role');
          el.removeAttribute('aria-label');
        }
      };
      // The frame's own size (the window) and its content's (rows arriving).
      const observer = new ResizeObserver(update);
      observer.observe(el);
      for (const child of Array.from(el.children)) observer.observe(child);
      update();
      return () => observer.disconnect();
    },
    [label],
  );
}

export interface TableContainerProps {
  /** The table's name: the scrolling frame is a region of that name. */
  label?: string;
  /** In its own outlined frame (a table inside a tab rather than a page's panel). */
  outlined?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/** MUI's TableContainer that a keyboard can scroll (useKeyboardScroll): use it for every table that may overflow. */
export function TableContainer({ label, outlined, sx, children }: TableContainerProps) {
  const ref = useKeyboardScroll<HTMLDivElement>(label);
  return outlined ? (
    <MuiTableContainer ref={ref} component={Paper} variant="outlined" sx={sx}>
      {children}
    </MuiTableContainer>
  ) : (
    <MuiTableContainer ref={ref} sx={sx}>
      {children}
    </MuiTableContainer>
  );
}
