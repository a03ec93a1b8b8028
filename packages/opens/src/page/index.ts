// The page side, for a Mini App's bundle: no other import, nothing of the receiver.
export { reportOpen, type OpenReportContext, type QuickAuthFetch, type ReportOpenOptions } from './report-open.js';
