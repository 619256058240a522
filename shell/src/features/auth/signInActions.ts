import type { LoginInput, RegisterInput, User } from '@xaalis/contracts/sign-in';
import { sendRequest } from '@xaalis/web-kit/src/http';
import { createContext, useContext } from 'react';

/** Sign-in requests of the /auth forms; reject with an ApiError (web-kit `serverMessage`). */
export interface SignInActions {
  login: (values: LoginInput) => Promise<User>;
  register: (values: RegisterInput) => Promise<User>;
}

export const SignInActionsContext = createContext<SignInActions | null>(null);

export function useSignInActions(): SignInActions {
  const actions = useContext(SignInActionsContext);
  if (!actions) throw new Error('SignInActionsContext manquant');
  return actions;
}

/**
 * POST /api/login and /api/register without RTK Query (the sign-in page does not load
 * the store); `onSignedIn` hands the user to whoever keeps the session.
 */
export function requestSignInActions(onSignedIn: (user: User) => void): SignInActions {
  const post = async (url: string, body: unknown): Promise<User> => {
    const result = await sendRequest({ url, method: 'POST', body });
    // An Error carrying the ApiError fields (status, data, message): web-kit's serverMessage reads it.
    if (result.error) throw Object.assign(new Error(result.error.message), result.error);
    const user = result.data as User;
    onSignedIn(user);
    return user;
  };
  return { login: (values) => post('/api/login', values), register: (values) => post('/api/register', values) };
}
