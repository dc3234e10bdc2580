import { SetupScreen } from '@/features/admin/setup/components/setup-screen';
import { useNoIndex } from '@/features/admin/shell/use-no-index';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/setup: the first run in the browser (docs/product.md §2 "First run"). */
export default function AdminSetupPage() {
  useDocumentTitle('Set up your site');
  useNoIndex();
  return <SetupScreen />;
}
