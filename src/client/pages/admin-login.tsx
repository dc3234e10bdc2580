import { AdminLoginScreen } from '@/features/admin/auth/components/admin-login-screen';
import { SetupPointer } from '@/features/admin/setup/components/setup-pointer';
import { useNoIndex } from '@/features/admin/shell/use-no-index';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/login (docs/product.md §2 Admin login). */
export default function AdminLoginPage() {
  useDocumentTitle('Administrator Login');
  useNoIndex();
  return <AdminLoginScreen notice={<SetupPointer />} />;
}
