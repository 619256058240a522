import { toastFailure } from './failure';
import { toastMissingCompany, toastSaveError, toastSuccess } from './feedback';

/** A success toast: its title, or its title and description. */
export type SuccessToast = string | readonly [title: string, description: string];

export interface CompanySave {
  /** The request (an RTK mutation's `.unwrap()`); what it throws is the failure. */
  run: (companyId: string) => Promise<unknown>;
  /** The success toast, or a function of what the request answered (e.g. the number the server gave). */
  success: SuccessToast | ((result: unknown) => SuccessToast);
  /** The failure toast's text (the server's reason is appended by toastFailure). */
  failure: string;
  /**
   * The server's reason, when it sent one, replaces the failure text instead of
   * following it (the screens whose specification says "server or local message
   * used when present": entries, accounts, third parties, the company).
   */
  reasonReplacesText?: boolean;
  /** After the success toast (reset and close the dialog...), with what the request answered. */
  onSaved: (result: unknown) => void;
  /** Before the failure toast (e.g. put a 409 on the field it is about). */
  onError?: (error: unknown) => void;
}

/** Shows a success toast. */
export function showSuccess(toast: SuccessToast): void {
  if (typeof toast === 'string') toastSuccess(toast);
  else toastSuccess(toast[0], toast[1]);
}

/** A form's save for the signed-in company: 'Erreur' without a company, else the request followed by its success or failure toast. */
export async function saveForCompany(
  companyId: string | null | undefined,
  { run, success, failure, reasonReplacesText, onSaved, onError }: CompanySave,
): Promise<void> {
  if (!companyId) {
    toastMissingCompany();
    return;
  }
  try {
    const result = await run(companyId);
    showSuccess(typeof success === 'function' ? success(result) : success);
    onSaved(result);
  } catch (error) {
    onError?.(error);
    if (reasonReplacesText) toastSaveError(error, failure);
    else toastFailure(error, failure);
  }
}
