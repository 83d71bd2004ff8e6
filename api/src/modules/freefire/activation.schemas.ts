import { playerIdSchema } from '../topup/player-check.schemas';

export const activateCodeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['playerID', 'code'],
  properties: {
    playerID: playerIdSchema,
    code: { type: 'string', minLength: 1, maxLength: 128, pattern: '\\S' },
  },
} as const;

export interface ActivateCodeBody {
  playerID: string;
  code: string;
}
