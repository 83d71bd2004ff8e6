import type { GenerationStatus } from '@topup/common';
import { BaseModel } from './BaseModel';

/** An admin's request to generate `count` Free Fire codes; its id is the code-generation job's key. */
export class CodeGenerationRequest extends BaseModel {
  static override tableName = 'code_generation_requests';

  /** uuid (database default gen_random_uuid()). */
  declare id: string;
  declare denomination_id: number;
  declare count: number;
  /** How many codes exist so far (0..count): a resumed job continues from here. */
  declare generated: number;
  declare status: GenerationStatus;
  declare error: string | null;
  declare requested_by: number | null;
  declare created_at: Date;
  declare finished_at: Date | null;
}
