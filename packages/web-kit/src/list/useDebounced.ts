import { useEffect, useState } from 'react';

/** The value, once it has stayed the same for `delay` ms (e.g. a search box's text). */
export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** How long a search box waits after the last key before the list is asked again. */
export const SEARCH_DELAY_MS = 300;

/** A search box's text and the trimmed query sent to the server once typing pauses. */
export function useDebouncedSearch(delay = SEARCH_DELAY_MS): { input: string; setInput: (value: string) => void; search: string } {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), delay);
  return { input, setInput, search };
}
