import type { LoginInput, RegisterInput } from '@xaalis/contracts/sign-in';
import type { Validation } from './useAuthForm';

type Schemas = typeof import('./validation');

let schemas: Promise<Schemas> | null = null;
let loaded: Schemas | null = null;

/** Loads zod and the schemas (first input or submit); idempotent. */
export function loadValidation(): Promise<Schemas> {
  schemas ??= import(/* webpackChunkName: "auth-validation" */ './validation').then((module) => {
    loaded = module;
    return module;
  });
  return schemas;
}

// Synchronous once loaded (the first input loads them): the submit then runs without
// waiting, like a resolver that is already there.
export const validateLogin = (values: unknown): Validation<LoginInput> | Promise<Validation<LoginInput>> =>
  loaded ? loaded.validateLogin(values) : loadValidation().then((m) => m.validateLogin(values));
export const validateRegister = (values: unknown): Validation<RegisterInput> | Promise<Validation<RegisterInput>> =>
  loaded ? loaded.validateRegister(values) : loadValidation().then((m) => m.validateRegister(values));
