import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_REFUSALS } from '../../shared/password-refusals.js';

/**
 * zxcvbn-ts with its common dictionaries: some 49,000 passwords from breaches, plus keyboard
 * patterns, repeats, sequences, dates and common substitutions (p@ssw0rd). Built once when the
 * server starts, so no request pays for it and memory does not step up later. It judges the first
 * 64 characters: its matching grows faster than the length, so a password near LIMITS.passwordMax
 * would hold the event loop many times longer than one of 64, which is already past any guessing.
 */
const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: 64 });

/**
 * zxcvbn's score 2 means about a million guesses or more: out of reach of an online attack held to
 * 10 failed logins per account in 15 minutes (login-throttle.ts). Below it sit the breached and
 * commonly used passwords and their obvious variations (Password123!, qwertyuiop, 12345678).
 */
const MIN_SCORE = 2;

/** Words an attacker would try first against this account. */
const SITE_WORDS = ['remotefix', 'remote fix'];

/**
 * Why a new password is refused (DECISIONS.md §7.6, NIST SP 800-63B), or undefined when it is fine.
 * `account`: its name and email, which an attacker would try first.
 */
export function passwordProblem(password: string, account?: { name?: string; email?: string }): string | undefined {
  const userInputs = [...SITE_WORDS];
  if (account?.name) userInputs.push(account.name, ...account.name.split(/\s+/));
  if (account?.email) userInputs.push(account.email, ...account.email.split(/[@.+_-]/));
  const { score, sequence } = estimator.check(
    password,
    userInputs.filter((w) => w.length >= 3),
  );
  if (score >= MIN_SCORE) return undefined;
  const personal = sequence.some((match) => 'dictionaryName' in match && match.dictionaryName === 'userInputs');
  return personal ? PASSWORD_REFUSALS.personal : PASSWORD_REFUSALS.tooCommon;
}
