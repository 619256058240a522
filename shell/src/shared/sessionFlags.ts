/**
 * Set while the user signs out from the app: the signed-in area then goes to '/'
 * instead of treating the now missing user as "not signed in" (toast + /api/login).
 * Below the features: the layout sets it, the signed-in area (which loads the layout) reads it.
 */
export const sessionFlags = { signingOut: false };
