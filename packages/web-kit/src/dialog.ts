import { useCallback, useState } from 'react';

/** A dialog a page opens: whether it is open, what it was opened with, and its React key. */
export interface DialogControl<T> {
  open: boolean;
  /** What the last opening passed (the record to edit, the form's defaults); the initial value before any. */
  value: T;
  /** A new key per opening (`<name>-<n>`): the dialog remounts and its form starts afresh every time. */
  key: string;
  /** Opens the dialog with `value` (call it as `() => dialog.show()` from a click, not with the event). */
  show: (value: T) => void;
  close: () => void;
  /** The dialog's own props, to spread on it: `<RoomDialog key={room.key} {...room.props} />`. */
  props: { open: boolean; onClose: () => void };
}

/**
 * The state of a dialog a page opens and closes. `name` keeps the keys of sibling
 * dialogs apart.
 */
export function useDialog(name: string): DialogControl<void>;
export function useDialog<T>(name: string, initial: T): DialogControl<T>;
export function useDialog<T>(name: string, initial?: T): DialogControl<T | undefined> {
  const [state, setState] = useState({ open: false, openings: 0, value: initial });
  const show = useCallback((value?: T) => setState((s) => ({ open: true, openings: s.openings + 1, value })), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return {
    open: state.open,
    value: state.value,
    key: `${name}-${state.openings}`,
    show,
    close,
    props: { open: state.open, onClose: close },
  };
}
