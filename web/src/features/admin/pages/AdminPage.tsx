import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoading } from '@/shared/components/PageLoading';
import { getAdminToken } from '../api/session';
import { AdminLayout } from '../components/AdminLayout';

const AdminSignInPage = lazy(() => import('./AdminSignInPage'));
const ReviewQueuePage = lazy(() => import('./ReviewQueuePage'));
const ReviewDetailPage = lazy(() => import('./ReviewDetailPage'));
const StaffPage = lazy(() => import('./StaffPage'));
const ActionsPage = lazy(() => import('./ActionsPage'));
const OrganisationsPage = lazy(() => import('./OrganisationsPage'));
const OidcClientsPage = lazy(() => import('./OidcClientsPage'));

/** RequireStaff shows the console layout to a stored staff token, and the sign-in otherwise. */
function RequireStaff() {
  if (!getAdminToken()) return <Navigate to="/admin" replace />;
  return <AdminLayout />;
}

/**
 * AdminPage is the staff review console (#/admin and below, docs/spec/DECISIONS.md Staff API):
 * #/admin sign-in, #/admin/reviews queues, #/admin/reviews/:id the review page,
 * #/admin/staff staff management, #/admin/actions the action log, #/admin/organisations the
 * library's organisations, #/admin/oidc the systems that sign in through the OpenID Connect
 * provider.
 */
export default function AdminPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route index element={<AdminSignInPage />} />
        <Route element={<RequireStaff />}>
          <Route path="reviews" element={<ReviewQueuePage />} />
          <Route path="reviews/:id" element={<ReviewDetailPage />} />
          <Route path="staff" element={<StaffPage />} />
          <Route path="actions" element={<ActionsPage />} />
          <Route path="organisations" element={<OrganisationsPage />} />
          <Route path="oidc" element={<OidcClientsPage />} />
        </Route>
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </Suspense>
  );
}
