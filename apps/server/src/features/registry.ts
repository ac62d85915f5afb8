/** Every feature's routes, registered in this order by buildApp. */
import { attendanceReportRoutes } from './attendance/report-routes';
import { attendanceRoutes } from './attendance/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import type { Feature } from './deps';
import { faqRoutes } from './faq/routes';
import { gateRoutes } from './gate/routes';
import { gatepassesRoutes } from './gatepasses/routes';
import { healthRoutes } from './health/routes';
import { leaveRoutes } from './leave/routes';
import { mailRoutes } from './mail/routes';
import { noticesRoutes } from './notices/routes';
import { notificationsRoutes } from './notifications/routes';
import { peopleAdminRoutes } from './people/admin-routes';
import { groupsRoutes } from './people/groups-routes';
import { peopleRoutes } from './people/routes';
import { privacyRoutes } from './privacy/routes';
import { metricsRoutes } from './metrics/routes';
import { marksRoutes } from './performance/marks-routes';
import { performanceRoutes } from './performance/routes';
import { queriesRoutes } from './queries/routes';
import { statsRoutes } from './stats/routes';
import { supportRoutes } from './support/routes';
import { syllabusRoutes } from './syllabus/routes';
import { feedRoutes } from './timetable/feed-routes';
import { lectureRoutes } from './timetable/lecture-routes';
import { timetableRoutes } from './timetable/routes';
import { exportRoutes } from './transfer/export-routes';
import { importRoutes } from './transfer/import-routes';
import { integrationsRoutes } from './integrations/routes';
import { webhooksRoutes } from './webhooks/routes';
import { pushRoutes } from './push/routes';
import { ssoRoutes } from './sso/routes';
import { languageRoutes } from './language/routes';
import { guardianOfficeRoutes } from './guardians/office-routes';
import { guardiansRoutes } from './guardians/routes';
import { guardianNoticeRoutes } from './guardians/notice-routes';
import { guardianConsentRoutes } from './guardians/consent-routes';

export const FEATURES: Feature[] = [
  healthRoutes,
  metricsRoutes,
  // First, so its hook sees every route registered after it.
  auditRoutes,
  authRoutes,
  ssoRoutes,
  peopleRoutes,
  peopleAdminRoutes,
  groupsRoutes,
  noticesRoutes,
  syllabusRoutes,
  gatepassesRoutes,
  gateRoutes,
  queriesRoutes,
  attendanceRoutes,
  attendanceReportRoutes,
  timetableRoutes,
  lectureRoutes,
  feedRoutes,
  leaveRoutes,
  performanceRoutes,
  marksRoutes,
  statsRoutes,
  supportRoutes,
  faqRoutes,
  importRoutes,
  exportRoutes,
  notificationsRoutes,
  mailRoutes,
  pushRoutes,
  privacyRoutes,
  integrationsRoutes,
  webhooksRoutes,
  languageRoutes,
  guardiansRoutes,
  guardianOfficeRoutes,
  guardianNoticeRoutes,
  guardianConsentRoutes,
];
