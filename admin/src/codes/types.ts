/** The region choice that stands for "global" (no region) in selects and filters, as the API's filter has it. */
export const GLOBAL_REGION = 0;
