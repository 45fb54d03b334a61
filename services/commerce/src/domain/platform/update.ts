import { CommerceError, invalidInput } from '../../errors';

/**
 * A GraphQL update action is an input object with exactly one field set, named after the
 * action (`{ setFirstName: { firstName } }`); returns that name and its payload.
 */
export function actionOf<T extends object>(action: T): { name: string; payload: Record<string, unknown> } {
  const set = Object.entries(action).filter(([, value]) => value !== null && value !== undefined);
  if (set.length !== 1) throw invalidInput('Each update action must set exactly one action field.');
  return { name: set[0][0], payload: set[0][1] as Record<string, unknown> };
}

export const MAX_ACTIONS = 500;

export function checkActions(actions: unknown[]) {
  if (actions.length === 0) throw invalidInput('At least one update action is required.');
  if (actions.length > MAX_ACTIONS) throw invalidInput(`At most ${MAX_ACTIONS} update actions are allowed.`);
}

export const unknownAction = (name: string) =>
  new CommerceError(400, 'InvalidInput', `Unknown or unsupported update action '${name}'.`);
