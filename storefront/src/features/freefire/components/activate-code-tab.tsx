import { useId, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { CheckIcon } from '../../../components/ui/icons/check-icon';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { toApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-message';
import { createAttemptKeys, isKeyInUse, requestScope } from '../../../lib/idempotency';
import { PlayerIdField } from '../../../components/game-topup/player-id-field';
import { useKeptState } from '../../../hooks/use-kept-state';
import { useLoginGate } from '../../../hooks/use-login-gate';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { usePlayerCheck } from '../../../hooks/use-player-check';
import { ACTIVATE_CODE_PATH, useActivateFreefireCode } from '../api/activate-code';
import { checkFreefirePlayer } from '../api/check-player';
import { activationFailure, canActivate } from '../utils/activation';
import { FREEFIRE_CODES_ID } from '../utils/tabs';
import styles from './freefire-tabs.module.css';

/** The activate-code tab: a Free Fire code bought in the store, credited to a player ID. */
export function ActivateCodeTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const { requireLogin } = useLoginGate();
  const ids = { code: useId(), codeHint: useId() };
  // Kept across the login detour.
  const [playerId, setPlayerId] = useKeptState('activate.playerId', '');
  const [code, setCode] = useKeptState('activate.code', '');
  const players = usePlayerCheck('freefire', checkFreefirePlayer, t('freefire.please_enter_id'), 'activate.verified');
  const activation = useActivateFreefireCode();
  const activating = useSingleFlight();
  // One Idempotency-Key per activation attempt, kept for its retries.
  const [attemptKeys] = useState(() => createAttemptKeys());

  // Scrolled to by hand: a hash change would count as a new address for the router's scroll restoration.
  const showCodesForSale = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = document.getElementById(FREEFIRE_CODES_ID);
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target?.focus({ preventScroll: true });
  };

  const activate = async () => {
    if (!requireLogin(t('login_gate.activate_code'))) return;
    if (!canActivate(playerId, code)) {
      toast.warning(t('freefire.fill_all_fields'));
      return;
    }
    const input = { playerID: playerId.trim(), code: code.trim() };
    const idempotencyKey = attemptKeys.keyFor(requestScope(ACTIVATE_CODE_PATH, input));
    try {
      const result = await activation.mutateAsync({ ...input, idempotencyKey });
      attemptKeys.settle(null);
      if (result?.success) {
        toast.success(t('freefire.code_activated'));
        setPlayerId('');
        setCode('');
        players.reset();
        return;
      }
      const failure = activationFailure(result);
      toast.error('key' in failure ? t(failure.key) : failure.text);
    } catch (error) {
      attemptKeys.settle(error);
      if (toApiError(error).status === 401) return; // the API client already sent the shopper to /login
      // The first request is still running: its answer is replayed on the next try.
      if (isKeyInUse(error)) {
        toast.info(t('freefire.activation_in_progress'));
        return;
      }
      toast.error(errorText(t, error, 'freefire.activation_failed'));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void activating.run(activate);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <PlayerIdField
        value={playerId}
        onChange={setPlayerId}
        onFind={() => void players.find(playerId)}
        finding={players.checking}
        error={players.errorFor(playerId)}
        recent={players.recent}
        onPick={(player) => {
          setPlayerId(player.account);
          void players.find(player.account);
        }}
        verifiedName={players.nameFor(playerId)}
        hint={t('freefire.player_id_hint')}
      />
      <Field id={ids.code} label={t('freefire.code')}>
        <input
          id={ids.code}
          className={`input ${styles.codeInput}`}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={128}
          placeholder={t('freefire.code_placeholder')}
          aria-describedby={ids.codeHint}
          onChange={(event) => setCode(event.target.value)}
        />
        <p id={ids.codeHint} className="field__hint">
          {t('freefire.code_hint')}{' '}
          <a href={`#${FREEFIRE_CODES_ID}`} onClick={showCodesForSale}>
            {t('freefire_codes.buy_link')}
          </a>
        </p>
      </Field>
      <button
        type="submit"
        className="btn btn--primary btn--lg btn--block"
        disabled={!canActivate(playerId, code) || activating.busy}
        aria-busy={activating.busy || undefined}
      >
        {activating.busy ? <span className="spinner" aria-hidden="true" /> : <CheckIcon size={20} />}
        {activating.busy ? t('freefire.activating') : t('freefire.activate_now')}
      </button>
    </form>
  );
}
