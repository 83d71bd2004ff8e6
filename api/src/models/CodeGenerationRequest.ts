import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { FreefireDenomination } from './FreefireDenomination';
import { GeneratedCode } from './GeneratedCode';
import { User } from './User';

export const CODE_GENERATION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type CodeGenerationStatus = (typeof CODE_GENERATION_STATUSES)[number];

/** An admin's request to generate `count` Free Fire codes; its id is the code-generation job's key. */
export class CodeGenerationRequest extends BaseModel {
  static override tableName = 'code_generation_requests';

  /** uuid (database default gen_random_uuid()). */
  declare id: string;
  declare denomination_id: number;
  declare count: number;
  /** How many codes exist so far (0..count): a resumed job continues from here. */
  declare generated: number;
  declare status: CodeGenerationStatus;
  declare error: string | null;
  declare requested_by: number | null;
  declare created_at: Date;
  declare finished_at: Date | null;

  declare denomination?: FreefireDenomination;
  declare requester?: User | null;
  declare codes?: GeneratedCode[];

  static override relationMappings = (): RelationMappings => ({
    denomination: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: FreefireDenomination,
      join: { from: 'code_generation_requests.denomination_id', to: 'freefire_denominations.id' },
    },
    requester: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'code_generation_requests.requested_by', to: 'users.id' },
    },
    codes: {
      relation: BaseModel.HasManyRelation,
      modelClass: GeneratedCode,
      join: { from: 'code_generation_requests.id', to: 'generated_codes.generation_request_id' },
    },
  });
}
