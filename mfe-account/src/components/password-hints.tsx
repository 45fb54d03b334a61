import { PASSWORD_RULES, passwordLengthOk } from '@shop/contracts/browser';
import { VisuallyHidden } from '@shop/ui';

/** The password policy's rules under a new-password field; the length rule ticks as the shopper types. */
export function PasswordHints({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="password-hints">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.id === 'length' && password.length > 0 ? passwordLengthOk(password) : undefined;
        return (
          <li key={rule.id} data-met={met === undefined ? undefined : String(met)}>
            {rule.hint}
            {met !== undefined && <VisuallyHidden>{met ? ' (met)' : ' (not met yet)'}</VisuallyHidden>}
          </li>
        );
      })}
    </ul>
  );
}
