import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel';
import { CodeGenerationRequest } from './CodeGenerationRequest';
import { GeneratedCode } from './GeneratedCode';

/** A Free Fire diamond offer; `item_id` is the offer id shoppers send. */
export class FreefireDenomination extends BaseModel {
  static override tableName = 'freefire_denominations';
  static override hasUpdatedAt = true;

  declare id: number;
  declare name: string;
  declare item_id: number;
  declare price_usd: number;
  declare price_rub: number;
  declare game_amount: number;
  declare is_active: boolean;
  declare created_at: Date;
  declare updated_at: Date;

  declare generatedCodes?: GeneratedCode[];
  declare generationRequests?: CodeGenerationRequest[];

  static override relationMappings = (): RelationMappings => ({
    generatedCodes: {
      relation: BaseModel.HasManyRelation,
      modelClass: GeneratedCode,
      join: { from: 'freefire_denominations.id', to: 'generated_codes.denomination_id' },
    },
    generationRequests: {
      relation: BaseModel.HasManyRelation,
      modelClass: CodeGenerationRequest,
      join: { from: 'freefire_denominations.id', to: 'code_generation_requests.denomination_id' },
    },
  });
}
