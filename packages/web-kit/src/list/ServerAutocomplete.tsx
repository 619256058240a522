import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import type { SkipToken } from '@reduxjs/toolkit/query';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type ReactNode, type Ref } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useDebounced, SEARCH_DELAY_MS } from './useDebounced';

/** How many matches a select box asks the server for at a time. */
export const OPTIONS_PAGE_SIZE = 20;
export const NO_OPTION_TEXT = 'Aucun résultat';
export const LOADING_OPTIONS_TEXT = 'Chargement…';

/** What a select box asks of a paged list: the typed term, one record by id, a short page. */
export interface OptionsFilter {
  search?: string;
  id?: string;
  page: number;
  pageSize: number;
}

/** What a paged list query answers, as a select box reads it. */
export interface OptionsQueryResult<T> {
  data?: { items: readonly T[] };
  isFetching: boolean;
  isError: boolean;
}

/** The matches of the term being typed, the chosen record, and the text typed: what `ServerAutocomplete` shows. */
export interface ServerOptions<T> {
  items: readonly T[];
  /** The chosen record, read by id when it is not among the matches (a form opened on a saved value). */
  selected: T | undefined;
  loading: boolean;
  failed: boolean;
  /** The term the matches answer ('' for none: the first records). */
  search: string;
  /** The typed text: the server is asked once typing pauses. */
  setSearch: (term: string) => void;
}

/**
 * The options of a select box searched on the server as the user types: `useQuery` is the
 * list's RTK Query hook (a paged list answering `{ items }`), `argsOf` builds its argument
 * from a filter (null while there is nothing to ask: dialog closed, no company). The typed
 * term goes out debounced with a small page; the chosen `value` is read by id, once, when the
 * current matches do not hold it.
 */
export function useServerOptions<T extends { id: string }, A>(
  useQuery: (args: A | SkipToken) => OptionsQueryResult<T>,
  argsOf: ((filter: OptionsFilter) => A) | null,
  value: string,
): ServerOptions<T> {
  const [typed, setSearch] = useState('');
  const search = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const matches = useQuery(argsOf ? argsOf({ search: search || undefined, page: 1, pageSize: OPTIONS_PAGE_SIZE }) : skipToken);
  const items = matches.data?.items ?? [];
  const inMatches = items.find((i) => i.id === value);
  const chosen = useQuery(argsOf && value && !inMatches && !matches.isFetching ? argsOf({ id: value, page: 1, pageSize: 1 }) : skipToken);
  return {
    items,
    selected: inMatches ?? (value ? chosen.data?.items.find((i) => i.id === value) : undefined),
    loading: matches.isFetching,
    failed: matches.isError,
    search,
    setSearch,
  };
}

export interface ServerAutocompleteProps<T> {
  id?: string;
  label: string;
  /** The chosen record's id ('' for none). */
  value: string;
  onChange: (value: string, item: T | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  options: ServerOptions<T>;
  /** The text of a record in the list and in the field. */
  optionLabel: (item: T) => string;
  placeholder?: string;
  /** The validation message. */
  error?: string;
  helperText?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  size?: 'small' | 'medium';
  /** The input's accessible name when the label is not enough ('Compte ligne 2'). */
  ariaLabel?: string;
}

/**
 * A select box whose options the server searches as the user types (third parties, stock
 * items, accounts…): MUI Autocomplete over `useServerOptions`. The chosen record keeps its
 * label when a later search no longer returns it; 'Aucun résultat' and 'Chargement…' in French.
 */
export function ServerAutocomplete<T extends { id: string }>({
  id,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  options,
  optionLabel,
  placeholder,
  error,
  helperText,
  disabled,
  required,
  size,
  ariaLabel,
}: ServerAutocompleteProps<T>) {
  // The record last chosen here keeps its label whatever the current matches hold.
  const [chosen, setChosen] = useState<T | null>(null);
  const current = value
    ? (options.items.find((i) => i.id === value) ?? (chosen?.id === value ? chosen : null) ?? options.selected ?? null)
    : null;
  const [input, setInput] = useState('');
  // The chosen record stays among the options (MUI matches the value against them).
  const list = current && !options.items.some((i) => i.id === current.id) ? [current, ...options.items] : options.items;

  return (
    <Autocomplete<T>
      id={id}
      options={list}
      value={current}
      inputValue={input}
      // The server has filtered: every answer is shown as it came.
      filterOptions={(x) => x}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, item) => {
        setChosen(item);
        onChange(item?.id ?? '', item);
      }}
      onInputChange={(_event, text, reason) => {
        setInput(text);
        // Only what the user types is a search; the label written back on a choice is not.
        options.setSearch(reason === 'input' ? text : '');
      }}
      onBlur={onBlur}
      loading={options.loading}
      loadingText={LOADING_OPTIONS_TEXT}
      noOptionsText={NO_OPTION_TEXT}
      disabled={disabled}
      size={size}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          placeholder={placeholder}
          inputRef={inputRef}
          error={Boolean(error) || options.failed}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: ariaLabel ? { ...params.slotProps.htmlInput, 'aria-label': ariaLabel } : params.slotProps.htmlInput,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {options.loading ? <CircularProgress color="inherit" size={18} aria-hidden /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

export interface FormServerAutocompleteProps<T, F extends FieldValues, TOut = F> extends Omit<
  ServerAutocompleteProps<T>,
  'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'
> {
  control: Control<F, unknown, TOut>;
  name: Path<F>;
  /** Called with the chosen id and record (e.g. to fill other fields), instead of the plain field update. */
  onValueChange?: (value: string, item: T | null) => void;
}

/** The props of a field choosing one of a company's records, searched on the server (the remotes' `…Field` components). */
export interface CompanyServerFieldProps<T, F extends FieldValues, TOut = F> extends Omit<
  FormServerAutocompleteProps<T, F, TOut>,
  'options' | 'optionLabel'
> {
  /** The company whose records are searched; null asks nothing (dialog closed). */
  companyId: string | null;
  /** The field's current value (the chosen id), to show its label when no search returns it. */
  value: string;
}

/** `ServerAutocomplete` bound to a react-hook-form field holding the chosen id ('' for none); its id `field-{name}` unless given. */
export function FormServerAutocomplete<T extends { id: string }, F extends FieldValues, TOut = F>({
  control,
  name,
  id,
  onValueChange,
  ...props
}: FormServerAutocompleteProps<T, F, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ServerAutocomplete<T>
          {...props}
          id={id ?? `field-${name}`}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(value, item) => (onValueChange ? onValueChange(value, item) : field.onChange(value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
