/** A player id as typed into a game page: a non-blank string; whether it exists is the game's call. */
export const playerIdSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '\\S' } as const;

export const checkPlayerBody = {
  type: 'object',
  additionalProperties: false,
  required: ['playerID'],
  properties: {
    playerID: playerIdSchema,
  },
} as const;

export interface CheckPlayerBody {
  playerID: string;
}
