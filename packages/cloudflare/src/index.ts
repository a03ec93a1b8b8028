export { cloudflareSchema, type CloudflareSchemaOptions } from './schema.js';
export { DEFAULT_TABLE_PREFIX } from './tables.js';
