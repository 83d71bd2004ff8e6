/** The answer of a bulk code upload (docs/admin-api.md). */
export interface BulkUploadResult {
  added: number;
  /** At most the first 1000 rejected lines. */
  rejected: Array<{ line: number; reason: string; message?: string }>;
  /** All rejected lines. */
  rejectedCount?: number;
}
