import { Notice, RadioGroup, Select, TextField } from '@shop/ui';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { useReportResult } from '../../../components/result-region';
import type { AdminFlag, FlagOverride, FlagState } from '../../../lib/admin-contract';
import { formatWhen } from '../../../lib/format-date';
import { staffErrorOf } from '../../../lib/staff-error';
import { useAdminChangeFlagMutation } from '../api/flags-api';
import {
  type TargetingPreset,
  type UserType,
  describeTargeting,
  presetOf,
  stateLabel,
  toTargeting,
} from '../targeting';

interface DialogProps {
  brand: string;
  /** The flag as the latest listing has it: after a conflict, the other manager's version. */
  flag: AdminFlag;
  /** The listing's version, which the change is made from. */
  version: number;
  /** The listing is being read again (after a conflict). */
  reloading: boolean;
  onClose: () => void;
}

const CONFLICT =
  'Not saved: someone else changed these flags after you opened them. What is in force now is shown above; check it, then save again if your change is still wanted.';

/** Sends one flag change; says what it did only once the gateway has accepted it. */
function useSaveFlag({ brand, flag, version }: Pick<DialogProps, 'brand' | 'flag' | 'version'>) {
  const [change] = useAdminChangeFlagMutation();
  const report = useReportResult();
  const [conflict, setConflict] = useState(false);
  const save = async (fields: FlagOverride, reason: string, done: string): Promise<string | undefined> => {
    const answer = await change({ brand, key: flag.key, change: { ...fields, version, reason } });
    if ('error' in answer) {
      const error = staffErrorOf(answer.error);
      if (error.status === 409) {
        setConflict(true);
        return CONFLICT;
      }
      return `Not saved: ${error.message}`;
    }
    report(done);
    return undefined;
  };
  return { save, conflict };
}

/** After a conflict: the flag as the other manager left it. */
function TheirChange({ flag, reloading }: { flag: AdminFlag; reloading: boolean }) {
  return (
    <Notice as="div" className="admin-conflict">
      <strong>Someone else changed these flags.</strong>{' '}
      {reloading ? (
        'Loading what is in force now…'
      ) : (
        <>
          In force now: {stateLabel(flag.state)}, default “{flag.defaultVariant}”
          {flag.targeting && Object.keys(flag.targeting).length > 0
            ? `; ${describeTargeting(flag.targeting, flag.defaultVariant)}`
            : ''}
          .
          {flag.lastChange && (
            <>
              {' '}
              Changed by {flag.lastChange.actor}, {formatWhen(flag.lastChange.at)}: “{flag.lastChange.reason}”.
            </>
          )}
        </>
      )}
    </Notice>
  );
}

/** Turns a flag off (disabled: no value for anyone) or on again, with a reason. */
export function FlagToggleDialog({ to, ...props }: DialogProps & { to: FlagState }) {
  const { brand, flag, reloading, onClose } = props;
  const { save, conflict } = useSaveFlag(props);
  const verb = to === 'DISABLED' ? 'Disable' : 'Enable';
  const done = to === 'DISABLED' ? 'disabled' : 'enabled';
  return (
    <ReasonDialog
      title={`${verb} ${flag.key}`}
      submitLabel={verb}
      onClose={onClose}
      notice={conflict ? <TheirChange flag={flag} reloading={reloading} /> : undefined}
      validate={() => (flag.state === to ? `${flag.key} is ${done} already: there is nothing to change.` : undefined)}
      onSubmit={(reason) => save({ state: to }, reason, `${flag.key} is ${done} for ${brand}.`)}
    >
      <p>
        {to === 'DISABLED'
          ? `Disabled, ${flag.key} has no value for anyone on ${brand}: every check falls back to its built-in default.`
          : `Enabled, ${flag.key} answers with its default variant and targeting again on ${brand}.`}
      </p>
    </ReasonDialog>
  );
}

const TARGETING_CHOICES: Array<{ value: TargetingPreset['kind']; label: string }> = [
  { value: 'none', label: 'None: everyone gets the default variant' },
  { value: 'rollout', label: 'Percentage rollout of a variant' },
  { value: 'user-type', label: 'By user type (guest or customer)' },
  { value: 'previewers', label: 'The previewers group only' },
];

/** Changes a flag's default variant and its targeting (the presets), with a reason. */
export function FlagEditDialog(props: DialogProps) {
  const { brand, flag, reloading, onClose } = props;
  const { save, conflict } = useSaveFlag(props);
  const variants = Object.keys(flag.variants);
  const initial = presetOf(flag.targeting);
  const [defaultVariant, setDefaultVariant] = useState(flag.defaultVariant);
  const [kind, setKind] = useState<TargetingPreset['kind']>(initial.kind);
  const [variant, setVariant] = useState(
    'variant' in initial ? initial.variant : (variants.find((name) => name !== flag.defaultVariant) ?? ''),
  );
  const [percent, setPercent] = useState(initial.kind === 'rollout' ? String(initial.percent) : '10');
  const [userType, setUserType] = useState<UserType>(initial.kind === 'user-type' ? initial.userType : 'customer');

  const preset = (): TargetingPreset => {
    if (kind === 'rollout') return { kind, variant, percent: Number(percent) };
    if (kind === 'user-type') return { kind, userType, variant };
    if (kind === 'previewers') return { kind, variant };
    if (kind === 'custom' && initial.kind === 'custom') return initial;
    return { kind: 'none' };
  };
  const fields = (): FlagOverride => {
    const targeting = toTargeting(preset(), defaultVariant);
    return {
      ...(defaultVariant !== flag.defaultVariant ? { defaultVariant } : {}),
      ...(JSON.stringify(targeting) !== JSON.stringify(flag.targeting ?? {}) ? { targeting } : {}),
    };
  };
  const validate = () => {
    if (kind === 'rollout' && !(/^[0-9]{1,2}$/.test(percent) && Number(percent) >= 1))
      return 'The percentage is a whole number from 1 to 99.';
    if (['rollout', 'user-type', 'previewers'].includes(kind) && variant === defaultVariant)
      return `“${variant}” is the default variant already: target another variant.`;
    if (Object.keys(fields()).length === 0)
      return 'Nothing to save: change the default variant or the targeting first.';
    return undefined;
  };
  const targeted = variants.filter((name) => name !== defaultVariant);
  const choices =
    initial.kind === 'custom'
      ? [...TARGETING_CHOICES, { value: 'custom' as const, label: 'Keep the current custom rule' }]
      : TARGETING_CHOICES;

  return (
    <ReasonDialog
      title={`Change ${flag.key}`}
      submitLabel="Save change"
      onClose={onClose}
      notice={conflict ? <TheirChange flag={flag} reloading={reloading} /> : undefined}
      validate={validate}
      onSubmit={(reason) => {
        const change = fields();
        const said = describeTargeting(toTargeting(preset(), defaultVariant), defaultVariant);
        return save(
          change,
          reason,
          `${flag.key} changed for ${brand}: default “${defaultVariant}”, ${said.toLowerCase()}.`,
        );
      }}
    >
      <Select
        label="Default variant"
        value={defaultVariant}
        onChange={(event) => setDefaultVariant(event.target.value)}
      >
        {variants.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
      <RadioGroup legend="Targeting" name={`targeting-${flag.key}`} options={choices} value={kind} onChange={setKind} />
      {kind === 'user-type' && (
        <RadioGroup<UserType>
          legend="Shoppers who get the variant"
          name={`user-type-${flag.key}`}
          options={[
            { value: 'guest', label: 'Guests' },
            { value: 'customer', label: 'Signed-in customers' },
          ]}
          value={userType}
          onChange={setUserType}
        />
      )}
      {(kind === 'rollout' || kind === 'user-type' || kind === 'previewers') && (
        <Select
          label={kind === 'rollout' ? 'Variant to roll out' : 'Variant they get'}
          hint={`Everyone else gets the default variant, “${defaultVariant}”.`}
          value={variant}
          onChange={(event) => setVariant(event.target.value)}
        >
          {!targeted.includes(variant) && <option value={variant}>{variant || 'Choose a variant'}</option>}
          {targeted.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      )}
      {kind === 'rollout' && (
        <TextField
          label="Percentage of shoppers"
          hint="1 to 99. A shopper keeps the same answer on every page."
          inputMode="numeric"
          value={percent}
          onChange={(event) => setPercent(event.target.value.trim())}
        />
      )}
    </ReasonDialog>
  );
}
