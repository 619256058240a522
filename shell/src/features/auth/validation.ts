// The zod schemas of the sign-in forms: a chunk of its own, loaded on the first input or
// submit (the page shows without zod).
import { loginSchema, registerSchema } from '@xaalis/contracts/auth';
import type { z } from 'zod';
import type { Validation } from './useAuthForm';

function check<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { values: result.data };
  // The first message of each field (as @hookform/resolvers/zod reports them).
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return { errors };
}

export const validateLogin = (values: unknown) => check(loginSchema, values);
export const validateRegister = (values: unknown) => check(registerSchema, values);
