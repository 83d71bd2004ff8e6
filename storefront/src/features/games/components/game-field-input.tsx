import { GAME_FIELD_VALUE_MAX_LENGTH, type GameFieldProblem } from '@topup/common';
import type { GameField } from '@topup/common/api';
import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { fieldHint, type FieldHint } from '../utils/fields';

/** What is wrong with a field as the shopper reads it: a problem of its value, or the game's "no such player". */
export type FieldError = { kind: 'problem'; problem: GameFieldProblem } | { kind: 'player_not_found' };

function useHintText() {
  const { t } = useTranslation();
  return (hint: FieldHint): string => {
    switch (hint.kind) {
      case 'digits':
        return t('game_topup.hints.digits');
      case 'digits_between':
        return t('game_topup.hints.digits_between', { min: hint.min, max: hint.max });
      case 'digits_exact':
        return t('game_topup.hints.digits_exact', { count: hint.count });
      case 'digits_at_least':
        return t('game_topup.hints.digits_at_least', { count: hint.count });
    }
  };
}

/**
 * One field of a game: a text or digits input, or a select of its choices; its label (marked optional
 * when it is), a hint read from its pattern, and its error in place of the hint.
 */
export function GameFieldInput({
  field,
  value,
  onChange,
  onBlur,
  error,
  inputRef,
}: {
  field: GameField;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: FieldError | null;
  inputRef?: Ref<HTMLInputElement & HTMLSelectElement>;
}) {
  const { t } = useTranslation();
  const hintText = useHintText();
  const ids = { input: useId(), note: useId() };
  const hint = fieldHint(field);
  const errorText = error === null ? null : error.kind === 'player_not_found' ? t('game_topup.player_not_found') : t(`game_topup.problems.${error.problem}`);
  const note = errorText ?? (hint ? hintText(hint) : null);
  const label = field.required ? field.label : `${field.label} (${t('game_topup.optional')})`;
  const common = {
    id: ids.input,
    value,
    'aria-required': field.required,
    'aria-invalid': error !== null || undefined,
    'aria-describedby': note ? ids.note : undefined,
    onBlur,
  };

  return (
    <Field id={ids.input} label={label}>
      {field.kind === 'select' ? (
        <select ref={inputRef} className="select" {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('game_topup.choose_option')}</option>
          {(field.choices ?? []).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          ref={inputRef}
          className="input"
          {...common}
          inputMode={field.kind === 'number' || hint !== null ? 'numeric' : 'text'}
          autoComplete="off"
          spellCheck={false}
          maxLength={GAME_FIELD_VALUE_MAX_LENGTH}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {note && (
        <p id={ids.note} className={errorText ? 'field__error' : 'field__hint'}>
          {errorText && <AlertIcon size={16} />}
          {note}
        </p>
      )}
    </Field>
  );
}
