import { PAIRING_CODE_TTL_MS } from '@ringback/protocol';
import { GuessCeiling } from './guess-ceiling';

/**
 * How many wrong codes the whole relay takes, from all addresses together, per 10 minutes.
 *
 * Pairing codes are 6 digits: 10^6 of them. A wrong guess made while N codes are live (on any
 * account) hits one of them with probability at most N / (10^6 - k), k being the codes the
 * attacker has already ruled out (k < 900 here). So each wrong guess costs N (at least 1), and
 * the costs of the guesses in any sliding 10 minutes may add up to at most 450. A code lives 10
 * minutes, so every guess that could hit one of the codes live at a given moment falls within
 * 10 minutes before or after it: two windows, at most 900 in costs. By the union bound, the
 * chance that any of those codes is guessed during its life is at most 900 / (10^6 - 900),
 * below 0.0009 < 1/1000, however many addresses the guesses come from and however many codes
 * are live (with many live codes each guess simply costs more: with one live code 450 wrong
 * guesses fit in 10 minutes, with 45 live codes 10). When the budget is spent, joining by code
 * is refused for everyone (429 `pairing_paused`) until enough of it has aged out of the window.
 */
export const PAIRING_GUESS_BUDGET = 450;

/**
 * Claim codes are 16 characters from 32 (32^16, about 1.2 * 10^24): even a full budget of wrong
 * guesses every 10 minutes for a century stays below 10^-15. The ceiling only bounds the work.
 */
export const CLAIM_GUESS_BUDGET = 1000;

export const GUESS_WINDOW_MS = PAIRING_CODE_TTL_MS;

export function pairingCeiling(now?: () => number): GuessCeiling {
  return new GuessCeiling({
    budget: PAIRING_GUESS_BUDGET,
    windowMs: GUESS_WINDOW_MS,
    ...(now ? { now } : {}),
  });
}

export function claimCeiling(now?: () => number): GuessCeiling {
  return new GuessCeiling({ budget: CLAIM_GUESS_BUDGET, windowMs: GUESS_WINDOW_MS, ...(now ? { now } : {}) });
}
