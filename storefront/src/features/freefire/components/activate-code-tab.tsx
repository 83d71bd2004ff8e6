import { useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { CheckIcon } from '../../../components/ui/icons/check-icon';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { toApiError } from '../../../lib/api-error';
import { errorMessageKey } from '../../../lib/error-message';
import { createAttemptKeys, isKeyInUse, requestScope } from '../../../lib/idempotency';
import { PlayerIdField } from '../../../components/game-topup/player-id-field';
import { useLoginGate } from '../../../hooks/use-login-gate';
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
  const [playerId, setPlayerId] = useState('');
  const [code, setCode] = useState('');
  const players = usePlayerCheck(checkFreefirePlayer, t('freefire.please_enter_id'));
  const activation = useActivateFreefireCode();
  const busy = activation.isPending;
  // One Idempotency-Key per activation attempt, kept for its retries; a second click while it runs is ignored.
  const [attemptKeys] = useState(() => createAttemptKeys());
  const inFlight = useRef(false);

  // Scrolled to by hand: a hash change would count as a new address for the router's scroll restoration.
  const showCodesForSale = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = document.getElementById(FREEFIRE_CODES_ID);
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target?.focus({ preventScroll: true });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || inFlight.current) return;
    if (!requireLogin(t('freefire.login_required'))) return;
    if (!canActivate(playerId, code)) {
      toast.warning(t('freefire.fill_all_fields'));
      return;
    }
    const input = { playerID: playerId.trim(), code: code.trim() };
    const idempotencyKey = attemptKeys.keyFor(requestScope(ACTIVATE_CODE_PATH, input));
    inFlight.current = true;
    activation.mutate(
      { ...input, idempotencyKey },
      {
        onSettled: (_result, error) => {
          attemptKeys.settle(error ?? null);
          inFlight.current = false;
        },
        onSuccess: (result) => {
          if (result?.success) {
            toast.success(t('freefire.code_activated'));
            setPlayerId('');
            setCode('');
            players.reset();
            return;
          }
          const failure = activationFailure(result);
          toast.error('key' in failure ? t(failure.key) : failure.text);
        },
        onError: (error) => {
          if (toApiError(error).status === 401) return; // the API client already sent the shopper to /login
          // The first request is still running: its answer is replayed on the next try.
          if (isKeyInUse(error)) {
            toast.info(t('freefire.activation_in_progress'));
            return;
          }
          toast.error(t(errorMessageKey(error, 'freefire.activation_failed')));
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <PlayerIdField
        value={playerId}
        onChange={setPlayerId}
        onFind={() => void players.find(playerId)}
        finding={players.checking}
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
        disabled={!canActivate(playerId, code) || busy}
        aria-busy={busy || undefined}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : <CheckIcon size={20} />}
        {busy ? t('freefire.activating') : t('freefire.activate_now')}
      </button>
    </form>
  );
}
