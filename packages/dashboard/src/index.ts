export { dashboardHandler, type DashboardHandler } from './dashboard-handler.js';
export { honoDashboard, type HonoLikeContext } from './hono-dashboard.js';
export { DEFAULT_BASE_PATH, DEFAULT_HOURS, type DashboardOptions } from './options.js';
export { DASHBOARD_ERROR_STATUS, type DashboardErrorCode } from './dashboard-error.js';
export { MASK } from './mask.js';
export type {
  ArchiveQuery,
  ArchivedDelivery,
  DeadLetter,
  DeadLetterQueue,
  DeliveryArchiveReader,
  NotificationHistoryReader,
  ReplayFunction,
} from './types.js';
