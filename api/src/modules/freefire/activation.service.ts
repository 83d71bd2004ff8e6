import type { Knex } from 'knex';
import type { CodeActivation } from '@topup/common/api';
import type { CodeCrypto } from '@topup/server-kit';
import type { Logger } from '../../logger';
import {
  GameProviderUnavailableError,
  accountName,
  type GameAccount,
  type GameProvider,
  type ProviderOutcome,
  type RejectionReason,
} from '../../providers/game';
import { gameUnavailable } from '../topup/player-check.service';
import { activationDal, type SoldCode } from './activation.dal';

export const ACTIVATION_ERRORS = {
  invalidCode: 'Invalid code. Check the code and try again.',
  alreadyActivated: 'This code has already been activated.',
  player_not_found: 'Player not found. Check the player ID and try again.',
  declined: 'The game declined this activation for this player. Please contact support.',
  invalid_code: 'The game did not accept this code. Please contact support.',
} as const satisfies Record<string, string> & Record<ActivationRefusal, string>;

/** The refusals the game itself gives for a code; a supplier-side one (the sandbox gives none) reads as declined. */
type ActivationRefusal = 'player_not_found' | 'declined' | 'invalid_code';
const activationRefusal = (reason: RejectionReason): ActivationRefusal =>
  reason === 'player_not_found' || reason === 'invalid_code' ? reason : 'declined';

const failure = (error: string): CodeActivation => ({ success: false, error });

/**
 * A code as it is stored: generated codes are upper case (CODE_ALPHABET), so one typed in lower
 * case or with spaces around it is the same code.
 */
const asStored = (code: string) => code.trim().toUpperCase();

/**
 * Activation of the generated Free Fire codes the store sells: a code credits its diamonds to one
 * player, once. Rule: a code can be activated by the shopper it was sold to (any player id they
 * choose, theirs or a friend's); any other code, sold to someone else or never sold, is an invalid
 * code, so the endpoint cannot be used to test codes.
 *
 * The code is claimed (activated_at set, conditionally) before the game is called, so concurrent
 * attempts credit once; a definite refusal gives the claim back. The credit's idempotency key is
 * `activation:<codeId>`, so repeating it never credits twice either.
 */
export function createActivationService(deps: { db: Knex; games: GameProvider; codeCrypto: CodeCrypto; logger: Logger }) {
  const { db, games, codeCrypto, logger } = deps;

  const credit = (code: SoldCode, account: GameAccount): Promise<ProviderOutcome> =>
    games.deliver({ account, offer: { id: code.item_id, amount: code.game_amount, unit: code.unit }, idempotencyKey: `activation:${code.number}` });

  /**
   * The code is already claimed for this same player: a repeat, or an attempt after a crash between
   * the claim and the game's answer. Asking the game again with the same key completes a credit that
   * never arrived and cannot credit twice; the shopper is told the code is used, or, when this is a
   * re-run of the very request that claimed it (same Idempotency-Key), that it is activated.
   */
  async function confirmEarlierActivation(code: SoldCode, account: GameAccount, idempotencyKey: string | undefined): Promise<CodeActivation> {
    const playerId = accountName(account);
    try {
      const outcome = await credit(code, account);
      if (outcome.status === 'rejected') {
        await activationDal.release(db, code.id, playerId);
        return failure(ACTIVATION_ERRORS[activationRefusal(outcome.reason)]);
      }
      if (idempotencyKey !== undefined && idempotencyKey === code.activation_idempotency_key) return { success: true };
    } catch (err) {
      if (!(err instanceof GameProviderUnavailableError)) throw err;
      logger.warn({ err, codeId: code.id }, 'Could not confirm an earlier activation: game provider unavailable');
    }
    return failure(ACTIVATION_ERRORS.alreadyActivated);
  }

  return {
    /** Activates the code for the player (Free Fire's account); `idempotencyKey` is the request's Idempotency-Key, if it has one. */
    async activate(userId: number, account: GameAccount, code: string, idempotencyKey?: string): Promise<CodeActivation> {
      const playerId = accountName(account);
      const sold = await activationDal.findSoldTo(db, userId, codeCrypto.hash(asStored(code)));
      if (!sold) return failure(ACTIVATION_ERRORS.invalidCode);
      if (sold.activated_at) {
        return sold.activated_player_id === playerId
          ? confirmEarlierActivation(sold, account, idempotencyKey)
          : failure(ACTIVATION_ERRORS.alreadyActivated);
      }
      if (!(await activationDal.claim(db, sold.id, playerId, idempotencyKey))) return failure(ACTIVATION_ERRORS.alreadyActivated);

      let outcome: ProviderOutcome;
      try {
        outcome = await credit(sold, account);
      } catch (err) {
        // The sandbox, like a well-behaved game, fails transiently before crediting: let the shopper retry.
        await activationDal.release(db, sold.id, playerId);
        if (err instanceof GameProviderUnavailableError) {
          logger.warn({ err, codeId: sold.id }, 'Code activation failed: game provider unavailable');
          throw gameUnavailable();
        }
        throw err;
      }
      if (outcome.status === 'rejected') {
        await activationDal.release(db, sold.id, playerId);
        logger.info({ codeId: sold.id, reason: outcome.reason, detail: outcome.detail }, 'Code activation refused by the game');
        return failure(ACTIVATION_ERRORS[activationRefusal(outcome.reason)]);
      }
      logger.info({ codeId: sold.id, userId, reference: outcome.reference }, 'Free Fire code activated');
      return { success: true };
    },
  };
}

export type ActivationService = ReturnType<typeof createActivationService>;
