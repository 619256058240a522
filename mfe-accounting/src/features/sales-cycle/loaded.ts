import { toastFailure } from '@xaalis/web-kit';
import { useEffect } from 'react';

/** A saved document read by id before its edit dialog opens: its data once read; a failed read is a toast and closes. */
export function useLoadedOrClose<T>(query: { data?: T; error?: unknown }, failure: string, onClose: () => void): T | undefined {
  const { error } = query;
  useEffect(() => {
    if (!error) return;
    toastFailure(error, failure);
    onClose();
  }, [error, failure, onClose]);
  return query.data;
}
