import Type, { type Static, type TSchema } from 'typebox';
import { GAME_FIELD_VALUE_MAX_LENGTH } from '../game-fields';
import { endpoint } from './contract';

/** A player id as typed on a game page: a non-blank string, trimmed; whether it exists is the game's call. */
export const PlayerId = Type.String({ minLength: 1, maxLength: GAME_FIELD_VALUE_MAX_LENGTH, pattern: '\\S', examples: ['512345678'] });

/** The Find button of a game page. */
export const CheckPlayerBody = Type.Object({ playerID: PlayerId }, { additionalProperties: false });
export type CheckPlayerBody = Static<typeof CheckPlayerBody>;

/** `POST /<game>/check-id`: each game answers in its own shape (Free Fire: success, player_name; PUBG: success, data.status, data.player_name). */
export const playerCheckEndpoint = <Response extends TSchema>(game: 'freefire' | 'pubg', tag: string, response: Response) =>
  endpoint({
    method: 'post',
    path: `/${game}/check-id`,
    auth: 'none',
    tag,
    summary: `Find a ${tag} player by id`,
    description:
      'Anonymous and rate limited per client (429 with Retry-After). An unknown player is an answer, not an error (200). 503 while the game does not answer.',
    body: CheckPlayerBody,
    response,
    errors: [429, 503],
  });
