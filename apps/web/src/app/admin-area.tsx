import { AdminAuditPage } from '../features/audit/pages/admin-audit-page';
import { AdminFaqPage } from '../features/faq/pages/admin-faq-page';
import { AdminStudentsPage } from '../features/people/pages/admin-students-page';
import { AdminTeachersPage } from '../features/people/pages/admin-teachers-page';
import { AdminProfilePage } from '../features/people/pages/profile-page';
import { AdminQueriesPage } from '../features/queries/pages/admin-queries-page';
import { AdminHomePage } from '../features/stats/pages/admin-home-page';
import { AdminSupportPage } from '../features/support/pages/admin-support-page';
import { Area } from './areas';

export default function AdminArea() {
  return (
    <Area
      role="admin"
      routes={[
        { path: 'home', Page: AdminHomePage },
        { path: 'dashboard', Page: AdminHomePage },
        { path: 'manage-teachers', Page: AdminTeachersPage },
        { path: 'manage-students', Page: AdminStudentsPage },
        { path: 'queries', Page: AdminQueriesPage },
        { path: 'faq', Page: AdminFaqPage },
        { path: 'audit', Page: AdminAuditPage },
        { path: 'help', Page: AdminSupportPage },
        { path: 'profile', Page: AdminProfilePage },
      ]}
    />
  );
}
