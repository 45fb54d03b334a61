/**
 * What the shopper does to a server-rendered page before its scripts have woken it up (ADR 0025).
 * The page's first script (EARLY_INPUT_SCRIPT, inlined into the head by the gateway) keeps each
 * tap and each typed or chosen value here, away from React, until the shell has hydrated the
 * page; the shell then takes them and does them again, in order, with the page listening.
 */

/**
 * Name of the page's global that holds what was done before the page woke up:
 * `{ take(), pass(run), stop() }` (see EARLY_INPUT_SCRIPT); the entries' shape is the shell's
 * `EarlyInputEntry` (shell/src/lib/early-input/take.ts).
 */
export const EARLY_INPUT_GLOBAL = '__shopEarlyInput';
