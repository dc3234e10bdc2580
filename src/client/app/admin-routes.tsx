import { Route, Switch } from 'wouter';
import AdminDashboardPage from '@/pages/admin-dashboard';
import AdminLoginPage from '@/pages/admin-login';

/**
 * Every /admin path, loaded as one lazy chunk: the first bundle of the public pages carries a
 * single import of it and nothing else of the admin area (decision 013).
 */
export default function AdminRoutes() {
  return (
    <Switch>
      <Route path="/admin/login" component={AdminLoginPage} />
      <Route component={AdminDashboardPage} />
    </Switch>
  );
}
