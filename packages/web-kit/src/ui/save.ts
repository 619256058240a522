import { toastFailure } from './failure';
import { toastMissingCompany, toastSuccess } from './feedback';

export interface CompanySave {
  /** The request (an RTK mutation's `.unwrap()`); what it throws is the failure. */
  run: (companyId: string) => Promise<unknown>;
  /** The success toast's title, or its title and description. */
  success: string | readonly [title: string, description: string];
  /** The failure toast's text (the server's reason is appended by toastFailure). */
  failure: string;
  /** After the success toast (reset and close the dialog...). */
  onSaved: () => void;
  /** Before the failure toast (e.g. put a 409 on the field it is about). */
  onError?: (error: unknown) => void;
}

/** A form's save for the signed-in company: 'Erreur' without a company, else the request followed by its success or failure toast. */
export async function saveForCompany(
  companyId: string | null | undefined,
  { run, success, failure, onSaved, onError }: CompanySave,
): Promise<void> {
  if (!companyId) {
    toastMissingCompany();
    return;
  }
  try {
    await run(companyId);
    if (typeof success === 'string') toastSuccess(success);
    else toastSuccess(success[0], success[1]);
    onSaved();
  } catch (error) {
    onError?.(error);
    toastFailure(error, failure);
  }
}
